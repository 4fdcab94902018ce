import { MAX_FILES, MB, UPLOAD_KINDS, type UploadExtension, type UploadKind } from '../../schemas/file.ts';

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
