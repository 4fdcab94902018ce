import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { holds } from '../auth/caller.ts';
import type { Services } from '../engine/context.ts';
import { defineCall, type CallDoc } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import type { StoredFile } from '../files/store.ts';

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const send = (services: Services, reply: FastifyReply, file: StoredFile, kind: 'inline' | 'attachment') => {
  reply
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
 * Uploaded files. `GET /open/file/{guid}` serves one to anyone (documents show their images to
 * visitors): images inline, other files as attachments, never sniffed. The catalogue's previews
 * (`/open/file/preview`, `/open/admin/file/preview`) answer a signed-in caller the file itself, as
 * an attachment named in `Content-Disposition`.
 */
export const mountFiles = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  app.get<{ Params: { guid: string } }>('/open/file/:guid', async (req, reply) => {
    const file = await services.files.find(req.params.guid);
    if (!file) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return send(services, reply, file, file.image ? 'inline' : 'attachment');
  });
  // Operators preview the documents' files; any signed-in tenant may download what documents show anyway.
  for (const [path, permission] of [['/open/file/preview', undefined], ['/open/admin/file/preview', 'admin:document:view']] as const) {
    defineCall(app, services, docs, { method: 'POST', path, tag: 'file', summary: 'An uploaded file, as an attachment', public: false, body: previewInput, permission }, async ({ lang, input, caller }, reply) => {
      if (permission && caller?.userType !== 0) throw new Warning('server.operators_only');
      if (permission && !holds(caller!, permission)) throw new Warning('server.no_access');
      const { guid } = parseOrWarn(lang, previewInput, input, 'file');
      const file = await services.files.find(guid);
      if (!file) throw new Warning('server.record_not_found');
      return send(services, reply, file, 'attachment');
    });
  }
};
