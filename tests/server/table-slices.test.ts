import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../server/db/driver.ts';
import { COUNT_CAP, pageQuery } from '../../server/engine/paging.ts';
import { SLICE_PAGES, type Sliceable } from '../../server/engine/table-slices.ts';
import { testDb } from '../helpers/db.ts';

/**
 * A large list read in slices (server/engine/table-slices.ts; docs/operations.md, "Fair share"): on
 * the embedded database a total the planner expects to read the whole of a large table is counted
 * in slices of SLICE_PAGES pages, each its own statement, and so is the page when few rows match;
 * the answer is the one statement's. A list answered from an index, a small table, and PostgreSQL
 * keep one statement each.
 */
describe('a large list read in slices', () => {
  let db: Db;
  const HEAVY = 30_000;
  const where = (table: string, extra: string) => `from ${table} where bu = $1 and lower(name) like $2${extra ? ` and ${extra}` : ''}`;
  const list = (table = 'counted') => {
    const slices: Sliceable = { table, from: (range) => where(table, range), countFrom: (range) => where(table, range) };
    return { select: 'id, name', from: where(table, ''), order: 'order by id desc', slices };
  };

  /** The database, with every statement it is sent written down. */
  const recorded = () => {
    const sent: string[] = [];
    const q: Queryable & Pick<Db, 'kind' | 'holding'> = { kind: db.kind, holding: db.holding, query: (sql, params) => (sent.push(sql), db.query(sql, params)) };
    return {
      q,
      sent,
      counts: () => sent.filter((s) => s.startsWith('select count(*)')),
      /** A slice's count with its first rows' `ctid`s. */
      candidates: () => sent.filter((s) => s.includes('ctid::text as c')),
      /** The statement that orders the candidates. */
      fromCandidates: () => sent.filter((s) => s.includes('ctid = any(')),
    };
  };
  /** The same page as one statement for the rows and one for the count read it. */
  const plain = (bu: string, like: string, { page = 1, page_size = 20, table = 'counted' } = {}) => {
    const { slices: _, ...q } = list(table);
    return pageQuery(db, { ...q, params: [bu, like] }, { page, page_size });
  };
  const pagesOf = async (table: string) => (await db.query<{ n: number }>(`select (pg_relation_size('${table}') / current_setting('block_size')::int)::int as n`)).rows[0].n;

  beforeAll(async () => {
    db = await testDb();
    await db.query('create table counted (id serial primary key, bu text not null, name text not null)');
    await db.query("insert into counted (bu, name) select 'heavy', 'Member ' || i from generate_series(1, $1::int) i", [HEAVY]);
    await db.query("insert into counted (bu, name) select 'light', 'Member ' || i from generate_series(1, 40) i");
    await db.query("insert into counted (bu, name) select 'heavy', 'Deep ' || i from generate_series(1, 300) i");
    await db.query('create index counted_bu on counted (bu, id)');
    await db.query('create table few (id serial primary key, bu text not null, name text not null)');
    await db.query("insert into few (bu, name) select 'heavy', 'Member ' || i from generate_series(1, 200) i");
    await db.query('analyze');
  });
  afterAll(() => db?.close());

  it("counts a heavy BU's keyword search in slices on the embedded database, its page (many match) in one statement", async () => {
    const r = recorded();
    const page = await pageQuery(r.q, { ...list(), params: ['heavy', '%ember 9%'] }, { page: 1, page_size: 20 });
    // Member 9, 90–99, 900–999 and 9000–9999.
    expect(page.count).toBe(1_111);
    expect(page).toEqual(await plain('heavy', '%ember 9%'));
    if (db.kind === 'pglite') {
      const slices = [...r.candidates(), ...r.counts()];
      expect(slices).toHaveLength(Math.ceil((await pagesOf('counted')) / SLICE_PAGES));
      expect(slices.every((s) => s.includes('counted.ctid >= ')), slices[0]).toBe(true);
      // The first slice already holds more than such a page needs: the others are counted only.
      expect(r.candidates()).toHaveLength(1);
    } else {
      expect(r.counts()).toHaveLength(1);
      expect(r.candidates()).toEqual([]);
    }
    expect(r.fromCandidates()).toEqual([]);
  });

  it('reads the page from the same slices when few rows match, the same rows in the same order on every page', async () => {
    // Member 2999 and 29990–29999: eleven.
    for (const pageNo of [1, 2]) {
      const r = recorded();
      const page = await pageQuery(r.q, { ...list(), params: ['heavy', '%ember 2999%'] }, { page: pageNo, page_size: 10 });
      expect(page).toEqual(await plain('heavy', '%ember 2999%', { page: pageNo, page_size: 10 }));
      expect(page.list.length).toBe(pageNo === 1 ? 10 : 1);
      if (db.kind === 'pglite') {
        // The table is read once: each slice's count comes with its first rows.
        expect(r.candidates()).toHaveLength(Math.ceil((await pagesOf('counted')) / SLICE_PAGES));
        expect(r.counts()).toEqual([]);
        expect(r.fromCandidates()).toHaveLength(1);
      } else {
        expect(r.candidates()).toEqual([]);
      }
    }
    const none = recorded();
    expect(await pageQuery(none.q, { ...list(), params: ['heavy', '%nobody%'] }, { page: 1, page_size: 20 })).toEqual(await plain('heavy', '%nobody%'));
    // Nothing matched: no statement reads the rows.
    if (db.kind === 'pglite') expect(none.sent.filter((s) => s.startsWith('select id, name'))).toEqual([]);
  });

  it('stops counting at the cap', async () => {
    const slices = Math.ceil((await pagesOf('counted')) / SLICE_PAGES);
    const r = recorded();
    // Every member matches: 30,000, past the cap of 10,000.
    const page = await pageQuery(r.q, { ...list(), params: ['heavy', '%member%'] }, { page: 1, page_size: 20 });
    expect(page).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(page).toEqual(await plain('heavy', '%member%'));
    if (db.kind === 'pglite') expect(r.candidates().length + r.counts().length).toBeLessThan(slices);
  });

  it('reads a deep page from the slices too while few rows match, and in one statement once many do', async () => {
    const slices = Math.ceil((await pagesOf('counted')) / SLICE_PAGES);
    // 300 of 30,340 rows, the third page of 100.
    const few = recorded();
    const deep = await pageQuery(few.q, { ...list(), params: ['heavy', '%deep%'] }, { page: 3, page_size: 100 });
    expect(deep.list).toHaveLength(100);
    expect(deep).toEqual(await plain('heavy', '%deep%', { page: 3, page_size: 100 }));
    if (db.kind === 'pglite') {
      expect(few.candidates()).toHaveLength(slices);
      expect(few.fromCandidates()).toHaveLength(1);
    }
    // Thousands match: the first slice shows it, and the page is one statement.
    const many = recorded();
    expect(await pageQuery(many.q, { ...list(), params: ['heavy', '%ember 2%'] }, { page: 11, page_size: 20 })).toEqual(await plain('heavy', '%ember 2%', { page: 11 }));
    expect(many.candidates()).toHaveLength(db.kind === 'pglite' ? 1 : 0);
    expect(many.fromCandidates()).toEqual([]);
  });

  it('keeps one statement each for a light BU answered from its index, and for a small table', async () => {
    const light = recorded();
    expect(await pageQuery(light.q, { ...list(), params: ['light', '%ember 9%'] }, { page: 1, page_size: 20 })).toEqual(await plain('light', '%ember 9%'));
    expect(light.counts()).toEqual([expect.not.stringContaining('ctid')]);
    expect(light.candidates()).toEqual([]);
    const small = recorded();
    expect(await pageQuery(small.q, { ...list('few'), params: ['heavy', '%ember 9%'] }, { page: 1, page_size: 20 })).toEqual(await plain('heavy', '%ember 9%', { table: 'few' }));
    expect(small.sent.filter((s) => s.startsWith('explain'))).toEqual([]);
    expect(small.counts()).toHaveLength(1);
  });

  it('counts the rows the table grew by after its size was read: the last slice is open-ended', async () => {
    const params = ['heavy', '%ember 3%'];
    const before = (await pageQuery(db, { ...list(), params }, { page: 1, page_size: 20 })).count;
    await db.query("insert into counted (bu, name) select 'heavy', 'Member 3' || i from generate_series(1, 5000) i");
    const after = await pageQuery(db, { ...list(), params }, { page: 1, page_size: 20 });
    expect(after.count).toBe(before + 5000);
    expect(after).toEqual(await plain('heavy', '%ember 3%'));
  });
});
