import { isUtf8 } from 'node:buffer';
import { PassThrough, Readable } from 'node:stream';
import { z } from 'zod';
import { LANGUAGES, translate, type Lang } from '../../i18n/index.ts';
import { centsText } from '../../schemas/money.ts';
import { orderSchema } from '../../schemas/order.ts';
import { Warning } from '../http/envelope.ts';
import { businessIso, BUSINESS_TIME_ZONE, fromWallClock, wallClock } from './business-time.ts';
import { readSheetOffThread } from './sheet-thread.ts';

/**
 * Orders as a sheet (docs/orders.md "Import and export"): the columns, their headers in every
 * language, reading CSV and XLSX files into raw rows (on a worker thread: server/services/sheet-thread.ts),
 * and writing rows as CSV lines or an XLSX workbook. No database here: the handler
 * (server/handlers/order-transfer.ts) validates and stores.
 */

/** At most 5 MB per file and 10,000 data rows; the header row must be followed by at least one. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** Lines in all, blank ones included: room for blank lines among 10,000 rows, not for a million of them. */
const MAX_IMPORT_LINES = 20_000;
/** Cells a row may span: an order row has 15 columns, and a working sheet may keep a few of its own. */
const MAX_IMPORT_CELLS = 100;
/**
 * Characters in one cell. The longest field an order takes, its note, holds 500 (schemas/order.ts);
 * four times that leaves a long note to be refused by its row's own sentence, while a cell of
 * megabytes stops the file before it is held or answered back.
 */
const MAX_CELL_CHARS = 2_000;
/** Characters in all the imported columns' cells: 10,000 rows with full 500-character notes hold about 7 million. */
const MAX_IMPORT_TEXT = 10_000_000;
/** An .xlsx is a zip: its parts may unpack to at most this much (a small zip must not expand to gigabytes). */
const MAX_XLSX_UNPACKED = 100 * 1024 * 1024;
/** exceljs and its zip libraries (half the compiled server) load with the first export, not at every start. */
const excel = async () => (await import('exceljs')).default;

/** The sheet's columns, in order. `imported` ones are read back; the others are the server's and ignored on import. */
export const COLUMNS = [
  { key: 'number', label: 'resources.order.fields.number' },
  { key: 'bu_name', label: 'resources.order.fields.bu_name', imported: true },
  { key: 'bu_code', label: 'resources.order.fields.bu_code', imported: true },
  { key: 'bu_guid', label: 'resources.order.fields.bu_id', imported: true },
  { key: 'app_name', label: 'resources.order.fields.app_name', imported: true },
  { key: 'kind', label: 'resources.order.fields.kind', coded: true },
  { key: 'amount', label: 'resources.order.fields.amount', imported: true },
  { key: 'currency', label: 'resources.order.fields.currency', imported: true },
  { key: 'paid_amount', label: 'resources.order.fields.paid_amount' },
  { key: 'cycle', label: 'resources.order.fields.cycle', imported: true, coded: true },
  { key: 'pay_type', label: 'resources.order.fields.pay_type', imported: true, coded: true },
  { key: 'due_at', label: 'resources.order.fields.due_at', imported: true },
  { key: 'state', label: 'resources.order.fields.state', coded: true },
  { key: 'note', label: 'resources.order.fields.note', imported: true },
  { key: 'created_at', label: 'resources.order.fields.created_at' },
] as const;
export type ColumnKey = (typeof COLUMNS)[number]['key'];
/** The time columns: the order's `datetime()` fields (schemas/order.ts) and when it was made. */
const TIMES = new Set<string>([
  'created_at',
  ...Object.entries((z.toJSONSchema(orderSchema, { io: 'input' }) as { properties: Record<string, { anyOf?: { kind?: string }[]; kind?: string }> }).properties)
    .filter(([, p]) => (p.anyOf ?? [p]).some((b) => b.kind === 'datetime'))
    .map(([k]) => k),
]);
/** Amounts in the currency's own format: `¥1,200.50`, `HK$1,200.50`, `US$1,200.50`. */
const AMOUNT_FORMATS: Record<string, string> = { CNY: '"¥"#,##0.00', HKD: '"HK$"#,##0.00', USD: '"US$"#,##0.00' };
/** The columns an import needs: the BU (one of its three columns), and what was bought. */
const REQUIRED: ColumnKey[][] = [['bu_name', 'bu_code', 'bu_guid'], ['app_name']];

