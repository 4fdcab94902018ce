import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { translate, type Lang } from '../../i18n/index.ts';
import { parseCents } from '../../schemas/money.ts';
import { ident, type Queryable } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { named } from '../engine/named.ts';
import { filtersOf } from '../engine/call-docs.ts';
import { schemasOf, emitChange } from '../engine/verbs.ts';
import { filterWhere, scopeWhere } from '../engine/where.ts';
import { Warning } from '../http/envelope.ts';
import { fieldErrors, parseOrWarn } from '../http/validation.ts';
import { businessText, wallClock } from '../services/business-time.ts';
import { codeOf, formatOf, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseTime, readSheet, sheetStream, templateBook, type ColumnKey, type RawRow } from '../services/order-sheet.ts';

/**
 * Import and export of orders (docs/orders.md "Import and export"), on each operator mount of
 * orders (general, product, service), whose `fixed` kind every imported row takes and every
 * export keeps to.
 *
 * Import: a CSV or XLSX file (multipart form: `file`, and `commit` = `true` to write), or JSON
 * `{ rows: [{ bu_code | bu_guid, app_name, amount, ... }], commit }`. Without `commit` it answers a
 * preview with every bad row named (row number, field, sentence in the caller's language); with
 * it, all rows are written in one transaction, or none when any row is bad.
 */

/** One row ready to store, or its errors. */
interface Checked {
  row: number;
  values?: Record<string, unknown>;
  bu?: { guid: string; name: string };
  errors: { row: number; field: string; message: string }[];
}

/** A preview shows this many rows, and names at most this many errors (the count says how many there are). */
const PREVIEW_ROWS = 100;
const MAX_ERRORS = 1000;

const fieldError = (lang: Lang, row: number, field: string, messageKey: string, params: Record<string, unknown> = {}) => ({
  row,
  field,
  message: translate(lang, 'server.import_row', {
    row,
    message: translate(lang, 'validation.field_error', { field: translate(lang, `resources.order.fields.${field}`), message: translate(lang, messageKey, params) }),
  }),
});

/** Converts a row's cells by the save-order rules: the same schema, amounts by digits, codes or labels, due times. */
const checkRow = (ctx: CallContext, raw: RawRow): Checked => {
  const { lang } = ctx;
  const errors: Checked['errors'] = [];
  const text = (k: ColumnKey) => {
    const v = raw.cells[k];
    return v instanceof Date ? v.toISOString() : v;
  };
  const input: Record<string, unknown> = { app_name: text('app_name') ?? '' };
  const amount = text('amount');
  if (amount !== undefined) {
    const cents = parseCents(amount);
    if (cents === undefined) errors.push(fieldError(lang, raw.row, 'amount', 'validation.money_format'));
    else input.amount = cents;
  }
  const currency = text('currency');
  if (currency !== undefined) input.currency = currency.trim().toUpperCase();
  for (const k of ['cycle', 'pay_type'] as const) {
    const v = text(k);
    if (v === undefined) continue;
    const code = codeOf(k, v);
    if (code === undefined) errors.push(fieldError(lang, raw.row, k, 'validation.invalid_option'));
    else input[k] = code;
  }
  const due = raw.cells.due_at;
  if (due !== undefined) {
    const at = parseTime(due);
    if (!at) errors.push(fieldError(lang, raw.row, 'due_at', 'validation.datetime_format'));
    else if (new Date(at) <= new Date()) errors.push(fieldError(lang, raw.row, 'due_at', 'validation.due_future'));
    else input.due_at = at;
  }
  const note = text('note');
  if (note !== undefined) input.note = note;
  const create = schemasOf(ctx.def).create;
  const parsed = create.safeParse(input);
  if (!parsed.success) {
    // With the schema and the row, an empty cell reads "required" and a wrong one names its rule.
    for (const e of fieldErrors(lang, parsed.error.issues, ctx.def.name, undefined, create, input)) {
      if (!errors.some((x) => x.field === e.field)) errors.push({ row: raw.row, field: e.field, message: translate(lang, 'server.import_row', { row: raw.row, message: e.message }) });
    }
  }
  return { row: raw.row, values: parsed.success ? { ...parsed.data, ...(ctx.mount.fixed ?? {}) } : undefined, errors };
};

