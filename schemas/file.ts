/**
 * What may be uploaded (spec §5), as data both sides read: images png, jpg, jpeg, gif, bmp and svg
 * up to 2 MB, and the documents a developer page attaches up to 10 MB; at most 5 files a request.
 * The server adds the content check (server/files/rules.ts); the console's file pickers offer
 * these extensions (`uploadAccept`).
 */
export const MAX_FILES = 5;
export const MB = 1024 * 1024;

export interface UploadKind {
  /** The Content-Type the file is served with. */
  type: string;
  /** Largest size in bytes. */
  max: number;
  /** Shown inline (Markdown `![…](…)`) rather than linked. */
  image: boolean;
}

export const UPLOAD_KINDS = {
  png: { type: 'image/png', max: 2 * MB, image: true },
  jpg: { type: 'image/jpeg', max: 2 * MB, image: true },
  jpeg: { type: 'image/jpeg', max: 2 * MB, image: true },
  gif: { type: 'image/gif', max: 2 * MB, image: true },
  bmp: { type: 'image/bmp', max: 2 * MB, image: true },
  svg: { type: 'image/svg+xml', max: 2 * MB, image: true },
  pdf: { type: 'application/pdf', max: 10 * MB, image: false },
  zip: { type: 'application/zip', max: 10 * MB, image: false },
  txt: { type: 'text/plain; charset=utf-8', max: 10 * MB, image: false },
  md: { type: 'text/markdown; charset=utf-8', max: 10 * MB, image: false },
  csv: { type: 'text/csv; charset=utf-8', max: 10 * MB, image: false },
} as const satisfies Record<string, UploadKind>;

export type UploadExtension = keyof typeof UPLOAD_KINDS;

/** A file input's `accept`: every allowed extension (`.png,.jpg,…`). */
export const uploadAccept = () => Object.keys(UPLOAD_KINDS).map((e) => `.${e}`).join(',');
