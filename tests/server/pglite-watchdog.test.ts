import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAway } from '../../server/db/away.ts';
import type { Db } from '../../server/db/driver.ts';
import { openPglite } from '../../server/db/pglite.ts';

/**
 * The embedded database's watchdog (docs/operations.md, "Deadlines"): a statement unanswered past
 * its deadline fails as the database being away (a request answers 503) and the server hears of it
 * once, to log it and exit for its supervisor (server/main.ts); the start's preparation is not watched.
 * PGlite wedged by a full disk never answers again; a long `pg_sleep` stands for it here.
 */
const MS = 300;

describe.skipIf(!!process.env.DATABASE_URL)('the embedded database past its deadline', () => {
  let db: Db;
  const stuck: [string, number][] = [];

  beforeAll(async () => {
    db = await openPglite(undefined, undefined, { ms: MS, onStuck: (op, ms) => stuck.push([op, ms]) });
  }, 60_000);
  afterAll(() => db?.close());

  it('leaves the start’s preparation unwatched', async () => {
    await db.exclusive(() => db.query('select pg_sleep(0.5)'));
    expect(stuck).toEqual([]);
  });

  it('fails a statement unanswered past the deadline as the database away, and says so once', async () => {
    const started = performance.now();
    const failed = await db.query('select pg_sleep(1.5)').then(() => null, (e: Error) => e);
    expect(performance.now() - started).toBeLessThan(MS + 500);
    expect(databaseAway(failed)).toBe(true);
    // Statements behind it wait on the same thread: each fails at its own deadline, heard once.
    expect(databaseAway(await db.query('select 1').then(() => null, (e: Error) => e))).toBe(true);
    expect(stuck).toEqual([['query', MS]]);
  });

  it('keeps watching a statement run beside the preparation: only the preparation’s own go unwatched', async () => {
    const preparation = db.exclusive(() => db.query('select pg_sleep(0.5)'));
    const beside = await db.query('select 1').then(() => null, (e: Error) => e);
    expect(databaseAway(beside)).toBe(true);
    await expect(preparation).resolves.toBeDefined();
  });
});