/** A guid's shape, which no BU code has (codes are letters and digits). */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The BU columns, the first filled one naming the row's BU: the ID an export writes, then the code, then the BU column. */
const BU_COLUMNS = ['bu_guid', 'bu_code', 'bu_name'] as const;

/**
 * The BU each row names, by its guid or its code and never by its name: every tenant names its own
 * BU as it likes, so a BU renamed after another's code cannot draw that BU's rows. One query for the
 * whole file; a code two BUs share is ambiguous, and a value that is only a BU's name names no BU.
 */
const resolveBus = async (ctx: CallContext, db: Queryable, raws: RawRow[], checked: Checked[]) => {
  const named = raws.map((r) => {
    for (const field of BU_COLUMNS) {
      const v = r.cells[field];
      const value = typeof v === 'string' ? v.trim() : '';
      if (value) return { field, value, guid: GUID.test(value) };
    }
    return undefined;
  });
  const guids = [...new Set(named.flatMap((n) => (n?.guid ? [n.value.toLowerCase()] : [])))];
  const codes = [...new Set(named.flatMap((n) => (n && !n.guid ? [n.value] : [])))];
  const { rows } = await db.query<{ guid: string; name: string; code: string | null }>('select guid, name, code from bu where guid = any($1::uuid[]) or code = any($2::text[])', [guids, codes]);
  const byKey = new Map<string, { guid: string; name: string }[]>();
  for (const b of rows) {
    byKey.set(b.guid, [b]);
    if (b.code) byKey.set(`code:${b.code}`, [...(byKey.get(`code:${b.code}`) ?? []), b]);
  }
  raws.forEach((r, i) => {
    const n = named[i];
    const found = n && byKey.get(n.guid ? n.value.toLowerCase() : `code:${n.value}`);
    if (!n) checked[i].errors.unshift(fieldError(ctx.lang, r.row, 'bu_name', 'validation.required'));
    else if (!found?.length) checked[i].errors.unshift(fieldError(ctx.lang, r.row, n.field, 'server.import_bu_unknown', { value: n.value }));
    else if (found.length > 1) checked[i].errors.unshift(fieldError(ctx.lang, r.row, n.field, 'server.import_bu_ambiguous', { value: n.value }));
    else checked[i].bu = { guid: found[0].guid, name: found[0].name };
  });
};

const jsonInput = z.object({
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).min(1, 'validation.import_rows').max(MAX_IMPORT_ROWS, 'validation.import_rows'),
  commit: z.boolean().optional(),
});
const truthy = (v: unknown) => v === true || v === 'true' || v === '1';

/** The rows of the request: an uploaded file's, or a JSON body's. */
const rowsOf = async (ctx: CallContext): Promise<{ raws: RawRow[]; commit: boolean }> => {
  const req = ctx.req!;
  if (!req.isMultipart()) {
    const { rows, commit } = parseOrWarn(ctx.lang, jsonInput, ctx.input, 'order');
    // Keys are the sheet's headers (a field key, or its label in any language), like a file's.
    const header = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const lines = [header, ...rows.map((r) => header.map((h) => (r[h] === null || r[h] === undefined ? '' : String(r[h]))))];
    const csv = lines.map((l) => l.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n');
    const raws = (await readSheet(ctx.lang, 'csv', Buffer.from(csv), ctx.caller!.userGuid)).map((r) => ({ ...r, row: r.row - 1 }));
    return { raws, commit: !!commit };
  }
  let file: { name: string; bytes: Buffer } | undefined;
  let commit = false;
  for await (const part of req.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'commit') commit = truthy(part.value);
      continue;
    }
    const name = part.filename.replace(/[\\/\0]/g, '_').slice(0, 200);
    const bytes = await part.toBuffer().catch(() => null);
    if (!bytes || part.file.truncated) throw new Warning('server.import_too_large', { limit: '5 MB' });
    file = { name, bytes };
  }
  if (!file) throw new Warning('server.file_missing');
  const format = formatOf(ctx.lang, file.name, file.bytes);
  return { raws: await readSheet(ctx.lang, format, file.bytes, ctx.caller!.userGuid), commit };
};

