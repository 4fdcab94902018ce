import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../i18n/index.ts';
import { resourceByName } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { imageRefusal, type ImageFormat } from '../../schemas/image.ts';
import { imageInfo } from '../../schemas/image-size.ts';
import type { Caller } from '../auth/caller.ts';
import { allows } from '../engine/authorize.ts';
import type { Services } from '../engine/context.ts';
import { specOf } from '../engine/spec.ts';
import { Warning } from '../http/envelope.ts';
import { refusal } from '../http/validation.ts';
import { imageBytesRefusal, imageFieldsOf } from './rules.ts';
import { fileAddress, type StoredFile } from './store.ts';

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
