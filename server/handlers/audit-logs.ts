import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import { logRow, searchLog, type LogSearch } from '../services/audit-log.ts';
import type { CallContext } from '../engine/context.ts';
import { COUNT_CAP, pagingInput, pagingOf } from '../engine/paging.ts';
import { logAnswers } from '../engine/call-docs.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { named } from '../engine/named.ts';
import { DAY_MS, LOG_WINDOW_DAYS } from '../../schemas/log-window.ts';

/**
 * The audit logs' searches (docs/operator.md, "Audit logs"): a window of at most 7 days (the last
 * 7 days unless `from`/`to` say otherwise), the definition's filters, newest first; numbered pages
 * for the console (`page`, up to the first 10,000 rows), a keyset `cursor` (the previous page's
 * `next`) for going deeper; the total capped at 10,000 and counted only when asked.
 */

const when = datetime().optional();
const text = (max: number) => z.string().trim().max(max, `validation.max_${max}`).optional();
const guidFilter = z.uuid('validation.guid_format').optional();
const userType = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.invalid_option' }).optional();

const windowInput = z.object({
  from: when,
  to: when,
  cursor: z.string().regex(/^[0-9T:.+-]+Z?\|[0-9a-f-]{36}$/, 'validation.cursor_format').optional(),
  /** False skips counting (a later page needs no new total); counted by default on numbered pages. */
  with_total: z.boolean().optional(),
});

/** Each log: its table, the filters its search takes, and the columns it answers. */
const LOGS: Record<string, { table: LogSearch['table']; filters: z.ZodObject }> = {
  'login-log': {
    table: 'login_log',
    filters: z.object({
      username: text(64),
      user_guid: guidFilter,
      scene: z.enum(['admin', 'tenant'], { error: 'validation.invalid_option' }).optional(),
      result: text(32),
      ip: text(64),
    }),
  },
  'operation-log': {
    table: 'operation_log',
    filters: z.object({
      username: text(64),
      user_guid: guidFilter,
      user_type: userType,
      bu_guid: guidFilter,
      resource: text(64),
      action: text(32),
      target_guid: guidFilter,
    }),
  },
  'request-log': {
    table: 'request_log',
    filters: z.object({
      username: text(64),
      user_guid: guidFilter,
      user_type: userType,
      bu_guid: guidFilter,
      path: text(200),
      http_status: z.number().int().min(100).max(599).optional(),
      request_id: text(64),
    }),
  },
};

const logOf = (ctx: CallContext) => {
  const log = LOGS[ctx.def.name];
  if (!log) throw new Error(`${ctx.def.name} is no audit log`);
  return log;
};

/** The columns a log answers: its definition's fields. */
const columnsOf = (ctx: CallContext) => Object.keys(ctx.def.schema.shape);

/**
 * The window searched: at most the definition's `window.days` (LOG_WINDOW_DAYS), ending now unless
 * `to` says otherwise (a start alone, as a person picks it on the log page, searches the days from
 * it); a wider one is refused, saying so and naming `from`.
 */
export const windowOf = (days: number, from: string | undefined, to: string | undefined, now = new Date()) => {
  const span = days * DAY_MS;
  const end = to ? new Date(to) : from ? new Date(Math.min(now.getTime(), new Date(from).getTime() + span)) : now;
  const start = from ? new Date(from) : new Date(end.getTime() - span);
  if (start > end || end.getTime() - start.getTime() > span) throw new Warning('server.log_window', { days }, { field: 'from' });
  return { from: start, to: end };
};

const search = async (ctx: CallContext, any?: LogSearch['any']) => {
  const log = logOf(ctx);
  const w = parseOrWarn(ctx.lang, windowInput, ctx.input, ctx.def.name);
  const eq = parseOrWarn(ctx.lang, log.filters, ctx.input, ctx.def.name) as Record<string, unknown>;
  const { page, page_size } = pagingOf(ctx.lang, ctx.input, ctx.def.name);
  const offset = (page - 1) * page_size;
  // Numbered pages reach the rows a capped total counts; past them the cursor goes on.
  if (!w.cursor && offset >= COUNT_CAP) throw new Warning('server.log_page_too_deep', { max: COUNT_CAP.toLocaleString('en') }, { field: 'page' });
  const { from, to } = windowOf(ctx.def.window?.days ?? LOG_WINDOW_DAYS, w.from, w.to);
  // Every entry recorded before this search is in it.
  await ctx.services.audit.flush(log.table);
  const found = await searchLog(ctx.services.db, {
    table: log.table,
    columns: columnsOf(ctx),
    from,
    to,
    eq,
    any,
    cursor: w.cursor,
    offset,
    pageSize: page_size,
    withTotal: w.with_total ?? !w.cursor,
  });
  return w.cursor ? found : { ...found, page };
};

/** A log's search takes its window, its filters and a page (or a cursor). */
const searchInput = (def: ResourceDef) => windowInput.extend(LOGS[def.name]?.filters.shape ?? {}).extend(pagingInput.shape);

/** `page` of each log: the definition's own search. */
export const logSearch = named({ input: (_mount, def) => searchInput(def), output: (_mount, def) => logAnswers(def).page }, async (ctx) => search(ctx));

/** `user-operation-log/page`: the operations of tenant users (main and sub accounts), one user or BU by its filters. */
export const userOperations = named({ input: (_mount, def) => searchInput(def), output: (_mount, def) => logAnswers(def).page }, async (ctx) => {
  if (ctx.input.user_type === 0) return { list: [], page_size: pagingOf(ctx.lang, ctx.input, ctx.def.name).page_size, next: null, count: 0, count_capped: false };
  return search(ctx, { user_type: [1, 2] });
});

const detailInput = z.object({ guid: z.uuid('validation.guid_format') });
/** `detail`: one row of the log, with everything it keeps. */
export const logDetail = named({ input: detailInput, output: (_mount, def) => logAnswers(def).row }, async (ctx, { guid }) => {
  const { table } = logOf(ctx);
  await ctx.services.audit.flush(table);
  const row = await logRow(ctx.services.db, table, columnsOf(ctx), guid);
  if (!row) throw new Warning('server.record_not_found');
  return row;
});
