import { z } from 'zod';
import type { ResourceDef } from '../../resources/types.ts';
import { datetime } from '../../schemas/common.ts';
import { DAY_MS, LOG_WINDOW_DAYS } from '../../schemas/log-window.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import type { CallContext } from './context.ts';
import { COUNT_CAP, pagingInput, pagingOf, pagingValues } from './paging.ts';

/**
 * A definition's keyset search (`keyset`, the audit logs' and any list that switches it on;
 * docs/operator.md "Audit logs"): a window of at most `window.days` (the last days unless `from`/`to`
 * say otherwise), the search's equalities and the call's fixed filters, newest first; numbered pages
 * for the console (`page`, up to the first COUNT_CAP rows), a keyset `cursor` (the previous page's
 * `next`) for going deeper; the total capped at COUNT_CAP and counted only when asked.
 */

const when = datetime().optional();
const windowInput = z.object({
  from: when,
  to: when,
  cursor: z.string().regex(/^[0-9T:.+-]+Z?\|[0-9a-f-]{36}$/, 'validation.cursor_format').optional(),
  /** False skips counting (a later page needs no new total); counted by default on numbered pages. */
  with_total: z.boolean().optional(),
});

/**
 * A keyset search's body: its window, its equalities and a page (or a cursor). Made once per
 * definition: zod compiles a schema's checks at its first parse, which cost more than the search.
 */
const keysetInputs = new WeakMap<ResourceDef, z.ZodObject>();
export const keysetInput = (def: ResourceDef) => {
  let input = keysetInputs.get(def);
  if (!input) keysetInputs.set(def, (input = windowInput.extend(def.storage.keyset?.filters.shape ?? {}).extend(pagingInput.shape)));
  return input;
};

/**
 * The window searched: at most `days`, ending now unless `to` says otherwise (a start alone, as a
 * person picks it on the log page, searches the days from it); a wider one is refused, saying so
 * and naming `from`.
 */
export const windowOf = (days: number, from: string | undefined, to: string | undefined, now = new Date()) => {
  const span = days * DAY_MS;
  const end = to ? new Date(to) : from ? new Date(Math.min(now.getTime(), new Date(from).getTime() + span)) : now;
  const start = from ? new Date(from) : new Date(end.getTime() - span);
  if (start > end || end.getTime() - start.getTime() > span) throw new Warning('server.log_window', { days }, { field: 'from' });
  return { from: start, to: end };
};

/** The columns a keyset search answers: its definition's fields. */
const columnsOf = (def: ResourceDef) => Object.keys(def.schema.shape);

/**
 * One page of the search; `any` fixes columns to some values (a handler's rule: tenant users only),
 * and a filter asking for what it excludes finds nothing at once.
 */
export const keysetPage = async (ctx: CallContext, any: Record<string, readonly (string | number)[]> = {}) => {
  const { def } = ctx;
  // The whole body first, so a refusal names every failing field.
  parseOrWarn(ctx.lang, keysetInput(def), pagingValues(ctx.input), def.name, def.admin.labels);
  const w = parseOrWarn(ctx.lang, windowInput, ctx.input, def.name);
  const eq = parseOrWarn(ctx.lang, def.storage.keyset!.filters, ctx.input, def.name) as Record<string, unknown>;
  const { page, page_size } = pagingOf(ctx.lang, ctx.input, def.name);
  if (Object.entries(any).some(([field, values]) => eq[field] !== undefined && !values.includes(eq[field] as string | number))) {
    return { list: [], page_size, next: null, count: 0, count_capped: false };
  }
  const offset = (page - 1) * page_size;
  // Numbered pages reach the rows a capped total counts; past them the cursor goes on.
  if (!w.cursor && offset >= COUNT_CAP) throw new Warning('server.log_page_too_deep', { max: COUNT_CAP.toLocaleString('en') }, { field: 'page' });
  const { from, to } = windowOf(def.api.window?.days ?? LOG_WINDOW_DAYS, w.from, w.to);
  const found = await ctx.services.audit.search({
    table: def.storage.table,
    columns: columnsOf(def),
    from,
    to,
    eq,
    any: Object.keys(any).length ? any : undefined,
    cursor: w.cursor,
    offset,
    pageSize: page_size,
    withTotal: w.with_total ?? !w.cursor,
  });
  return w.cursor ? found : { ...found, page };
};

const rowInput = z.object({ guid: z.uuid('validation.guid_format') });

/** One row of the search's table, with everything it keeps and its exact time. */
export const keysetRow = async (ctx: CallContext) => {
  const { guid } = parseOrWarn(ctx.lang, rowInput, ctx.input, ctx.def.name);
  const row = await ctx.services.audit.row(ctx.def.storage.table, columnsOf(ctx.def), guid);
  if (!row) throw new Warning('server.record_not_found');
  return row;
};
