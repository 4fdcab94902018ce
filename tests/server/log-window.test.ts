import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { resources } from '../../resources/index.ts';
import { DAY_MS, LOG_WINDOW_DAYS } from '../../schemas/log-window.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Every log search takes one window, LOG_WINDOW_DAYS (schemas/log-window.ts), the number the log
 * screens refuse a wider range with: a minute past it is a warning naming `from` in the caller's
 * language, with no rows or total a screen could take for "no logs"; exactly the window is a search.
 */
let s: TestServer;
let admin: string;
let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
let appGuid: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  tenant = await tenantWithBu(s);
  const app = await s.post('/open/app/create', { name: `Win ${uid()}`, code: `win-${uid()}` }, { token: tenant.token });
  expect(app.code, app.message).toBe(200);
  appGuid = app.data.guid;
});
afterAll(() => s?.close());

/** Each log search, with the token and body it takes. */
const searches = () => [
  ...resources.filter((d) => d.api.window).flatMap((d) => d.api.mounts.map((m) => ({ path: `${m.base}/page`, token: admin, body: {} }))),
  { path: '/open/app/api-log/page', token: tenant.token, body: { app_guid: appGuid } },
  { path: '/open/app/event/log/page', token: tenant.token, body: { app_guid: appGuid } },
  { path: '/open/developer/log/page', token: tenant.token, body: {} },
];

describe('a log search over a range longer than the window', () => {
  it('every windowed definition takes the one shared number', () => {
    const windowed = resources.filter((d) => d.api.window);
    expect(windowed.map((d) => d.name).sort()).toEqual(['login-log', 'operation-log', 'request-log']);
    for (const d of windowed) expect(d.api.window!.days).toBe(LOG_WINDOW_DAYS);
  });

  it(`is refused past ${LOG_WINDOW_DAYS} days, naming the start, in each language, with no rows; exactly ${LOG_WINDOW_DAYS} days is a search`, async () => {
    const to = new Date();
    const wide = new Date(to.getTime() - LOG_WINDOW_DAYS * DAY_MS - 60_000);
    const exact = new Date(to.getTime() - LOG_WINDOW_DAYS * DAY_MS);
    const all = searches();
    expect(all).toHaveLength(7);
    for (const { path, token, body } of all) {
      for (const [lang, code] of [['zh-CN', 'zh'], ['zh-HK', 'hk'], ['en-US', 'en']] as const) {
        const r = await s.post(path, { ...body, from: wide.toISOString(), to: to.toISOString() }, { token, lang });
        expect(r.code, path).toBe(201);
        expect(r.message, path).toBe(translate(code, 'server.log_window', { days: LOG_WINDOW_DAYS }));
        expect(r.data, path).toEqual({ field: 'from' });
      }
      const ok = await s.post(path, { ...body, from: exact.toISOString(), to: to.toISOString() }, { token });
      expect(ok.code, `${path}: ${ok.message}`).toBe(200);
      expect(ok.data.list, path).toBeInstanceOf(Array);
    }
  });
});