/** Header text folded for matching; sheet-worker.mjs folds a file's headers the same way. */
const norm = (s: string) => s.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/\s+/g, ' ');

const LANGS = Object.keys(LANGUAGES) as Lang[];

/** Header text (the field's key, or its label in zh, hk or en) → column. */
const HEADERS = new Map<string, ColumnKey>();
for (const c of COLUMNS) {
  HEADERS.set(c.key, c.key);
  for (const lang of LANGS) {
    HEADERS.set(norm(translate(lang, c.label)), c.key);
    // As an export or the template writes it, the zone named.
    if (TIMES.has(c.key)) HEADERS.set(norm(`${translate(lang, c.label)} (${BUSINESS_TIME_ZONE})`), c.key);
  }
}
/** A coded column's value label in any language (or its code) → code. */
const CODES = new Map<string, Map<string, number>>();
for (const c of COLUMNS.filter((c) => 'coded' in c)) {
  const m = new Map<string, number>();
  for (const code of [0, 1, 2, 3]) {
    for (const lang of LANGS) {
      const key = `resources.order.values.${c.key}.${code}`;
      const label = translate(lang, key);
      if (label !== key) m.set(norm(label), code);
    }
  }
  CODES.set(c.key, m);
}

/** A column's header; a time column's names the zone its times are in: `付款截止 (Asia/Shanghai)`. */
const headerOf = (lang: Lang, c: (typeof COLUMNS)[number]) => (TIMES.has(c.key) ? `${translate(lang, c.label)} (${BUSINESS_TIME_ZONE})` : translate(lang, c.label));
export const headerRow = (lang: Lang) => COLUMNS.map((c) => headerOf(lang, c));

/** A coded cell as its code: the digit, or its label in any language; undefined when it is neither. */
export const codeOf = (column: 'cycle' | 'pay_type', text: string): number | undefined => {
  const t = norm(text);
  if (/^\d$/.test(t)) return Number(t);
  return CODES.get(column)?.get(t);
};

/** One data row as read: its spreadsheet row number and its cells by column (text, or a date from an XLSX date cell). */
export interface RawRow {
  row: number;
  cells: Partial<Record<ColumnKey, string | Date>>;
}

/** Cells of a text file that Excel would run as a formula start with one of these; such text is written after a `'`. */
const FORMULA = /^'*[=+\-@\t\r]/;
export const csvSafe = (text: string) => (FORMULA.test(text) ? `'${text}` : text);
const csvUnsafe = (text: string) => (FORMULA.test(text) && text.startsWith("'") ? text.slice(1) : text);

/** Which kind of file the bytes are, by name and content; a sentence for anything else. */
export const formatOf = (lang: Lang, name: string, bytes: Buffer): 'csv' | 'xlsx' => {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const zip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (ext === 'xlsx' && zip) return 'xlsx';
  if (ext === 'csv' && !zip && !bytes.includes(0)) {
    if (!isUtf8(bytes)) throw new Warning('server.import_encoding', { name });
    return 'csv';
  }
  throw new Warning('server.import_format', { name });
};

/** The headers the worker reads cells under: the imported columns' (the others are never sent back). */
const IMPORTED = new Set<string>(COLUMNS.filter((c) => 'imported' in c).map((c) => c.key));
const HEADER_KEYS = Object.fromEntries([...HEADERS].filter(([, key]) => IMPORTED.has(key)));

