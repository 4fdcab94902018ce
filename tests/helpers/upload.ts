import { randomBytes } from 'node:crypto';
import type { TestServer } from './server.ts';

/** A 1×1 PNG. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2ad150000000049454e44ae426082', 'hex');

export interface UploadPart {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart form of `file` parts, as a browser sends an upload. */
export const multipart = (files: UploadPart[]) => {
  const boundary = `----open${randomBytes(4).toString('hex')}`;
  const parts = files.map((f) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`), f.bytes, Buffer.from('\r\n')]));
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Posts files to an upload call (`form: true`) with the token; the status and the envelope. */
export const upload = async (s: TestServer, url: string, files: UploadPart[], token: string | null) => {
  const f = multipart(files);
  const raw = await s.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const body = raw.json() as { code: number; message: string; data: any };
  return { status: raw.statusCode, ...body };
};

/** `GET` of a file's address, with a bearer token or none. */
export const readFile = (s: TestServer, address: string, token?: string) =>
  s.app.inject({ method: 'GET', url: address, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The catalogue's preview of a file (`/open/file/preview` or `/open/admin/file/preview`). */
export const previewFile = (s: TestServer, path: string, guid: string, token?: string) =>
  s.app.inject({ method: 'POST', url: path, payload: { guid }, headers: { 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
