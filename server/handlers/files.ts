import type { CallContext } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { extensionOf, KINDS, MAX_FILES, MB } from '../files/rules.ts';

const megabytes = (n: number) => `${n / MB} MB`;

/**
 * `file/simple-upload` (multipart form): up to 5 files, each of an allowed kind, within its size,
 * and with content that is that kind. Nothing is kept unless every file passes. Answers each
 * file's guid and its address (`/open/file/{guid}`), which documents link or show.
 */
export const uploadFiles = async (ctx: CallContext) => {
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
    saved.push(await ctx.services.files.save({ name: f.name, content_type: kind.type, image: kind.image }, f.bytes, ctx.caller?.userGuid ?? null));
  }
  return saved.map((f) => ({ ...f, url: `/open/file/${f.guid}` }));
};
