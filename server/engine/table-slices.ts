import type { Db, Queryable } from '../db/driver.ts';

/**
 * A large list read in slices on the embedded database (docs/operations.md, "Fair share"). Its
 * thread runs one statement at a time and cannot stop one midway, so a statement that reads a whole
 * large table (a heavy BU's keyword search: the total, and the page itself when few rows match)
 * would hold every other tenant's statement for its full length. There it is read in slices of
 * SLICE_PAGES pages of the table (a TID range each, its own statement), and the thread's turns
 * (`ShareTurns`) let other shares' statements run between them. A read in slices holds one of its
 * share's slots throughout (`Db.holding`), so a BU's many heavy pages are read a few at a time
 * rather than all together, each finishing late.
 *
 * Whether to slice is the planner's call, kept DECISION_MS per count statement and parameters: a
 * count it expects to cost at least as much as reading every page of the table once (`Total Cost`
 * against the table's pages) reads most of it anyway; one it expects to answer from an index (a
 * light BU in a large table) stays one statement, and so does the page beside it. Slices are
 * separate statements: rows written between them may be read in one slice and not another, so
 * under concurrent writes a total or a page can be off by the rows written while it was read.
 */
export const SLICE_PAGES = 32;
/** A table of fewer pages is read in one statement: slicing it would gain nothing. */
const MIN_PAGES = SLICE_PAGES * 4;
/** A page whose rows the index order should reach within this many pages of the table is one statement. */
const DENSE_PAGES = SLICE_PAGES * 4;
/** Past this many candidates, a page is one statement: each slice hands back up to its offset and size. */
const CANDIDATES_MAX = 5_000;
const DECISION_MS = 10_000;
const DECISIONS_MAX = 1_000;

/** Per count statement and parameters: the table's pages, when it is read in slices, and until when that holds. */
const decisions = new Map<string, { pages: number | null; until: number }>();

/** A list's FROM … WHERE parts with one more condition, on a table that can be sliced by `ctid`. */
export interface Sliceable {
  /** The table, as SQL names it (`ident`). */
  table: string;
  /** The rows as the page reads them (`Where.toSql`). */
  from: (extra: string) => string;
  /** The rows as the count reads them (`Where.toCountSql`). */
  countFrom: (extra: string) => string;
}

type Sliced = Queryable & Partial<Pick<Db, 'kind' | 'holding'>>;

const countSql = (from: string, cap: number) => `select count(*)::int as n from (select 1 ${from} limit ${cap + 1}) capped`;

/** The table's pages when this count is to be read in slices; null for one statement. */
export const slicePlan = async (db: Sliced, countFrom: string, params: unknown[], cap: number, slices?: Sliceable): Promise<number | null> => {
  if (db.kind !== 'pglite' || !slices) return null;
  const sql = countSql(countFrom, cap);
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  const known = decisions.get(key);
  if (known && known.until > now) return known.pages;
  const size = await db.query<{ pages: number }>(`select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`, [slices.table]);
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

/** The slices' conditions; the last is open-ended, taking the pages the table grew by since its size was read. */
const ranges = (table: string, pages: number) => {
  const ctid = `${table}.ctid`;
  const out: string[] = [];
  for (let start = 0; ; start += SLICE_PAGES) {
    if (start + SLICE_PAGES >= pages) return [...out, `${ctid} >= ${tid(start)}`];
    out.push(`${ctid} >= ${tid(start)} and ${ctid} < ${tid(start + SLICE_PAGES)}`);
  }
};

/** The rows `countFrom` holds, counted up to `cap` + 1 in one statement (so a caller can tell a capped total). */
export const cappedCount = async (db: Queryable, countFrom: string, params: unknown[], cap: number) => (await db.query<{ n: number }>(countSql(countFrom, cap), params)).rows[0].n;

/** A page's rows in one statement: `limit` after `offset`, in the page's order. */
export const pageRows = async <T>(db: Queryable, q: { select: string; from: string; order: string; params: unknown[] }, offset: number, limit: number) => {
  const n = q.params.length;
  return (await db.query<T>(`select ${q.select} ${q.from} ${q.order} limit $${n + 1} offset $${n + 2}`, [...q.params, limit, offset])).rows;
};

/**
 * Whether a page of `limit` rows after `offset`, of `total` rows matched, is read from its slices'
 * candidates: when the index order would pass over more than DENSE_PAGES of the table's pages before
 * it had them, as a keyword few rows match makes it read the whole BU.
 */
const sparse = (total: number, offset: number, limit: number, pages: number) => ((offset + limit) * pages) / total > DENSE_PAGES;

/**
 * The total by slices and, while the page may still be sparse, each slice's first `offset + limit`
 * rows in the page's order (their `ctid`s), read by the same statement as its count: the table is
 * read once for both. Once the rows counted so far make the page dense, or the candidates pass
 * CANDIDATES_MAX (a deep page), the later slices are counted only. The candidates are kept only
 * when every slice gave its own (a count stopped at the cap leaves them short).
 */
const countedSlices = async (db: Queryable, q: { order: string; params: unknown[] }, sliced: { pages: number; slices: Sliceable }, cap: number, offset: number, limit: number) => {
  const { table, countFrom } = sliced.slices;
  let total = 0;
  let candidates: string[] | null = [];
  for (const range of ranges(table, sliced.pages)) {
    if (total > cap) return { total, candidates: null };
    if (candidates && (candidates.length > CANDIDATES_MAX || !sparse(total, offset, limit, sliced.pages))) candidates = null;
    if (!candidates) {
      total += await cappedCount(db, countFrom(range), q.params, cap - total);
      continue;
    }
    const slice = await db.query<{ c: string; n: number }>(`select ${table}.ctid::text as c, count(*) over ()::int as n ${countFrom(range)} ${q.order} limit ${offset + limit}`, q.params);
    total += slice.rows[0]?.n ?? 0;
    for (const row of slice.rows) candidates.push(row.c);
  }
  return { total, candidates };
};

/** One page of rows among the slices' candidates, which hold the page's: one statement orders them. */
const candidateRows = async <T>(db: Queryable, q: { select: string; order: string; params: unknown[] }, slices: Sliceable, candidates: string[], offset: number, limit: number): Promise<T[]> => {
  const n = q.params.length;
  const page = await db.query<T>(`select ${q.select} ${slices.from(`${slices.table}.ctid = any($${n + 1}::tid[])`)} ${q.order} limit $${n + 2} offset $${n + 3}`, [...q.params, candidates, limit, offset]);
  return page.rows;
};

/**
 * A page and its capped total read by slices, all in one slot of the caller's share, so a BU's many
 * heavy pages finish one after another. A sparse page is ordered from its slices' candidates; a
 * dense one (many rows match) is one statement, which the index order answers quickly.
 */
export const slicedPage = <T>(
  db: Sliced,
  q: { select: string; from: string; order: string; params: unknown[] },
  sliced: { pages: number; slices: Sliceable },
  cap: number,
  offset: number,
  limit: number,
): Promise<{ list: T[]; total: number }> => {
  // One slot throughout: the slices do not queue behind the share's other statements each time.
  const page = async () => {
    const { total, candidates } = await countedSlices(db, q, sliced, cap, offset, limit);
    if (total <= offset) return { list: [], total };
    return { list: candidates ? await candidateRows<T>(db, q, sliced.slices, candidates, offset, limit) : await pageRows<T>(db, q, offset, limit), total };
  };
  return db.holding ? db.holding(page) : page();
};
