import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { named } from '../engine/named.ts';
import { uploadedFile } from '../routes/answers.ts';
import type { Lang } from '../../i18n/index.ts';
import { resourceByName } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { imageRefusal, type ImageFormat } from '../../schemas/image.ts';
import type { Caller } from '../auth/caller.ts';
import { allows } from '../engine/authorize.ts';
import type { CallContext, Services } from '../engine/context.ts';
import { specOf } from '../engine/spec.ts';
import { Warning } from '../http/envelope.ts';
import { refusal } from '../http/validation.ts';
import { imageInfo } from '../../schemas/image-size.ts';
import { extensionOf, imageBytesRefusal, imageFieldsOf, KINDS, MAX_FILES, MB } from '../files/rules.ts';
import { fileAddress, type StoredFile } from '../files/store.ts';

const megabytes = (n: number) => `${n / MB} MB`;

/**
 * `file/simple-upload` (multipart form): up to 5 files, each of an allowed kind, within its size,
 * and with content that is that kind. Nothing is kept unless every file passes. Answers each
 * file's guid and its address (`/open/file/{guid}`), which documents link or show and records
 * hold. A public file is anyone's to read (a document's image); a private one is owned by the
 * uploader in the caller's BU and read by whoever may read a record naming it (server/files/access.ts).
 */
const uploadFiles = (visibility: 'public' | 'private') => async (ctx: CallContext) => {
  const req = ctx.req!;
  if (!req.isMultipart()) throw new Warning('server.file_missing');
  const files: { name: string; ext: string; bytes: Buffer }[] = [];
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue;
    if (files.length === MAX_FILES) throw new Warning('server.file_count', { max: MAX_FILES });
    const name = part.filename.replace(/[\\/\0]/g, '_').slice(0, 200);
    const ext = extensionOf(name);
    const kind = KINDS[ext];
    if (!kind) {
      part.file.resume();
      throw new Warning('server.file_type', { name, types: Object.keys(KINDS).join(', ') });
    }
    const bytes = await part.toBuffer().catch(() => null);
    if (!bytes || part.file.truncated || bytes.length > kind.max) throw new Warning('server.file_too_large', { name, limit: megabytes(kind.max) });
    if (!kind.looks(bytes)) throw new Warning('server.file_content', { name, ext });
    files.push({ name, ext, bytes });
  }
  if (!files.length) throw new Warning('server.file_missing');
  const saved = [];
  for (const f of files) {
    const kind = KINDS[f.ext];
    const owner = { public: visibility === 'public', createdBy: ctx.caller?.userGuid ?? null, buGuid: ctx.caller?.buGuid ?? null };
    saved.push(await ctx.services.files.save({ name: f.name, content_type: kind.type, image: kind.image }, f.bytes, owner));
  }
  return saved.map((f) => ({ guid: f.guid, name: f.name, content_type: f.content_type, size: f.size, image: f.image, public: f.public, url: fileAddress(f.guid) }));
};

/** The documents' shape of both: a multipart form of files alone, answered by each file saved. */
const uploadDoc = { output: z.array(uploadedFile), form: z.object({}) };
/** Uploads for a record (a work order's attachments): private. */
export const uploadPrivate = named(uploadDoc, uploadFiles('private'));
/** Uploads for what visitors read (documents' images and files): public and cacheable. */
export const uploadPublic = named(uploadDoc, uploadFiles('public'));

/** The type an image is served with, by what its bytes are. */
const IMAGE_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', svg: 'image/svg+xml' };

/** Calls that write a definition's rows: who may make one may upload an image for its fields. */
const ROW_WRITES = new Set(['add', 'update', 'save']);

/** Whether `caller` may write some row of `def` (the engine's `authorize` decides, as for the write itself). */
const mayWrite = (def: ResourceDef, caller: Caller) =>
  def.api.mounts.some((mount) => Object.values(mount.calls).map(specOf).some((spec) => !!spec.verb && ROW_WRITES.has(spec.verb) && allows(mount, spec, caller)));

/**
 * `file/image-upload` (multipart form: `resource` and `field` first, then one `file`): an image for
 * a definition's image field (`image()` in schemas/common.ts), checked against that field's rule
 * from its bytes — the format by its magic bytes, the pixels from its header, never the name — and
 * kept public or private as the rule says. Who may write a row of the definition may call it; a
 * private image is then read as the record naming it is (server/files/access.ts).
 */
export const uploadImage = async ({ req, caller, services, lang }: { req: FastifyRequest; caller: Caller; services: Services; lang: Lang }) => {
  if (!req.isMultipart()) throw new Warning('server.file_missing');
  const fields: Record<string, string> = {};
  let saved: StoredFile | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (saved) {
      part.file.resume();
      throw new Warning('server.file_count', { max: 1 });
    }
    const def = resourceByName.get(fields.resource ?? '');
    const rule = def && imageFieldsOf(def).get(fields.field ?? '');
    if (!def || !rule) {
      part.file.resume();
      throw new Warning('server.image_field_unknown');
    }
    if (!mayWrite(def, caller)) {
      part.file.resume();
      throw new Warning('server.access_denied');
    }
    const name = part.filename.replace(/[\\/\0]/g, '_').slice(0, 200);
    const bytes = await part.toBuffer().catch(() => null);
    // Past the form's own limit the bytes are not kept: that is too large for any image.
    const refused = bytes && !part.file.truncated ? imageBytesRefusal(rule, bytes) : imageRefusal(rule, { bytes: Infinity, format: 'png' });
    if (refused) throw refusal(lang, refused.key, refused.params, fields.field);
    const format = imageInfo(bytes!)!.format;
    const owner = { public: !!rule.public, createdBy: caller.userGuid, buGuid: caller.buGuid ?? null };
    saved = await services.files.save({ name, content_type: IMAGE_TYPES[format], image: true }, bytes!, owner);
  }
  if (!saved) throw new Warning('server.file_missing');
  return { guid: saved.guid, name: saved.name, content_type: saved.content_type, size: saved.size, image: true, public: saved.public, url: fileAddress(saved.guid) };
};
