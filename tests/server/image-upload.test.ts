import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOrWarn } from '../../server/http/validation.ts';
import { Warning } from '../../server/http/envelope.ts';
import { imageInfo } from '../../schemas/image-size.ts';
import { customFieldRule, customFieldSchema } from '../../schemas/custom-field.ts';
import { appSchema } from '../../schemas/app.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { bmpHeader, gifHeader, jpegHeader, pngOf } from '../helpers/images.ts';
import { upload } from '../helpers/upload.ts';

/**
 * Issue 33 items 3 and 4: images are uploads checked from their bytes (format by magic bytes, pixels
 * from the header, never the name), by the field's rule (schemas/image.ts); and every refusal names
 * its rule: required, a range, a length.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;

const IMAGE_UPLOAD = '/open/file/image-upload';

/** A multipart form with `resource` and `field` first, then one file, as the console's image input sends it. */
const sendImage = async (fields: Record<string, string>, name: string, bytes: Buffer, token: string | null, lang = 'en-US') => {
  const boundary = `----img${randomBytes(4).toString('hex')}`;
  const parts = [
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from('\r\n'),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  const raw = await s.app.inject({
    method: 'POST', url: IMAGE_UPLOAD, payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: raw.statusCode, ...(raw.json() as { code: number; message: string; data: any }) };
};
const icon = (name: string, bytes: Buffer, token: string | null = A.token, lang?: string) => sendImage({ resource: 'app', field: 'icon' }, name, bytes, token, lang);

beforeAll(async () => {
  s = await startServer();
  A = await tenantWithBu(s);
});
afterAll(() => s?.close());

describe('the image header reader', () => {
  it('reads format and pixels of png, gif, bmp, jpeg and svg from their bytes', () => {
    expect(imageInfo(pngOf(320, 240))).toEqual({ format: 'png', width: 320, height: 240 });
    expect(imageInfo(gifHeader(17, 9))).toEqual({ format: 'gif', width: 17, height: 9 });
    expect(imageInfo(bmpHeader(640, -480))).toEqual({ format: 'bmp', width: 640, height: 480 });
    expect(imageInfo(jpegHeader(1024, 768))).toEqual({ format: 'jpeg', width: 1024, height: 768 });
    expect(imageInfo(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="300px" height="250"></svg>'))).toEqual({ format: 'svg', width: 300, height: 250 });
    expect(imageInfo(Buffer.from('<svg viewBox="0 0 512 400"><rect/></svg>'))).toEqual({ format: 'svg', width: 512, height: 400 });
    expect(imageInfo(Buffer.from('just text, called icon.png'))).toBeNull();
  });
});

describe("an app's icon (at least 240×240 within 2 MB)", () => {
  it('refuses a real 100×100 PNG, correctly named, from its header, with a sentence naming both sizes', async () => {
    const r = await icon('icon.png', pngOf(100, 100));
    expect(r.code).toBe(201);
    expect(r.message).toBe('Form validation failed: The image is 100×100 pixels; it must be at least 240×240.');
    const zh = await icon('icon.png', pngOf(100, 100), A.token, 'zh-CN');
    expect(zh.message).toContain('图片为 100×100 像素，至少须为 240×240。');
  });

  it('refuses text named .png: the bytes decide, never the name', async () => {
    const r = await icon('icon.png', Buffer.from('this is not an image at all'));
    expect(r.code).toBe(201);
    expect(r.message).toBe('Form validation failed: The file is not an image of an accepted type (png, jpg, jpeg, gif, bmp, svg).');
  });

  it('refuses an image over 2 MB', async () => {
    const big = Buffer.concat([pngOf(300, 300), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await icon('big.png', big)).message).toBe('Form validation failed: The image is larger than 2 MB.');
  });

  it('keeps a 240×240 image named anything, served as what its bytes are, and an app names it', async () => {
    const r = await icon('photo.bmp', pngOf(240, 240));
    expect(r.code, r.message).toBe(200);
    expect(r.data).toMatchObject({ content_type: 'image/png', public: true, image: true });
    const app = await s.post('/open/app/create', { name: `Icon ${uid()}`, code: `icon-${uid()}`, icon: r.data.url }, { token: A.token });
    expect(app.code, app.message).toBe(200);
    const read = await s.app.inject({ method: 'GET', url: r.data.url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
  });

  it('refuses a record naming a small image uploaded another way, judged again from the stored bytes', async () => {
    const other = await upload(s, '/open/app/work-order/file/simple-upload', [{ name: 'small.png', bytes: pngOf(100, 100) }], A.token);
    expect(other.code, other.message).toBe(200);
    const app = await s.post('/open/app/create', { name: `Icon ${uid()}`, code: `icon-${uid()}`, icon: other.data[0].url }, { token: A.token });
    expect(app.code).toBe(201);
    expect(app.message).toContain('The image is 100×100 pixels; it must be at least 240×240.');
  });

  it('refuses an outside address, no token, and a field that is no image', async () => {
    const app = await s.post('/open/app/create', { name: `Icon ${uid()}`, code: `icon-${uid()}`, icon: 'https://example.com/icon.png' }, { token: A.token });
    expect(app.code).toBe(201);
    expect(app.message).toContain('must be an uploaded image');
    expect((await icon('icon.png', pngOf(240, 240), null)).status).toBe(401);
    const r = await sendImage({ resource: 'app', field: 'name' }, 'icon.png', pngOf(240, 240), A.token);
    expect(r.message).toBe('No such image field to upload for.');
  });
});

describe('an avatar (at most 400×400)', () => {
  it('names the largest size it takes', async () => {
    const admin = await s.login();
    const r = await sendImage({ resource: 'user', field: 'avatar_url' }, 'me.png', pngOf(800, 600), admin);
    expect(r.message).toBe('Form validation failed: The image is 800×600 pixels; it must be at most 400×400.');
    expect((await sendImage({ resource: 'user', field: 'avatar_url' }, 'me.png', pngOf(400, 400), admin)).code).toBe(200);
  });
});

describe('messages that name the rule', () => {
  const message = (schema: z.ZodType, input: unknown) => {
    try {
      parseOrWarn('en', schema, input, 'app');
    } catch (e) {
      if (e instanceof Warning) return (e.data as { message: string }[]).map((d) => d.message);
    }
    return [];
  };
  const field = (data_type: 'tinyint' | 'bigint' | 'int') => customFieldRule(customFieldSchema.parse({ field_name: 'n', display_name: 'N', data_type, form_type: 'number', required: true }));

  it('a number out of range says its range, not "must be a whole number"', () => {
    expect(message(z.object({ n: field('tinyint') }), { n: 300 })).toEqual(['n must be from -128 to 127']);
    expect(message(z.object({ n: field('bigint') }), { n: '12345678901234567890' })).toEqual(['n must be from -9223372036854775808 to 9223372036854775807']);
    expect(message(z.object({ n: field('int') }), { n: 1.5 })).toEqual(['n must be a whole number']);
    expect(message(appSchema.pick({ token_ttl: true }), { token_ttl: 99 })).toEqual([expect.stringMatching(/ must be from 600 to 86400$/)]);
  });

  it('an empty required select says required; a text too long says its length', () => {
    expect(message(z.object({ data_type: customFieldSchema.shape.data_type }), {})).toEqual(['data_type is required']);
    expect(message(appSchema.pick({ name: true, type: true }), { name: 'x'.repeat(31), type: 7 })).toEqual([expect.stringMatching(/ must have at most 30 characters$/), expect.stringMatching(/ is not one of the allowed values$/)]);
    expect(message(z.object({ t: z.string().max(12) }), { t: 'x'.repeat(13) })).toEqual(['t must have at most 12 characters']);
  });

  it('the password policy names its range over the wire', async () => {
    const r = await s.post('/open/system/sso/password-policy-update', { min_length: 99 }, { token: A.token });
    expect(r.code).toBe(201);
    expect(r.message).toMatch(/must be from 6 to 64/);
  });
});
