import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/driver.ts';
import { openPglite, startPglite } from '../../server/db/pglite.ts';
import { handoff } from '../../server/boot-handoff.ts';
import { spawnPgliteWorker } from '../../server/db/pglite-spawn.ts';

/** The embedded database on its worker thread, and the one-exchange path statements take there. */
describe.skipIf(!!process.env.DATABASE_URL)('PGlite on a worker thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await db.query('create table t (id int primary key, label text, tags text[], ids uuid[], at timestamptz, flag boolean, doc jsonb)');
  });
  afterAll(() => db?.close());

  it('binds every parameter kind the engine uses, exactly', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const tags = ['plain', 'with "quotes"', 'back\\slash', '', 'comma,brace{}', null];
    await db.query('insert into t (id, label, tags, ids, at, flag, doc) values ($1, $2, $3, $4::uuid[], $5, $6, $7)', [
      1, 'näme ✓', tags, ['00000000-0000-4000-8000-000000000001'], at, false, JSON.stringify({ a: [1, 'x'] }),
    ]);
    const { rows } = await db.query('select * from t where id = $1 and label = $2 and flag = $3', [1, 'näme ✓', false]);
    expect(rows).toEqual([{ id: 1, label: 'näme ✓', tags, ids: ['00000000-0000-4000-8000-000000000001'], at, flag: false, doc: { a: [1, 'x'] } }]);
    expect((await db.query('select id from t where label = any($1::text[])', [['x', 'näme ✓']])).rows).toEqual([{ id: 1 }]);
    expect((await db.query('select $1::text as v', [null])).rows).toEqual([{ v: null }]);
  });

  it("counts its thread's working time, which a statement's work adds to", async () => {
    const before = db.threadBusyMs!();
    await db.query('select count(*) from generate_series(1, 200000)');
    const spent = db.threadBusyMs!() - before;
    expect(spent).toBeGreaterThan(1);
    // Waiting is not working: 200 ms of nothing adds (next to) nothing.
    const idle = db.threadBusyMs!();
    await new Promise((r) => setTimeout(r, 200));
    expect(db.threadBusyMs!() - idle).toBeLessThan(50);
  });

  it('adopts a thread started before its folder was known (server/boot.ts), once; statements sent at once wait for the open', async () => {
    const early = spawnPgliteWorker();
    let fromEarly = 0;
    early.on('message', () => fromEarly++);
    handoff().dbThread = early;
    const { db: adopted, ready } = await startPglite();
    expect(handoff().dbThread).toBeUndefined();
    // Sent before the thread has opened anything: answered in order once it has, by that thread.
    const answers = await Promise.all([adopted.query('select 1 as n'), adopted.query('select 2 as n'), ready.then(() => adopted.query('select 3 as n'))]);
    expect(answers.map((a) => a.rows[0].n)).toEqual([1, 2, 3]);
    expect(fromEarly).toBe(4);
    // The next database gets a thread of its own.
    const next = await openPglite();
    expect((await next.query('select 4 as n')).rows).toEqual([{ n: 4 }]);
    expect(fromEarly).toBe(4);
    await Promise.all([next.close(), adopted.close()]);
  });

  it('reads an answer longer than one piece of the engine\'s output, and in a transaction the same', async () => {
    const sql = "select i, repeat('é', i % 7) as s, case when i % 3 = 0 then null else '' end as e from generate_series(1, $1::int) i";
    const expected = Array.from({ length: 20000 }, (_, k) => ({ i: k + 1, s: 'é'.repeat((k + 1) % 7), e: (k + 1) % 3 === 0 ? null : '' }));
    expect((await db.query(sql, [20000])).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.query(sql, [20000])).rows)).toEqual(expected);
  });

  it('keeps PostgreSQL errors with their code and constraint', async () => {
    await expect(db.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(db.query('select * from missing_table')).rejects.toMatchObject({ code: '42P01' });
    await expect(db.transaction((tx) => tx.query('insert into t (id) values ($1)', [1]))).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((await db.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('runs statements outside a transaction after it, never inside it', async () => {
    let inside = false;
    const tx = db.transaction(async (q) => {
      await q.query('insert into t (id, label) values ($1, $2)', [2, 'in transaction']);
      inside = true;
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('roll it back');
    });
    await new Promise((r) => setTimeout(r, 10));
    const outside = db.query<{ n: number }>('select count(*)::int as n from t where id = $1', [2]);
    await expect(tx).rejects.toThrow('roll it back');
    expect(inside).toBe(true);
    expect((await outside).rows[0].n).toBe(0);
  });

  it('commits a transaction that ends well', async () => {
    await db.transaction(async (q) => {
      await q.query('insert into t (id, label) values ($1, $2)', [3, 'kept']);
    });
    expect((await db.query('select label from t where id = $1', [3])).rows).toEqual([{ label: 'kept' }]);
  });

  it('prepares a statement once by its text: runs it again, past a changed table, a failure and more statements than it keeps', async () => {
    await db.query('create table p (a int)');
    await db.query('insert into p values ($1)', [1]);
    const all = 'select * from p order by 1';
    expect((await db.query(all)).rows).toEqual([{ a: 1 }]);
    // The prepared `select *` would now answer another shape (PostgreSQL refuses that): it is prepared again.
    await db.query('alter table p add column b text');
    expect((await db.query(all)).rows).toEqual([{ a: 1, b: null }]);
    // A statement that failed the first time it ran, and one that fails after it was prepared, both run again.
    await db.query('create unique index p_a on p (a)');
    const add = 'insert into p (a) values ($1)';
    await expect(db.query(add, [1])).rejects.toMatchObject({ code: '23505' });
    await db.query(add, [2]);
    await expect(db.query(add, [2])).rejects.toMatchObject({ code: '23505' });
    await db.query(add, [3]);
    // In a transaction that fails and rolls back, the statements stay usable after it.
    await expect(db.transaction(async (tx) => (await tx.query(add, [4]), await tx.query(add, [4])))).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select array_agg(a order by a) as a from p')).rows).toEqual([{ a: [1, 2, 3] }]);
    // More distinct statements than it keeps (256): the oldest are closed and prepared again when run.
    for (let i = 0; i < 600; i++) expect((await db.query(`select $1::int + ${i % 300} as n`, [i])).rows).toEqual([{ n: i + (i % 300) }]);
    // The engine holds no more than those kept (and the one asking), so the evicted were closed there too.
    const { n } = (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0];
    expect(n).toBeGreaterThan(200);
    expect(n).toBeLessThanOrEqual(257);
    expect((await db.query(all)).rows).toHaveLength(3);
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('PGlite handed over before its thread has opened it', () => {
  it('answers statements sent before it was ready, in order, and closes', async () => {
    const { startPglite } = await import('../../server/db/pglite.ts');
    const { db, ready } = await startPglite();
    let opened = false;
    void ready.then(() => (opened = true));
    const early = [db.query('create table early (n int)'), db.query('insert into early values (1), (2)'), db.query<{ n: number }>('select n from early order by n')];
    expect(opened).toBe(false);
    const answers = await Promise.all(early);
    expect(opened).toBe(true);
    expect(answers[2].rows).toEqual([{ n: 1 }, { n: 2 }]);
    await db.close();
  });
});