/** Stores the checked rows through the definition's rules (number, state) in batches, inside `tx`. */
const store = async (ctx: CallContext, tx: Queryable, rows: Checked[]) => {
  const { def } = ctx;
  const BATCH = 500;
  for (let i = 0; i < rows.length; i += BATCH) {
    let pending = await Promise.all(
      rows.slice(i, i + BATCH).map(async (r) => {
        const values = { ...r.values! };
        await ctx.rules.beforeWrite?.(ctx, tx, values);
        return { guid: randomUUID(), created_by: ctx.caller?.userGuid ?? null, bu_guid: r.bu!.guid, ...values } as Record<string, unknown>;
      }),
    );
    // Order numbers are random: a clash with a stored one (or within the batch) takes a new number and tries again.
    for (let attempt = 0; pending.length && attempt < 5; attempt++) {
      const names = Object.keys(pending[0]);
      const params: unknown[] = [];
      const tuples = pending.map((p) => `(${names.map((n) => (params.push(p[n]), `$${params.length}`)).join(', ')})`);
      const { rows: stored } = await tx.query(`insert into ${ident(def.storage.table)} (${names.map(ident).join(', ')}) values ${tuples.join(', ')} on conflict do nothing returning *`, params);
      for (const row of stored) {
        await ctx.rules.afterWrite?.(ctx, tx, row);
        await emitChange(ctx, tx, 'created', row);
      }
      const done = new Set(stored.map((r) => r.guid));
      pending = pending.filter((p) => !done.has(p.guid));
      for (const p of pending) await ctx.rules.beforeWrite?.(ctx, tx, p);
    }
    if (pending.length) throw new Error('order numbers kept clashing');
  }
};

/**
 * `import-orders`: a preview (`{ total, valid, error_count, errors, rows }`), or with `commit` every
 * row written in one transaction (`{ imported }`); a file with any bad row writes nothing.
 */
const rowError = z.object({ row: z.int(), field: z.string(), message: z.string() });
const importAnswer = z.union([
  z.object({
    columns: z.array(z.string()),
    total: z.int(),
    valid: z.int(),
    error_count: z.int(),
    errors: z.array(rowError),
    // A preview row: the file's cells when bad, the values to store when good, with the row number and its sentences.
    rows: z.array(z.looseObject({ row: z.int(), bu_name: z.string().nullable(), errors: z.array(z.string()) })),
    committed: z.literal(false),
  }),
  z.object({ imported: z.int(), committed: z.literal(true) }),
]);

export const importOrders = named({ output: importAnswer, form: z.object({ commit: z.enum(['true', 'false']).optional().describe('`true` writes the rows; else a preview') }) }, async (ctx) => {
  const { raws, commit } = await rowsOf(ctx);
  const checked = raws.map((r) => checkRow(ctx, r));
  await resolveBus(ctx, ctx.services.db, raws, checked);
  const bad = checked.filter((c) => c.errors.length);
  const errors = bad.flatMap((c) => c.errors);
  const preview = {
    // The fields each preview row holds, in order, for the console's table.
    columns: ['bu_name', 'app_name', 'amount', 'currency', 'cycle', 'pay_type', 'due_at', 'note'],
    total: checked.length,
    valid: checked.length - bad.length,
    error_count: errors.length,
    errors: errors.slice(0, MAX_ERRORS),
    // The rows with errors first, then the others, as stored (amounts in cents).
    rows: [...bad, ...checked.filter((c) => !c.errors.length)].slice(0, PREVIEW_ROWS).map((c, i) => {
      const raw = raws.find((r) => r.row === c.row) ?? raws[i];
      // A date cell as the clock it shows.
      const cell = (k: ColumnKey) => (raw.cells[k] instanceof Date ? (raw.cells[k] as Date).toISOString().slice(0, 19).replace('T', ' ') : (raw.cells[k] as string | undefined) ?? null);
      // A bad row shows what the file holds; a good one what will be stored, with the name of the BU it lands in, its due time as read in the business zone.
      if (c.values && !c.errors.length) return { row: c.row, bu_name: c.bu!.name, ...c.values, due_at: c.values.due_at ? businessText(c.values.due_at as string) : null, errors: [] };
      return { row: c.row, bu_name: cell('bu_guid') ?? cell('bu_code') ?? cell('bu_name'), app_name: cell('app_name'), amount: cell('amount'), currency: cell('currency'), cycle: cell('cycle'), pay_type: cell('pay_type'), due_at: cell('due_at'), note: cell('note'), errors: c.errors.map((e) => e.message) };
    }),
  };
  if (!commit) return { ...preview, committed: false as const };
  if (bad.length) throw new Warning('server.import_has_errors', { smart_count: bad.length, first: errors[0].message }, { error_count: errors.length, errors: preview.errors });
  await ctx.services.db.transaction((tx) => store(ctx, tx, checked));
  return { imported: checked.length, committed: true as const };
});

