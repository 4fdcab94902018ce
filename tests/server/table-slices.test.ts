import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../server/db/driver.ts';
import { cappedCount, SLICE_PAGES, type Sliceable } from '../../server/engine/sliced-count.ts';
import { testDb } from '../helpers/db.ts';

/**
 * `cappedCount` (docs/operations.md, "Fair share"): on the embedded database a count the planner
 * expects to read the whole of a large table runs as slices of SLICE_PAGES pages, each its own
 * statement, so other tenants' statements run between them; the total is the one statement's.
 * A count answered from an index, a small table, and PostgreSQL keep one statement.
 */
describe('a page total counted in slices', () => {
  let db: Db;
  const HEAVY = 30_000;
  const from = (extra = '') => `from counted where bu = $1 and lower(name) like $2${extra ? ` and ${extra}` : ''}`;
  const slices: Sliceable = { table: 'counted', from: (range) => from(range) };

  /** The database, with every statement it is sent written down. */
  const recorded = () => {
    const sent: string[] = [];
    const q: Queryable & { kind: Db['kind'] } = { kind: db.kind, query: (sql, params) => (sent.push(sql), db.query(sql, params)) };
    return { q, sent, counts: () => sent.filter((s) => s.startsWith('select count(*)')) };
  };
  const single = async (bu: string, like: string) => (await db.query<{ n: number }>(`select count(*)::int as n ${from()}`, [bu, like])).rows[0].n;

  beforeAll(async () => {
    db = await testDb();
    await db.query('create table counted (id serial primary key, bu text not null, name text not null)');
    await db.query("insert into counted (bu, name) select 'heavy', 'Member ' || i from generate_series(1, $1::int) i", [HEAVY]);
    await db.query("insert into counted (bu, name) select 'light', 'Member ' || i from generate_series(1, 40) i");
    await db.query('create index counted_bu on counted (bu)');
    await db.query('create table few (id serial primary key, bu text not null, name text not null)');
    await db.query("insert into few (bu, name) select 'heavy', 'Member ' || i from generate_series(1, 200) i");
    await db.query('analyze');
  });
  afterAll(() => db?.close());

  it("reads a heavy BU's keyword count in slices on the embedded database, to the same total", async () => {
    const { q, counts } = recorded();
    const n = await cappedCount(q, from(), ['heavy', '%ember 9%'], 100_000, slices);
    expect(n).toBe(await single('heavy', '%ember 9%'));
    // Member 9, 90–99, 900–999 and 9000–9999.
    expect(n).toBe(1_111);
    const pages = (await db.query<{ n: number }>("select (pg_relation_size('counted') / current_setting('block_size')::int)::int as n")).rows[0].n;
    if (db.kind === 'pglite') {
      expect(counts()).toHaveLength(Math.ceil(pages / SLICE_PAGES));
      expect(counts().every((s) => s.includes('counted.ctid >= ')), counts()[0]).toBe(true);
    } else {
      expect(counts()).toHaveLength(1);
    }
  });

  it('stops at the cap: a capped total reads no further slices', async () => {
    const { q, counts } = recorded();
    expect(await cappedCount(q, from(), ['heavy', '%member%'], 1_000, slices)).toBe(1_001);
    expect(counts().length).toBeLessThan(db.kind === 'pglite' ? 4 : 2);
  });

  it('keeps one statement for a light BU answered from its index, and for a small table', async () => {
    const light = recorded();
    expect(await cappedCount(light.q, from(), ['light', '%ember 9%'], 100_000, slices)).toBe(await single('light', '%ember 9%'));
    expect(light.counts()).toEqual([expect.not.stringContaining('ctid')]);
    const small = recorded();
    const fromFew = (extra = '') => `from few where bu = $1 and lower(name) like $2${extra ? ` and ${extra}` : ''}`;
    expect(await cappedCount(small.q, fromFew(), ['heavy', '%ember 9%'], 100_000, { table: 'few', from: fromFew })).toBe(11);
    expect(small.sent.filter((s) => s.startsWith('explain'))).toEqual([]);
    expect(small.counts()).toHaveLength(1);
  });

  it('counts the rows the table grew by after its size was read: the last slice is open-ended', async () => {
    const args = ['heavy', '%ember 1%'];
    const before = await cappedCount(db, from(), args, 100_000, slices);
    await db.query("insert into counted (bu, name) select 'heavy', 'Member 1' || i from generate_series(1, 5000) i");
    const after = await cappedCount(db, from(), args, 100_000, slices);
    expect(after).toBe(before + 5000);
    expect(after).toBe(await single('heavy', '%ember 1%'));
  });
});
