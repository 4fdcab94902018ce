/**
 * What an image is, from its bytes alone: its format by the magic bytes and its pixel size from the
 * header (PNG IHDR, GIF logical screen, BMP DIB header, JPEG start-of-frame, SVG width/height or
 * viewBox). No decoder and no native dependency: only the header is read, never the name. Plain
 * bytes (`Uint8Array`, a Node Buffer is one), so the console's image input and the server judge a
 * file by the very same reading.
 */
import type { ImageFormat } from './image.ts';

export interface ImageInfo {
  format: ImageFormat;
  /** Pixels; undefined when the header does not say (an SVG without sizes). */
  width?: number;
  height?: number;
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

const png = (b: Uint8Array): ImageInfo | null => {
  if (b.length < 24 || ascii(b, 1, 4) !== 'PNG' || b[0] !== 0x89 || ascii(b, 12, 16) !== 'IHDR') return null;
  return { format: 'png', width: view(b).getUint32(16), height: view(b).getUint32(20) };
};

const gif = (b: Uint8Array): ImageInfo | null => {
  if (b.length < 10 || !/^GIF8[79]a$/.test(ascii(b, 0, 6))) return null;
  return { format: 'gif', width: view(b).getUint16(6, true), height: view(b).getUint16(8, true) };
};

const bmp = (b: Uint8Array): ImageInfo | null => {
  if (b.length < 26 || ascii(b, 0, 2) !== 'BM') return null;
  const v = view(b);
  const dib = v.getUint32(14, true);
  if (dib === 12) return { format: 'bmp', width: v.getUint16(18, true), height: v.getUint16(20, true) };
  if (dib < 40) return null;
  // A negative height is a top-down bitmap.
  return { format: 'bmp', width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
};

/** Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding) do not. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

const jpeg = (b: Uint8Array): ImageInfo | null => {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  const v = view(b);
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return { format: 'jpeg' };
    const marker = b[at + 1];
    // Fill bytes, and markers without a length (restart markers, start of image).
    if (marker === 0xff) { at += 1; continue; }
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) { at += 2; continue; }
    if (SOF.has(marker)) return { format: 'jpeg', height: v.getUint16(at + 5), width: v.getUint16(at + 7) };
    if (marker === 0xd9 || marker === 0xda) break;
    at += 2 + v.getUint16(at + 2);
  }
  return { format: 'jpeg' };
};

/** A length in CSS pixels: a bare number or one in `px`; percentages and other units say nothing. */
const pixels = (v: string | undefined) => {
  const m = v && /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(v);
  return m ? Math.round(Number(m[1])) : undefined;
};

const svg = (b: Uint8Array): ImageInfo | null => {
  const head = b.subarray(0, 64 * 1024);
  if (head.includes(0)) return null;
  const tag = /<svg\b([^>]*)>/i.exec(new TextDecoder().decode(head))?.[1];
  if (tag === undefined) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  let width = pixels(attr('width'));
  let height = pixels(attr('height'));
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box.every(Number.isFinite)) {
    width ??= Math.round(box[2]);
    height ??= Math.round(box[3]);
  }
  return { format: 'svg', width, height };
};

/** The image these bytes hold, or null when they are no image of ours (png, jpeg, gif, bmp, svg). */
export const imageInfo = (bytes: Uint8Array): ImageInfo | null => png(bytes) ?? gif(bytes) ?? bmp(bytes) ?? jpeg(bytes) ?? svg(bytes);

/** Enough of a file to read an image's header (a JPEG's frame may follow large metadata). */
export const HEADER_BYTES = 256 * 1024;