const exportInput = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'validation.export_format' }),
  sort: z.union([z.string(), z.object({ field: z.string().optional(), order: z.string().optional() })]).optional(),
  keyword: z.string().optional(),
});
const BATCH_ROWS = 1000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const KIND_NAMES: Record<number, string> = { 0: 'orders', 1: 'orders-product', 2: 'orders-service' };

/**
 * `export`, `export-orders`: the list as filtered (the page call's filters and keyword), as CSV
 * (UTF-8 with a BOM) or XLSX, streamed: rows are read in batches of 1,000 by keyset on
 * (created_at, guid) while the file is sent. `format` (csv, xlsx) may come in the query when the call takes no body.
 * Its body is the format and the list's own filters (the definition's), read from `ctx.input` as the page reads them.
 */
export const exportOrders = named({ input: (_mount, def) => exportInput.extend(filtersOf(def, true)) as unknown as typeof exportInput, download: ['text/csv', XLSX] }, async (ctx, { format, sort }) => {
  const { def, mount, caller, lang, input } = ctx;
  const field = typeof sort === 'string' ? sort : sort ? `${String(sort.order).toLowerCase() === 'asc' ? '' : '-'}${sort.field}` : def.api.sort ?? '-created_at';
  const desc = field !== 'created_at';
  const where = filterWhere(def, ctx.call, input, scopeWhere(def, mount, caller));
  const db = ctx.services.db;
  const sql = (after: boolean) =>
    `select o.*, o.created_at::text as cursor_at, (select b.name from bu b where b.guid = o.bu_guid) as bu_name, (select b.code from bu b where b.guid = o.bu_guid) as bu_code
       from ${ident(def.storage.table)} o${where.toSql()}${after ? `${where.parts.length ? ' and' : ' where'} (o.created_at, o.guid) ${desc ? '<' : '>'} ($${where.params.length + 1}::timestamptz, $${where.params.length + 2}::uuid)` : ''}
      order by o.created_at ${desc ? 'desc' : 'asc'}, o.guid ${desc ? 'desc' : 'asc'} limit ${BATCH_ROWS}`;
  async function* batches() {
    let last: { cursor_at: string; guid: string } | undefined;
    for (;;) {
      const { rows } = await db.query<Record<string, unknown> & { cursor_at: string; guid: string }>(sql(!!last), last ? [...where.params, last.cursor_at, last.guid] : where.params);
      if (!rows.length) return;
      yield rows;
      if (rows.length < BATCH_ROWS) return;
      last = rows[rows.length - 1];
    }
  }
  const kind = Number(mount.fixed?.kind ?? 0);
  const name = `${KIND_NAMES[kind] ?? 'orders'}-${wallClock(new Date()).toISOString().slice(0, 10).replaceAll('-', '')}.${format}`;
  const reply = ctx.reply!;
  reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
  return reply.send(sheetStream(lang, format, batches()));
});

/**
 * `import-template`: the import's XLSX template in the caller's language (server/services/order-sheet.ts
 * `templateBook`). It takes no body: one with fields is refused, so only a request it understands gets a file.
 */
export const importTemplate = named({ input: z.strictObject({}), download: [XLSX] }, async (ctx) => {
  const kind = Number(ctx.mount.fixed?.kind ?? 0);
  return ctx.reply!
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${KIND_NAMES[kind] ?? 'orders'}-template.xlsx"`)
    .header('cache-control', 'no-store')
    .send(await templateBook(ctx.lang));
});
