import { z } from 'zod';
import { named } from '../engine/named.ts';
import { uploadedFile } from '../routes/answers.ts';
import type { CallContext } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { extensionOf, KINDS, MAX_FILES, MB } from '../files/rules.ts';
import { fileAddress } from '../files/store.ts';

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
