import { MB, UPLOAD_KINDS } from './file.ts';

/**
 * The image kind (`image()` in schemas/common.ts): what an image field accepts, as data both sides
 * read. The console checks a picked file with it before uploading; the server checks the bytes
 * again on upload and when a record names the file (server/files/rules.ts). Spec §5: png, jpg,
 * jpeg, gif, bmp, svg; an avatar 400×400 within 2 MB; an icon at least 240×240 within 2 MB.
 */
export interface ImageRule {
  /** Largest size in bytes. */
  maxBytes: number;
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Anyone may read it (what the store shows visitors); otherwise only readers of a record naming it. */
  public?: boolean;
}

/** The image formats accepted, by what their bytes are (a jpg and a jpeg are one format). */
export const IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'bmp', 'svg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The extensions a picker offers: the image kinds of the upload rules. */
export const IMAGE_EXTENSIONS = Object.entries(UPLOAD_KINDS).filter(([, k]) => k.image).map(([e]) => e);

/** The named rules of spec §5. */
export const IMAGE_RULES = {
  avatar: { maxBytes: 2 * MB, maxWidth: 400, maxHeight: 400 },
  icon: { maxBytes: 2 * MB, minWidth: 240, minHeight: 240, public: true },
  picture: { maxBytes: 2 * MB },
} as const satisfies Record<string, ImageRule>;

/** What is known of a picked or uploaded file: its size, its format by its bytes, its pixels. */
export interface ImageFacts {
  bytes: number;
  format: ImageFormat | null;
  width?: number;
  height?: number;
}

export interface ImageRefusal {
  key: string;
  params: Record<string, unknown>;
}

const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** Why `facts` break `rule` (an i18n key `validation.image_*` and its parameters), or null when they keep it. */
export const imageRefusal = (rule: ImageRule, facts: ImageFacts): ImageRefusal | null => {
  if (!facts.format) return { key: 'validation.image_type', params: { types: IMAGE_EXTENSIONS.join(', ') } };
  if (facts.bytes > rule.maxBytes) return { key: 'validation.image_bytes', params: { limit: mb(rule.maxBytes) } };
  const { width, height } = facts;
  const sized = rule.minWidth !== undefined || rule.minHeight !== undefined || rule.maxWidth !== undefined || rule.maxHeight !== undefined;
  if (!sized) return null;
  if (width === undefined || height === undefined) return { key: 'validation.image_unsized', params: {} };
  const size = { width, height };
  if (width < (rule.minWidth ?? 0) || height < (rule.minHeight ?? 0)) return { key: 'validation.image_small', params: { ...size, min_width: rule.minWidth ?? 1, min_height: rule.minHeight ?? 1 } };
  if (width > (rule.maxWidth ?? Infinity) || height > (rule.maxHeight ?? Infinity)) return { key: 'validation.image_large', params: { ...size, max_width: rule.maxWidth ?? width, max_height: rule.maxHeight ?? height } };
  return null;
};

/** The rule as one sentence's parameters (the hint under the upload button). */
export const imageHint = (rule: ImageRule) => ({
  types: IMAGE_EXTENSIONS.join(', '),
  limit: mb(rule.maxBytes),
  min: rule.minWidth !== undefined ? `${rule.minWidth}×${rule.minHeight ?? rule.minWidth}` : '',
  max: rule.maxWidth !== undefined ? `${rule.maxWidth}×${rule.maxHeight ?? rule.maxWidth}` : '',
});
