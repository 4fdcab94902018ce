import { z } from 'zod';
import type { ResourceDef } from '../../resources/types.ts';
import { MAX_FILES, MB, UPLOAD_KINDS, type UploadExtension, type UploadKind } from '../../schemas/file.ts';
import { imageRefusal, type ImageRule } from '../../schemas/image.ts';
import { imageInfo } from '../../schemas/image-size.ts';

/**
 * What may be uploaded (spec §5; the kinds, sizes and count are data in schemas/file.ts, which the
 * console's file pickers read too). The content must be what the name says (its first bytes), so a
 * script cannot pass as a picture.
 */
export { MAX_FILES, MB };

interface Kind extends UploadKind {
  /** Whether these bytes are this kind. */
  looks(head: Buffer): boolean;
}

const starts = (...bytes: number[]) => (b: Buffer) => bytes.every((x, i) => b[i] === x);
const text = (b: Buffer) => !b.subarray(0, 4096).includes(0);

/** Whether a file's first bytes are its extension's kind. */
const LOOKS: Record<UploadExtension, (head: Buffer) => boolean> = {
  png: starts(0x89, 0x50, 0x4e, 0x47),
  jpg: starts(0xff, 0xd8, 0xff),
  jpeg: starts(0xff, 0xd8, 0xff),
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  bmp: starts(0x42, 0x4d),
  svg: (b) => text(b) && /<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8')),
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  zip: starts(0x50, 0x4b, 0x03, 0x04),
  txt: text,
  md: text,
  csv: text,
};

export const KINDS: Record<string, Kind> = Object.fromEntries(
  Object.entries(UPLOAD_KINDS).map(([ext, kind]) => [ext, { ...kind, looks: LOOKS[ext as UploadExtension] }]),
);

export const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1].toLowerCase() ?? '';

/** A field's image rule, read from its JSON Schema (`image()` writes `kind: 'image'` and the rule). */
type Json = { kind?: string; image?: ImageRule; items?: Json; anyOf?: Json[]; properties?: Record<string, Json> };
const ruleIn = (s: Json | undefined): ImageRule | undefined =>
  !s ? undefined : s.kind === 'image' ? s.image : (ruleIn(s.items) ?? s.anyOf?.map(ruleIn).find(Boolean));

const imageFieldCache = new WeakMap<ResourceDef, Map<string, ImageRule>>();

/** The image fields of a definition (a text or a list of images), each with its rule. */
export const imageFieldsOf = (def: ResourceDef): Map<string, ImageRule> => {
  let hit = imageFieldCache.get(def);
  if (hit) return hit;
  const json = z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any' }) as Json;
  hit = new Map(Object.entries(json.properties ?? {}).flatMap(([name, s]) => {
    const rule = ruleIn(s);
    return rule ? [[name, rule] as const] : [];
  }));
  imageFieldCache.set(def, hit);
  return hit;
};

/** Why these bytes may not be the image `rule` asks for (an i18n key and its parameters), or null: the format by its bytes, never by a name. */
export const imageBytesRefusal = (rule: ImageRule, bytes: Uint8Array, size = bytes.length) => {
  const info = imageInfo(bytes);
  return imageRefusal(rule, { bytes: size, format: info?.format ?? null, width: info?.width, height: info?.height });
};