/**
 * The data rows of a file (after its header row), read on a worker thread within the caps above;
 * a sentence for a file without the needed columns or rows, or over a cap. `caller` (who imports)
 * waits within its share of the worker threads (server/services/sheet-thread.ts).
 */
export const readSheet = async (lang: Lang, format: 'csv' | 'xlsx', bytes: Buffer, caller: string): Promise<RawRow[]> => {
  const { rows, missing } = await readSheetOffThread({
    format,
    bytes,
    headers: HEADER_KEYS,
    required: REQUIRED,
    caps: { lines: MAX_IMPORT_LINES, rows: MAX_IMPORT_ROWS, cells: MAX_IMPORT_CELLS, cellChars: MAX_CELL_CHARS, text: MAX_IMPORT_TEXT, unpacked: MAX_XLSX_UNPACKED, sizeText: '5 MB' },
  }, caller);
  if (missing.length) {
    throw new Warning('server.import_columns', { columns: missing.map((k) => translate(lang, COLUMNS.find((c) => c.key === k)!.label)).join(lang === 'en' ? ', ' : '、') });
  }
  if (format === 'xlsx') return rows as RawRow[];
  for (const r of rows) for (const [k, v] of Object.entries(r.cells)) if (typeof v === 'string') r.cells[k] = csvUnsafe(v);
  return rows as RawRow[];
};

/**
 * A time cell: ISO 8601 with an offset; `YYYY-MM-DD HH:mm[:ss]` (or with `/`) in the business zone;
 * an Excel date cell showing a time, the clock it shows (as UTC fields) there; a date alone, as
 * text or as an Excel date cell showing no time (passed on as text: sheet-worker.mjs), the end of
 * that day there (23:59:59). So a CSV and a spreadsheet holding the same day fall due at the same instant.
 */
export const parseTime = (v: string | Date): string | undefined => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : fromWallClock(v).toISOString();
  const s = v.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
  }
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, se] = m;
  const wall = new Date(h === undefined ? Date.UTC(+y, +mo - 1, +d, 23, 59, 59) : Date.UTC(+y, +mo - 1, +d, +h, +mi, +(se ?? 0)));
  if (wall.getUTCMonth() !== +mo - 1 || wall.getUTCDate() !== +d || +(h ?? 0) > 23) return undefined;
  return fromWallClock(wall).toISOString();
};

/** A stored order (with its BU's name and code) as the sheet's cells, in the caller's language. */
export const exportCells = (lang: Lang, o: Record<string, unknown>, csv: boolean): (string | number | Date)[] =>
  COLUMNS.map((c) => {
    const v = o[c.key];
    if (v === null || v === undefined) return '';
    switch (c.key) {
      case 'amount':
      case 'paid_amount':
        // XLSX: a number (exact: cents/100 prints as its two-decimal text); CSV: the decimal itself.
        return csv ? centsText(v as number) : Number(centsText(v as number));
      case 'kind':
      case 'state':
      case 'cycle':
      case 'pay_type':
        return translate(lang, `resources.order.values.${c.key}.${v}`);
      default:
        // A time: CSV text in ISO 8601 at the zone's offset; an XLSX date cell showing the zone's clock.
        if (TIMES.has(c.key)) return csv ? businessIso(v as string) : wallClock(new Date(v as string));
        return csv ? csvSafe(String(v)) : String(v);
    }
  });

