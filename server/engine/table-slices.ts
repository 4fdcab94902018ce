import type { Db, Queryable } from '../db/driver.ts';

/**
 * A page's capped total (docs/operations.md, "Fair share"). The embedded database runs one
 * statement at a time and cannot stop one midway, so a count that reads a whole large table (a
 * heavy BU's keyword search) would hold every other tenant's statement for its full length. There
 * it is read in slices of SLICE_PAGES pages of the table (a TID range each, its own statement), and
 * the thread's turns (`ShareTurns`) let other shares' statements run between them. The count holds
 * one of its share's slots throughout (`Db.holding`), so a BU's many heavy pages count a few at a
 * time rather than all together, each finishing late.
 *
 * Whether to slice is the planner's call, kept DECISION_MS per statement and parameters: a count it
 * expects to cost at least as much as reading every page of the table once (`Total Cost` against
 * the table's pages) reads most of it anyway; one it expects to answer from an index (a light BU in
 * a large table) stays one statement. Slices are separate statements: rows written between them
 * may be counted in one slice and not another, so under concurrent writes the total can be off by
 * the rows written while it was counted.
 */
export const SLICE_PAGES = 32;
/** A table of fewer pages is counted in one statement: slicing it would gain nothing. */
const MIN_PAGES = SLICE_PAGES * 4;
const DECISION_MS = 10_000;
const DECISIONS_MAX = 1_000;

/** Per count statement and parameters: the table's pages, when it is read in slices, and until when that holds. */
const decisions = new Map<string, { pages: number | null; until: number }>();

/** The FROM … WHERE part of a count with one more condition, on a table that can be sliced by `ctid`. */
export interface Sliceable {
  /** The table, as SQL names it (`ident`). */
  table: string;
  from: (extra: string) => string;
}

const countSql = (from: string, cap: number) => `select count(*)::int as n from (select 1 ${from} limit ${cap + 1}) capped`;

const slicedPages = async (db: Queryable, sql: string, params: unknown[], table: string): Promise<number | null> => {
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  const known = decisions.get(key);
  if (known && known.until > now) return known.pages;
  const size = await db.query<{ pages: number }>(`select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`, [table]);
  const pages = size.rows[0].pages;
  let sliced: number | null = null;
  if (pages >= MIN_PAGES) {
    const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>(`explain (format json) ${sql}`, params);
    if (plan.rows[0]['QUERY PLAN'][0].Plan['Total Cost'] >= pages) sliced = pages;
  }
  if (decisions.size >= DECISIONS_MAX) decisions.clear();
  decisions.set(key, { pages: sliced, until: now + DECISION_MS });
  return sliced;
};

const tid = (page: number) => `'(${page},0)'::tid`;

/** The rows `from` holds, counted up to `cap` + 1 (so a caller can tell a capped total). */
export const cappedCount = async (db: Queryable & Partial<Pick<Db, 'kind' | 'holding'>>, from: string, params: unknown[], cap: number, slices?: Sliceable): Promise<number> => {
  const sql = countSql(from, cap);
  const pages = db.kind === 'pglite' && slices ? await slicedPages(db, sql, params, slices.table) : null;
  if (pages === null || !slices) return (await db.query<{ n: number }>(sql, params)).rows[0].n;
  const ctid = `${slices.table}.ctid`;
  const count = async () => {
    let total = 0;
    for (let start = 0; total <= cap; start += SLICE_PAGES) {
      // The last slice is open-ended: it takes the pages the table grew by since its size was read.
      const last = start + SLICE_PAGES >= pages;
      const range = last ? `${ctid} >= ${tid(start)}` : `${ctid} >= ${tid(start)} and ${ctid} < ${tid(start + SLICE_PAGES)}`;
      total += (await db.query<{ n: number }>(countSql(slices.from(range), cap - total), params)).rows[0].n;
      if (last) break;
    }
    return total;
  };
  // One slot for the whole count: its slices do not queue behind the share's other statements each time.
  return db.holding ? db.holding(count) : count();
};
