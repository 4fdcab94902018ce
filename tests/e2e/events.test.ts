import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import appsZh from '../../i18n/ui/apps/zh.ts';
import appsEn from '../../i18n/ui/apps/en.ts';
import { chromiumAvailable, CHROMIUM, launch, watchPage, type Watched } from '../helpers/browser.ts';
import { larkReceiver } from '../helpers/receiver.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const DIST = process.env.E2E_DIST ?? 'dist';
const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the events journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...appsZh }, en: { ...en, ...appsEn } } as const;
const TYPE = 'contact.user.created_v3';

/**
 * The developer's events journey, in zh and en, against a receiver built on Lark's node SDK: save
 * the request URL (the challenge passes, its time shown), subscribe, a member is added, the push is
 * in the event log as delivered, and replaying it sends the same event_id again.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('events journey (Chromium, %s)', (lang) => {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    Object.entries(vars).reduce((text, [k, v]) => text.replace(`%{${k}}`, String(v)), key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string);
  let s: TestServer;
  let base: string;
  let browser: Browser;
  let w: Watched;
  let page: Page;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let app: { guid: string };
  let receiver: Awaited<ReturnType<typeof larkReceiver>>;
  const shot = async (label: string) => {
    await w.shot(`e-${lang}-${label}`);
    await w.axe(`${lang} ${label}`);
  };

  beforeAll(async () => {
    s = await startServer({ options: { staticDir: resolve(DIST), events: { allowPrivate: true } } });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    tenant = await tenantWithBu(s);
    const admin = await s.login();
    app = (await s.post('/open/app/create', { name: `Hooks ${uid()}`, code: `hooks-${uid()}` }, { token: tenant.token })).data;
    expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: admin })).code).toBe(200);
    const config = (await s.post('/open/app/event/subscribe-config/get', { app_guid: app.guid }, { token: tenant.token })).data;
    receiver = await larkReceiver(config, [TYPE]);
    browser = await launch();
    w = await watchPage(browser);
    page = w.page;
    await page.addInitScript((l) => localStorage.setItem('open:language', JSON.stringify(l)), lang);
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', tenant.username);
    await page.fill('input[name=password]', tenant.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-e-${lang}-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await s?.close();
  });

  it('saves the request URL once the challenge passes, showing its time', async () => {
    await page.goto(`${base}/business/app/${app.guid}/eventSubscriptions`);
    await page.getByTestId('endpoint-no-url').waitFor();
    // The card says how the challenge arrives: sealed by the Encrypt Key every app starts with.
    expect(await page.getByTestId('challenge-format').textContent()).toMatch(/Encrypt Key[\s\S]*\{ "encrypt": "…" \}[\s\S]*url_verification/);
    await shot('01-no-url');
    await page.locator('input[name=request_url]').fill(receiver.url);
    await page.getByTestId('save-request-url').click();
    const ok = await page.getByTestId('challenge-ok').textContent();
    expect(ok).toMatch(/\d+(\.\d+)? ?(ms|毫秒)/);
    await shot('02-challenge-passed');
  });

  it('subscribes to members being added', async () => {
    await page.getByTestId('add-events').click();
    await page.getByTestId(`pick-${TYPE}`).getByRole('checkbox').check();
    await shot('03-add-dialog');
    await page.getByTestId('add-events-confirm').click();
    await page.getByTestId(`subscription-${TYPE}`).waitFor();
  });

  it('a member added reaches the receiver and is in the event log as delivered; replay sends the same event_id', async () => {
    const added = await s.post('/open/system/member/add', { name: `Ann ${uid()}`, job_number: `J${uid()}` }, { token: tenant.token });
    expect(added.code, added.message).toBe(200);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect((receiver.received[0].data.object as { guid: string }).guid).toBe(added.data.guid);

    // An attempt is logged once the worker has its answer, a moment after the receiver has the push: searched until it is there.
    const searchUntil = (target: Locator, n: number) =>
      expect
        .poll(async () => {
          await page.getByTestId('event-log-submit').click();
          await page.waitForTimeout(300);
          return target.count();
        }, { timeout: 10_000 })
        .toBe(n);
    const rows = page.getByTestId('event-log-rows');
    await searchUntil(rows.getByText(t('apps.events.states.delivered')), 1);
    await rows.getByText(receiver.received[0].event_id).waitFor();
    await shot('04-log-delivered');

    await rows.getByRole('button', { name: t('apps.events.replay_event', { id: receiver.received[0].event_id }) }).click();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
    expect(receiver.received[1].event_id).toBe(receiver.received[0].event_id);
    // The replay is the event's second attempt.
    await searchUntil(rows.getByText(t('apps.events.attempt_ms', { attempt: 2 }).split('%{ms}')[0].trim()), 1);
    await shot('05-log-replayed');
  });

  it('logged no browser error and failed no call, and met WCAG 2.2 AA', () => {
    expect(w.problems).toEqual([]);
    expect(w.violations).toEqual([]);
  });
});