const csvCell = (v: string | number | Date) => {
  const s = String(v);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
export const csvLine = (cells: readonly (string | number | Date)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The sheet as a stream of bytes, pulling batches of orders from `batches` only as fast as the
 * reader takes them, so memory stays flat however many rows there are.
 */
export const sheetStream = (lang: Lang, format: 'csv' | 'xlsx', batches: AsyncIterable<Record<string, unknown>[]>): Readable => {
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        // A BOM, so Excel reads UTF-8 (Chinese) correctly.
        yield `\uFEFF${csvLine(headerRow(lang))}`;
        for await (const batch of batches) yield batch.map((o) => csvLine(exportCells(lang, o, true))).join('');
      })(),
    );
  }
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await excel();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet(translate(lang, 'resources.order.name').split('|').pop()!.trim().slice(0, 31));
    sheet.columns = COLUMNS.map((c) => ({
      key: c.key,
      width: c.key === 'note' || c.key === 'bu_guid' ? 40 : TIMES.has(c.key) ? 34 : 16,
      ...(TIMES.has(c.key) ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : c.key.endsWith('amount') ? { style: { numFmt: '#,##0.00' } } : {}),
    }));
    sheet.addRow(headerRow(lang)).commit();
    for await (const batch of batches) {
      for (const o of batch) {
        const row = sheet.addRow(exportCells(lang, o, false));
        const format = AMOUNT_FORMATS[String(o.currency)];
        if (format) for (const key of ['amount', 'paid_amount']) row.getCell(key).numFmt = format;
        row.commit();
      }
      // Wait for the reader while the zip ahead of it is large.
      if (out.readableLength > 4 * 1024 * 1024) await new Promise((r) => out.once('drain', r).once('data', r).once('close', r));
    }
    sheet.commit();
    await book.commit();
  })().catch((e) => out.destroy(e));
  return out;
};

/** The template's columns: those an import reads, the BU by its code or ID (never its name). */
const TEMPLATE_COLUMNS = COLUMNS.filter((c) => 'imported' in c && c.key !== 'bu_name');

/**
 * The import's template, an XLSX: its first sheet the columns an import reads, headed in the
 * caller's language, and one example row (real cells: a number, a date); its second sheet the
 * rules of each column. Filled in (the example's BU code made a real one), it imports as it is.
 */
export const templateBook = async (lang: Lang): Promise<Buffer> => {
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(translate(lang, 'resources.order.name').split('|').pop()!.trim().slice(0, 31));
  sheet.columns = TEMPLATE_COLUMNS.map((c) => ({ key: c.key, width: c.key === 'bu_guid' || c.key === 'note' ? 40 : TIMES.has(c.key) ? 30 : 18 }));
  sheet.addRow(TEMPLATE_COLUMNS.map((c) => headerOf(lang, c)));
  const label = (key: 'cycle' | 'pay_type', code: number) => translate(lang, `resources.order.values.${key}.${code}`);
  // A day at the end of next year: always ahead, and shown as a day, which is read as its end.
  const day = new Date(Date.UTC(wallClock(new Date()).getUTCFullYear() + 1, 11, 31));
  const example = sheet.addRow({
    bu_code: 'BU001', app_name: translate(lang, 'server.import_template_example_item'), amount: 1200.5, currency: 'CNY',
    cycle: label('cycle', 2), pay_type: label('pay_type', 0), due_at: day, note: translate(lang, 'server.import_template_example_note'),
  });
  example.getCell('amount').numFmt = AMOUNT_FORMATS.CNY;
  example.getCell('due_at').numFmt = 'yyyy-mm-dd';
  const rules = book.addWorksheet(translate(lang, 'server.import_template_sheet_rules').slice(0, 31));
  rules.columns = [{ width: 30 }, { width: 100 }];
  rules.addRow([translate(lang, 'server.import_template_rule_all')]);
  const values = (key: 'cycle' | 'pay_type', codes: number[]) => codes.map((c) => label(key, c)).join(lang === 'en' ? ', ' : '、');
  for (const c of TEMPLATE_COLUMNS) {
    rules.addRow([headerOf(lang, c), translate(lang, `server.import_template_rule_${c.key}`, { zone: BUSINESS_TIME_ZONE, values: values(c.key === 'cycle' ? 'cycle' : 'pay_type', c.key === 'cycle' ? [0, 1, 2] : [0, 1]) })]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};
