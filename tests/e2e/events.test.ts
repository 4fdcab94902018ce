import { resolve } from 'node:path';
import * as lark from '@larksuiteoapi/node-sdk';
import { freePort } from '../../scripts/free-port.mjs';
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
  let app: { guid: string; app_id: string; app_secret: string };
  let config: { encrypt_key: string | null; verification_token: string };
  let receiver: Awaited<ReturnType<typeof larkReceiver>>;
  let ws: lark.WSClient | undefined;
  const shot = async (label: string) => {
    await w.shot(`e-${lang}-${label}`);
    await w.axe(`${lang} ${label}`);
  };

  beforeAll(async () => {
    // Its own address is its PUBLIC_URL: the long connection's URL is built from it.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    s = await startServer({ options: { staticDir: resolve(DIST), publicUrl: base, events: { allowPrivate: true } } });
    await s.app.listen({ port, host: '127.0.0.1' });
    tenant = await tenantWithBu(s);
    const admin = await s.login();
    app = (await s.post('/open/app/create', { name: `Hooks ${uid()}`, code: `hooks-${uid()}` }, { token: tenant.token })).data;
    expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: admin })).code).toBe(200);
    config = (await s.post('/open/app/event/subscribe-config/get', { app_guid: app.guid }, { token: tenant.token })).data;
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
    ws?.close({ force: true });
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

  it("switches to the long connection: Lark's WSClient receives the next member, delivered in the log", async () => {
    await page.getByTestId('delivery-mode').getByLabel(t('apps.events.mode_long')).check();
    const long = page.getByTestId('long-connection');
    await long.waitFor();
    expect(await long.textContent()).toContain(`npx open-platform listen --app-id ${app.app_id} --app-secret <App Secret>`);
    await shot('06-long-connection');

    const received: string[] = [];
    const dispatcher = new lark.EventDispatcher({ encryptKey: config.encrypt_key ?? undefined, verificationToken: config.verification_token, loggerLevel: lark.LoggerLevel.fatal });
    dispatcher.register({ [TYPE]: async (data: { event_id?: string }) => void received.push(data.event_id ?? '') });
    let ready = false;
    ws = new lark.WSClient({ appId: app.app_id, appSecret: app.app_secret, domain: base, loggerLevel: lark.LoggerLevel.fatal, onReady: () => (ready = true) });
    await ws.start({ eventDispatcher: dispatcher });
    await expect.poll(() => ready, { timeout: 10_000 }).toBe(true);
    expect((await s.post('/open/system/member/add', { name: `Bo ${uid()}`, job_number: `J${uid()}` }, { token: tenant.token })).code).toBe(200);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    // Not pushed to the URL any more.
    expect(receiver.received).toHaveLength(2);
    const rows = page.getByTestId('event-log-rows');
    await expect
      .poll(async () => {
        await page.getByTestId('event-log-submit').click();
        await page.waitForTimeout(300);
        return rows.getByText(received[0]).count();
      }, { timeout: 10_000 })
      .toBe(1);
    await shot('07-log-long-connection');
  });

  it('logged no browser error and failed no call, and met WCAG 2.2 AA', () => {
    expect(w.problems).toEqual([]);
    expect(w.violations).toEqual([]);
  });
});
