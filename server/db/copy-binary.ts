import type { AppendValue } from './driver.ts';

/**
 * Rows in COPY's binary format (PostgreSQL's docs, "COPY", "Binary Format"): each value encoded by
 * its column's type, so the database parses no text. On the embedded database a log row costs its
 * thread about half as much before indexes (README, "Benchmarks", (h2)). Only the types below and
 * only values that encode exactly: anything else answers undefined and the rows go as text, where
 * PostgreSQL's own input functions judge them.
 */
export type BinaryType = 'text' | 'uuid' | 'timestamptz' | 'smallint' | 'integer' | 'bigint' | 'double precision' | 'boolean' | 'jsonb' | 'json';

/** `format_type()`'s names of the types encoded here; the others (numeric, date, arrays…) go as text. */
export const binaryTypeOf = (formatted: string): BinaryType | undefined =>
  (({ text: 'text', uuid: 'uuid', 'timestamp with time zone': 'timestamptz', smallint: 'smallint', integer: 'integer', bigint: 'bigint', 'double precision': 'double precision', boolean: 'boolean', jsonb: 'jsonb', json: 'json' }) as Record<string, BinaryType>)[formatted];

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
/** PostgreSQL's epoch, in Unix milliseconds. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `Date.toISOString()`'s shape: milliseconds at most, in UTC, so the value converts without loss. */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/;

class NotExact extends Error {}

/** A hexadecimal digit's value, from its character code (the UUID pattern has checked it is one). */
const nibble = (c: number) => (c <= 57 ? c - 48 : (c | 32) - 87);

/** A buffer that grows as values are written into it. */
class Out {
  bytes = new Uint8Array(64 * 1024);
  view = new DataView(this.bytes.buffer);
  at = 0;
  private readonly encoder = new TextEncoder();

  room(n: number) {
    if (this.at + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.at + n) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes.subarray(0, this.at));
    this.bytes = bigger;
    this.view = new DataView(bigger.buffer);
  }
  int16(v: number) {
    this.room(2);
    this.view.setInt16(this.at, v);
    this.at += 2;
  }
  int32(v: number) {
    this.room(4);
    this.view.setInt32(this.at, v);
    this.at += 4;
  }
  /** A value of `size` bytes: its length, then room for it; answers where the value goes. */
  fixed(size: number) {
    this.room(4 + size);
    this.view.setInt32(this.at, size);
    const at = this.at + 4;
    this.at = at + size;
    return at;
  }
  /** A string as UTF-8, after `prefix` when given: ASCII byte by byte (a log's usual text is short), else by the encoder. */
  text(s: string, prefix?: number) {
    const head = prefix === undefined ? 0 : 1;
    this.room(4 + head + s.length * 3);
    let at = this.at + 4;
    if (head) this.bytes[at++] = prefix!;
    let i = 0;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 127) break;
      this.bytes[at++] = c;
    }
    if (i < s.length) at += this.encoder.encodeInto(s.slice(i), this.bytes.subarray(at)).written;
    this.view.setInt32(this.at, at - this.at - 4);
    this.at = at;
  }
  /** A whole number of up to 53 bits as a big-endian int64. */
  int64(n: number) {
    this.room(12);
    this.view.setInt32(this.at, 8);
    const high = Math.floor(n / 2 ** 32);
    this.view.setInt32(this.at + 4, high);
    this.view.setUint32(this.at + 8, n - high * 2 ** 32);
    this.at += 12;
  }
}

const textOf = (v: AppendValue) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
const integer = (v: AppendValue, min: number, max: number) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw new NotExact();
  return v;
};

/** A time's Unix milliseconds; the last one is kept, since a batch's rows share their stamps. */
let lastTime = '';
let lastMs = 0;
const msOf = (v: AppendValue) => {
  if (v === lastTime) return lastMs;
  if (typeof v !== 'string' || !ISO_UTC.test(v)) throw new NotExact();
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) throw new NotExact();
  lastTime = v;
  lastMs = ms;
  return ms;
};

const encode = (out: Out, type: BinaryType, v: AppendValue) => {
  switch (type) {
    case 'text':
    case 'json':
      return out.text(textOf(v!));
    case 'jsonb':
      // jsonb's binary form is a version byte before the text.
      return out.text(textOf(v!), 1);
    case 'uuid': {
      if (typeof v !== 'string' || !UUID.test(v)) throw new NotExact();
      const at = out.fixed(16);
      for (let i = 0, c = 0; i < 16; i++, c += 2) {
        if (v.charCodeAt(c) === 45) c++; // '-'
        out.bytes[at + i] = (nibble(v.charCodeAt(c)) << 4) | nibble(v.charCodeAt(c + 1));
      }
      return;
    }
    case 'timestamptz':
      return out.int64((msOf(v) - PG_EPOCH_MS) * 1000);
    case 'smallint':
      return out.view.setInt16(out.fixed(2), integer(v, -32768, 32767));
    case 'integer':
      return out.view.setInt32(out.fixed(4), integer(v, -2147483648, 2147483647));
    case 'bigint':
      return out.int64(integer(v, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));
    case 'double precision':
      if (typeof v !== 'number') throw new NotExact();
      return out.view.setFloat64(out.fixed(8), v);
    case 'boolean':
      if (typeof v !== 'boolean') throw new NotExact();
      out.bytes[out.fixed(1)] = v ? 1 : 0;
  }
};

/**
 * The rows as one binary COPY (one contiguous buffer: PGlite reads a many-part Blob slowly), or
 * undefined when a column's type or a value has no exact binary form here.
 */
export const copyBinary = (types: readonly (BinaryType | undefined)[], rows: readonly (readonly AppendValue[])[]): ArrayBuffer | undefined => {
  if (types.some((t) => t === undefined)) return undefined;
  const out = new Out();
  out.room(SIGNATURE.length + 8);
  out.bytes.set(SIGNATURE, 0);
  out.at = SIGNATURE.length;
  out.int32(0); // flags
  out.int32(0); // header extension
  try {
    for (const row of rows) {
      out.int16(types.length);
      for (let i = 0; i < types.length; i++) {
        const v = row[i];
        if (v === null || v === undefined) out.int32(-1);
        else encode(out, types[i]!, v);
      }
    }
  } catch (e) {
    if (e instanceof NotExact) return undefined;
    throw e;
  }
  out.int16(-1);
  return out.bytes.buffer.slice(0, out.at);
};
