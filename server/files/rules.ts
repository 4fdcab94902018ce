/**
 * What may be uploaded (spec §5): images png, jpg, jpeg, gif, bmp and svg up to 2 MB, and the
 * documents a developer page attaches up to 10 MB; at most 5 files a request. The content must
 * be what the name says (its first bytes), so a script cannot pass as a picture.
 */
export const MAX_FILES = 5;
export const MB = 1024 * 1024;

interface Kind {
  type: string;
  max: number;
  image: boolean;
  /** Whether these bytes are this kind. */
  looks(head: Buffer): boolean;
}

const starts = (...bytes: number[]) => (b: Buffer) => bytes.every((x, i) => b[i] === x);
const text = (b: Buffer) => !b.subarray(0, 4096).includes(0);

export const KINDS: Record<string, Kind> = {
  png: { type: 'image/png', max: 2 * MB, image: true, looks: starts(0x89, 0x50, 0x4e, 0x47) },
  jpg: { type: 'image/jpeg', max: 2 * MB, image: true, looks: starts(0xff, 0xd8, 0xff) },
  jpeg: { type: 'image/jpeg', max: 2 * MB, image: true, looks: starts(0xff, 0xd8, 0xff) },
  gif: { type: 'image/gif', max: 2 * MB, image: true, looks: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  bmp: { type: 'image/bmp', max: 2 * MB, image: true, looks: starts(0x42, 0x4d) },
  svg: { type: 'image/svg+xml', max: 2 * MB, image: true, looks: (b) => text(b) && /<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8')) },
  pdf: { type: 'application/pdf', max: 10 * MB, image: false, looks: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  zip: { type: 'application/zip', max: 10 * MB, image: false, looks: starts(0x50, 0x4b, 0x03, 0x04) },
  txt: { type: 'text/plain; charset=utf-8', max: 10 * MB, image: false, looks: text },
  md: { type: 'text/markdown; charset=utf-8', max: 10 * MB, image: false, looks: text },
  csv: { type: 'text/csv; charset=utf-8', max: 10 * MB, image: false, looks: text },
};

export const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1].toLowerCase() ?? '';
