// One statement's rows, read straight from PostgreSQL's wire messages as PGlite's engine wrote them.
// Plain JavaScript: the database's worker (pglite-worker.mjs) imports it.
//
// PGlite's own reader copies each field into an ArrayBuffer of its own before decoding it: on a
// 20-row page of the operation log that cost the database's thread more than planning and running
// the statement did (docs/operations.md, "The embedded database's thread"). Here each field is
// decoded where it lies.

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/**
 * The rows of `bytes` (every message one statement answered), each field turned into a value by
 * `parsers` (type id → function of the text, as PGlite's `parsers`; text when none), or undefined
 * when the answer holds an error: its caller reads that with PGlite's own parser.
 */
export const rowsOf = (bytes, parsers) => {
  const wire = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = [];
  let names = [];
  let readers = [];
  for (let at = 0; at + 5 <= wire.length; ) {
    const kind = wire[at];
    const end = at + 1 + wire.readUInt32BE(at + 1);
    let p = at + 5;
    if (kind === ERROR_RESPONSE) return undefined;
    if (kind === ROW_DESCRIPTION) {
      const n = wire.readUInt16BE(p);
      p += 2;
      names = new Array(n);
      readers = new Array(n);
      for (let i = 0; i < n; i++) {
        const nul = wire.indexOf(0, p);
        names[i] = wire.toString('utf8', p, nul);
        // After the name: table oid (4), column number (2), then the type's oid.
        const type = wire.readUInt32BE(nul + 7);
        readers[i] = parsers[type] ? (value) => parsers[type](value, type) : undefined;
        p = nul + 19;
      }
    } else if (kind === DATA_ROW) {
      const n = wire.readUInt16BE(p);
      p += 2;
      const row = {};
      for (let i = 0; i < n; i++) {
        const length = wire.readInt32BE(p);
        p += 4;
        if (length < 0) {
          row[names[i]] = null;
          continue;
        }
        const value = wire.toString('utf8', p, p + length);
        row[names[i]] = readers[i] ? readers[i](value) : value;
        p += length;
      }
      rows.push(row);
    }
    at = end;
  }
  return rows;
};
