// Reads an imported spreadsheet (CSV or XLSX) on a thread of its own (server/services/sheet-thread.ts
// starts it), so that a large or hostile file never holds up the event loop, and within caps, so that
// it never holds much memory: it stops at the first cap crossed and sends back only the named columns
// of at most `caps.rows` rows, never the cell that crossed a cap.
// Plain JavaScript: a worker gets no TypeScript loader of its own; it imports only packages.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';
import { parse } from 'csv-parse/sync';

/** `headers`: folded header text → column key; `required`: groups of keys, one of each must head a column. */
const { format, bytes, headers, required, caps } = workerData;

class Refusal extends Error {
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

/** Header text folded as server/services/order-sheet.ts folds the labels it sends (`norm`). */
const fold = (s) => s.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/\s+/g, ' ');

/** A cell's value as text (or a date): rich text joined, a formula's result, a link's text. */
const cellValue = (v) => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object') {
    if (v.richText) return v.richText.map((r) => r.text ?? '').join('').trim();
    if ('result' in v) return cellValue(v.result);
    if ('text' in v) return cellValue(v.text);
  }
  return '';
};

let map; // column index → key, from the header row
let lines = 0;
let text = 0;
const rows = [];

/** One line of the sheet, `width` cells wide: `each` calls back (index from 0, raw value) for each cell it holds. The first is the header. */
const take = (row, width, each) => {
  if (++lines > caps.lines) throw new Refusal('import_lines', { max: caps.lines });
  if (width > caps.cells) throw new Refusal('import_cells', { row, max: caps.cells });
  const values = [];
  each((i, raw) => {
    const v = cellValue(raw);
    if (typeof v === 'string' && v.length > caps.cellChars) throw new Refusal('import_cell_too_long', { max: caps.cellChars });
    values[i] = v;
  });
  if (!map) {
    map = Array.from({ length: width }, (_, i) => (values[i] === undefined || values[i] === '' ? undefined : headers[fold(String(values[i]))]));
    if (missing().length) throw new Refusal('columns');
    return;
  }
  const cells = {};
  let any = false;
  map.forEach((key, i) => {
    const v = values[i];
    if (!key || v === undefined || v === '') return;
    any = true;
    cells[key] = v;
    if (typeof v === 'string' && (text += v.length) > caps.text) throw new Refusal('import_too_much_text', { max: caps.text });
  });
  if (!any) return;
  if (rows.length >= caps.rows) throw new Refusal('import_too_many_rows', { max: caps.rows });
  rows.push({ row, cells });
};

/** The required groups the header row heads no column of (each named by its first key). */
const missing = () => required.filter((group) => !group.some((k) => map.includes(k))).map((group) => group[0]);

const readCsv = () => {
  // csv-parse builds an error, kept only in its state, for every line whose cell count differs from
  // the header's (a blank line): without stack traces it costs a third as much.
  const traces = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    // Synchronous, record by record, keeping none: this thread has nothing else to do.
    parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // A line's row is its record's number: a quoted line break stays in its row, as in Excel.
      on_record: (record) => {
        take(lines + 1, record.length, (f) => record.forEach((v, i) => f(i, v)));
        return null;
      },
    });
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw new Refusal('import_unreadable', { row: lines + 1 });
  } finally {
    Error.stackTraceLimit = traces;
  }
};

/**
 * An .xlsx's XML passes through here on its way to exceljs's parser. Between two `<` there is one tag
 * and one text: a run longer than this is a cell far over the cap (2,000 characters are at most
 * 20 KB of XML even written as character references), refused before the parser builds it as a
 * string. Every byte read here counts towards the unpacked cap, whatever the zip's directory declared.
 */
const XML_RUN = 64 * 1024;
let unpacked = 0;
async function* guarded(chunks) {
  let run = 0;
  for await (const chunk of chunks) {
    if ((unpacked += chunk.length) > caps.unpacked) throw new Refusal('import_too_large', { limit: caps.sizeText });
    for (let at = 0, lt; at < chunk.length; at = lt + 1) {
      lt = chunk.indexOf(0x3c, at);
      if (lt < 0) {
        run += chunk.length - at;
        break;
      }
      run += lt - at;
      if (run > XML_RUN) break;
      run = 0;
    }
    if (run > XML_RUN) throw new Refusal('import_cell_too_long', { max: caps.cellChars });
    yield chunk;
  }
}

