import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USER_TYPE } from '../auth/caller.ts';
import type { Services } from '../engine/context.ts';
import { mayRead } from '../files/access.ts';
import type { StoredFile } from '../files/store.ts';
import type { CallDoc } from '../http/calls.ts';
import { bespoke } from './bespoke.ts';
import { uploadedFile } from './answers.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { uploadImage } from '../files/image-upload.ts';

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const send = (services: Services, reply: FastifyReply, file: StoredFile, kind: 'inline' | 'attachment') => {
  reply
    // A private file reaches only its reader: no shared cache may keep it, nor the browser's disk.
    .header('cache-control', file.public ? 'public, max-age=31536000, immutable' : 'private, no-store')
    .header('content-type', file.content_type)
    .header('content-length', file.size)
    .header('content-disposition', disposition(kind, file.name))
    .header('x-content-type-options', 'nosniff')
    // Opened on its own, an SVG may not run script or load anything.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return reply.send(services.files.stream(file.guid));
};

const previewInput = z.object({ guid: z.uuid('validation.guid_format') });

/**
 * Who reads a file by its address: the bearer token's caller when the token is valid and its BU's
 * IP whitelist admits the address, else nobody (a private file is then simply not found).
 */
const readerOf = async (services: Services, req: FastifyRequest) => {
  const header = req.headers.authorization;
  const caller = header ? await services.callers.resolve(header).catch(() => null) : null;
  if (caller?.buGuid && caller.userType !== USER_TYPE.operator && !(await services.admits(caller.buGuid, req.ip))) return null;
  return caller;
};

/**
 * Uploaded files (server/files/access.ts says who reads which). `GET /open/file/{guid}` serves a
 * public file to anyone, cached for a year (documents show their images to visitors), and a private
 * one only with a bearer token that may read it, uncached; for anyone else a private file is a 404
 * like a missing one, so its existence is never confirmed. Images inline, other files as
 * attachments, never sniffed. The catalogue's previews (`/open/file/preview` for any signed-in
 * caller, `/open/admin/file/preview` for operators) answer the same files by the same rule, as
 * attachments named in `Content-Disposition`.
 */
export const mountFiles = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  app.get<{ Params: { guid: string } }>('/open/file/:guid', async (req, reply) => {
    const file = await services.files.find(req.params.guid);
    if (!file) return reply.callNotFound();
    if (!file.public) {
      const caller = await readerOf(services, req);
      if (!(await mayRead(services.db, caller, file))) return reply.callNotFound();
      // A private read is a user's call: the request log keeps who read it.
      req.caller = caller;
    }
    return send(services, reply, file, file.image ? 'inline' : 'attachment');
  });
  const call = bespoke(app, services, docs, 'file');
  for (const [path, scope] of [['/open/file/preview', 'user'], ['/open/admin/file/preview', 'platform']] as const) {
    call({ path, summary: 'An uploaded file the caller may read, as an attachment', body: previewInput, file: ['application/octet-stream'] }, { scope }, async ({ lang, input, caller, reply }) => {
      const { guid } = parseOrWarn(lang, previewInput, input, 'file');
      const file = await services.files.find(guid);
      if (!file || !(await mayRead(services.db, caller, file))) throw new Warning('server.record_not_found');
      return send(services, reply!, file, 'attachment');
    });
  }
  // An image for a definition's image field, checked by that field's rule (server/files/image-upload.ts).
  call({ path: '/open/file/image-upload', summary: "An image for a record's image field, checked from its bytes", form: true, answer: uploadedFile,
    formFields: z.object({ resource: z.string().describe('The definition the record is of'), field: z.string().describe('Its image field') }) }, {}, async ({ req, lang, caller }) =>
    uploadImage({ req, lang, caller, services }));
};
