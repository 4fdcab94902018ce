import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { databaseAway } from '../../server/db/away.ts';
import type { Db } from '../../server/db/driver.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { testDatabase } from '../helpers/db.ts';
import { freezableProxy } from '../helpers/freezable-proxy.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * Deadlines on every database call (docs/operations.md, "Deadlines"): with PostgreSQL frozen behind
 * a proxy, calls neither pile up nor hang until the socket is cut; each answers 503 with Retry-After
 * in the envelope's words within the connect and statement deadlines, and the server answers again
 * once the database does, its stuck connections replaced.
 */
const DEADLINES = { connectMs: 1_000, statementMs: 1_500 };

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL that stops answering', () => {
  let s: TestServer;
  let direct: Db;
  let proxy: Awaited<ReturnType<typeof freezableProxy>>;

  beforeAll(async () => {
    const made = await testDatabase();
    direct = made.db;
    const url = new URL(made.url!);
    proxy = await freezableProxy(url.hostname, Number(url.port));
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    s = await startServer({ db: await openPostgres(url.toString(), 5, DEADLINES), options: { events: { worker: false } } });
  }, 60_000);
  afterAll(async () => {
    proxy?.thaw();
    await s?.close();
    await proxy?.close();
    await direct?.close();
  });

  const call = () => s.app.inject({ method: 'POST', url: '/open/app/market/search/classify/list', headers: { 'accept-language': 'zh-CN' }, payload: {} });

  it('answers 503 with Retry-After within its deadlines while frozen, 25 calls at once, and answers again after', async () => {
    expect((await call()).statusCode).toBe(200);
    proxy.freeze();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 25 }, call));
    const took = performance.now() - started;
    for (const r of answers) {
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json()).toEqual({ code: 503, data: null, message: translate('zh', 'server.unavailable', { seconds: 5 }) });
    }
    // Each call waited at most for a connection and one statement, not for the others before it.
    expect(took).toBeLessThan(DEADLINES.connectMs + DEADLINES.statementMs + 2_000);

    proxy.thaw();
    const back = performance.now();
    let r = await call();
    while (r.statusCode !== 200 && performance.now() - back < 10_000) r = await call();
    expect(r.statusCode).toBe(200);
  });

  it('a transaction meeting a frozen database fails within the statement deadline as the database being away; the pool serves again after', async () => {
    const started = performance.now();
    const failed = await s.db
      .transaction(async (tx) => {
        await tx.query('select 1');
        proxy.freeze();
        await tx.query('select 2');
      })
      .then(() => null, (e: Error) => e);
    expect(databaseAway(failed)).toBe(true);
    expect(performance.now() - started).toBeLessThan(DEADLINES.statementMs + 1_000);
    proxy.thaw();
    // More calls than the pool has connections: each finds one that answers.
    for (let i = 0; i < 6; i++) expect((await s.db.query<{ n: number }>('select $1::int as n', [i])).rows[0].n).toBe(i);
  });
});