/**
 * A date cell whose format shows no time is a day: passed on as its `YYYY-MM-DD`, read like the
 * same date in a CSV. Others pass their value (a date with a time holds the clock it shows).
 */
const xlsxValue = (cell) =>
  cell.value instanceof Date && !/[hs]/i.test(String(cell.numFmt ?? '').replace(/\[[^\]]*\]|"[^"]*"/g, '')) ? cell.value.toISOString().slice(0, 10) : cell.value;

/**
 * The zip's entries by name, each opened as a stream of its unpacked bytes, read from the central
 * directory of the bytes in memory. A directory that is not one is the wrong format; one declaring
 * more than the unpacked cap is refused before anything is unpacked (the bytes read are counted
 * again in `guarded`, whatever it declared). exceljs's own reader takes the entries as its zip
 * parser (unzipper 0.10) streams them, and that parser may say it has ended before it has handed
 * over the last entry: a file whose workbook.xml comes last, as exceljs itself writes one, was now
 * and then unreadable under load. Here every entry is there, read in the order the parsers need.
 */
const zipEntries = (zip) => {
  const notZip = () => new Refusal('import_format', { name: '.xlsx' });
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw notZip();
  const entries = new Map();
  let declared = 0;
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw notZip();
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    declared += zip.readUInt32LE(at + 24);
    const local = zip.readUInt32LE(at + 42);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.readUInt32LE(local) !== 0x04034b50 || (method !== 0 && method !== 8)) throw new Error(`zip entry ${name}: not a stored or deflated entry`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + size);
    entries.set(name, () => (method === 8 ? Readable.from([packed]).pipe(createInflateRaw()) : Readable.from([packed])));
  }
  if (declared > caps.unpacked) throw new Refusal('import_too_large', { limit: caps.sizeText });
  return entries;
};

const readXlsx = async () => {
  const ExcelJS = (await import('exceljs')).default;
  /** exceljs's streaming parsers, given the entries in their order, with the shared strings and the worksheet read through `guarded`. */
  class GuardedReader extends ExcelJS.stream.xlsx.WorkbookReader {
    async *parse() {
      const entries = zipEntries(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      const open = (name) => entries.get(name)?.();
      if (entries.has('xl/_rels/workbook.xml.rels')) await this._parseRels(open('xl/_rels/workbook.xml.rels'));
      if (entries.has('xl/workbook.xml')) await this._parseWorkbook(open('xl/workbook.xml'));
      if (entries.has('xl/sharedStrings.xml')) yield* this._parseSharedStrings(open('xl/sharedStrings.xml'));
      if (entries.has('xl/styles.xml')) await this._parseStyles(open('xl/styles.xml'));
      // The first sheet as the workbook lists them; else the lowest numbered.
      const first = this.model?.sheets?.[0];
      const target = first && (this.workbookRels ?? []).find((rel) => rel.Id === first.rId)?.Target;
      const numbered = [...entries.keys()].map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1]).filter(Boolean).sort((a, b) => a - b);
      const sheetNo = /sheet(\d+)\.xml$/.exec(target ?? '')?.[1] ?? numbered[0];
      if (sheetNo === undefined || !entries.has(`xl/worksheets/sheet${sheetNo}.xml`)) return;
      yield* this._parseWorksheet(open(`xl/worksheets/sheet${sheetNo}.xml`), sheetNo);
    }
    _parseSharedStrings(entry) {
      return super._parseSharedStrings(Readable.from(guarded(entry)));
    }
    _parseWorksheet(iterator, sheetNo) {
      return super._parseWorksheet(guarded(iterator), sheetNo);
    }
  }
  const reader = new GuardedReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        take(row.number, row.cellCount, (f) => row.eachCell((cell, col) => f(col - 1, xlsxValue(cell))));
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw new Refusal('import_unreadable', { row: 1 });
  }
};

try {
  if (format === 'csv') readCsv();
  else await readXlsx();
  if (!map || !rows.length) throw new Refusal('import_empty');
  parentPort.postMessage({ rows });
} catch (e) {
  if (!(e instanceof Refusal)) throw e;
  parentPort.postMessage(e.key === 'columns' ? { missing: missing() } : { refusal: { key: e.key, params: e.params } });
}
