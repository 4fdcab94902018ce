import { afterAll, beforeAll, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { READY_DEADLINE_MS } from '../../server/routes/health.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * Balancers' checks and a database outage as a client sees it: `/readyz` says 503 while the
 * database does not answer in time, and a call that meets a refused connection answers 503 with
 * `Retry-After` in the envelope's words, never 500 "System exception".
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const get = (url: string) => s.app.inject({ method: 'GET', url });

it('answers /healthz and /readyz while the database answers', async () => {
  for (const url of ['/healthz', '/readyz']) {
    const r = await get(url);
    expect(r.statusCode, url).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
    expect(r.headers['cache-control']).toBe('no-store');
  }
});

it('says it is not ready, within its deadline, while the database hangs; alive all the same', async () => {
  const query = s.db.query;
  s.db.query = ((sql: string, ...rest: unknown[]) => (sql === 'select 1' ? new Promise(() => {}) : (query as (...a: unknown[]) => unknown).call(s.db, sql, ...rest))) as typeof query;
  try {
    const started = performance.now();
    const r = await get('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('5');
    expect(r.json()).toEqual({ status: 'unavailable' });
    expect(performance.now() - started).toBeLessThan(READY_DEADLINE_MS + 1_000);
    expect((await get('/healthz')).statusCode).toBe(200);
  } finally {
    s.db.query = query;
  }
});

it('answers a call that meets a refused database connection with 503 and Retry-After, in the reader\'s language', async () => {
  const query = s.db.query;
  s.db.query = (async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }) as typeof query;
  try {
    for (const [lang, header] of [['en', 'en-US'], ['zh', 'zh-CN']] as const) {
      const r = await s.app.inject({ method: 'POST', url: '/open/app/market/search/classify/list', headers: { 'accept-language': header }, payload: {} });
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json()).toEqual({ code: 503, data: null, message: translate(lang, 'server.unavailable', { seconds: 5 }) });
    }
  } finally {
    s.db.query = query;
  }
});
