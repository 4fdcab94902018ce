import { randomBytes } from 'node:crypto';

let lastMs = 0;
let seq = 0;

/**
 * A UUIDv7 (RFC 9562): the millisecond first, then a 12-bit count of the ids made in that
 * millisecond, then random bits. Rows stamped in the same millisecond (`timestamptz` is filled
 * from a JS Date) keep the order they were made in under `order by created_at desc, id desc`; a
 * random v4 id broke such ties by chance. `ms` is the row's own time, so the two agree.
 */
export const orderedId = (ms = Date.now()) => {
  if (ms > lastMs) [lastMs, seq] = [ms, 0];
  else if (++seq > 0xfff) [lastMs, seq] = [lastMs + 1, 0];
  const b = randomBytes(16);
  b.writeUIntBE(Math.max(ms, lastMs), 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
