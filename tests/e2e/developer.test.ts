import { resolve } from 'node:path';
import * as lark from '@larksuiteoapi/node-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { translate } from '../../i18n/index.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import appsZh from '../../i18n/ui/apps/zh.ts';
import appsEn from '../../i18n/ui/apps/en.ts';
import debugZh from '../../i18n/ui/debug/zh.ts';
import debugEn from '../../i18n/ui/debug/en.ts';
import { freePort } from '../../scripts/free-port.mjs';
import { chromiumAvailable, CHROMIUM, fileBrowser, watchPage, type Watched } from '../helpers/browser.ts';
import { DIST } from '../helpers/journey.ts';
import { larkReceiver } from '../helpers/receiver.ts';
import { ADMIN, startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { openFromSidebar } from '../helpers/sidebar.ts';
import { axeLanguage } from '../helpers/axe.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the developer journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...appsZh, ...debugZh }, en: { ...en, ...appsEn, ...debugEn } } as const;
const SCOPE = 'contact:member:readonly';
const TYPE = 'contact.user.created_v3';
const LANGS = ['zh', 'en'] as const;

/**
 * The developer's journey by clicks alone, in zh and en: from `/` into the console, the apps, a new
 * app with its secret shown once, the app id copied and the secret reset; a scope applied for and
 * approved by an operator in the operator console; the event URL saved against a receiver built on
 * Lark's SDK with the keys read off the page; a subscription; a member added on the members screen
 * reaches the receiver and is in the event log, replayed with the same event_id; the long
 * connection; the debug console's call with the app's token; that call in the app's log; security
 * and abilities. The tenant (a certified BU) is the setup; everything after the first page is clicks.
 */
describe.skipIf(!available).each(LANGS)('developer journey (Chromium, %s)', (lang) => {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    Object.entries(vars).reduce((text, [k, v]) => text.replace(`%{${k}}`, String(v)), key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string);
  const SAVE = { zh: '保存', en: 'Save' }[lang];
  /** Lists name a scope by its name in the reader's language. */
  const scopeName = (code: string) => translate(lang, `resources.api-group.seeded.${code}.name`);
  let s: TestServer;
  let base: string;
  let browser: Browser;
  let w: Watched;
  let op: Watched;
  let page: Page;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let appGuid: string;
  let appId: string;
  let appSecret: string;
  let receiver: Awaited<ReturnType<typeof larkReceiver>>;
  let keys: { encrypt_key: string; verification_token: string };
  let ws: lark.WSClient | undefined;
  const name = `Portal ${uid()}`;
  const shot = async (label: string, on: Watched = w) => {
    await on.shot(`dev-${lang}-${label}`);
    if (lang === axeLanguage(LANGS)) await on.axe(`${lang} ${label}`);
  };
  const sections = () => page.getByRole('navigation', { name: t('header.sections') });
  const sidebarLink = (label: string, on: Page = page) => on.getByTestId('sidebar').getByRole('link', { name: label, exact: true });
  /** The app's own page, from wherever the console is: the business section, its apps, the app's row. */
  const openApp = async (pageTitle: string) => {
    await sections().getByRole('link', { name: t('route.business') }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/business/'));
    await sidebarLink(t('route.app')).click();
    await page.waitForURL((u) => u.pathname === '/business/app');
    await page.getByText(name).first().click();
    await page.waitForURL((u) => u.pathname === `/business/app/${appGuid}/config`);
    await sidebarLink(pageTitle).click();
  };
  const signIn = async (on: Page, who: { username: string; password: string }) => {
    await on.fill('input[name=username]', who.username);
    await on.fill('input[name=password]', who.password);
    await on.click('[data-testid=login-submit]');
  };

  beforeAll(async () => {
    // Its own address is its PUBLIC_URL: the long connection's URL is built from it.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    s = await startServer({ options: { staticDir: resolve(DIST), publicUrl: base, events: { allowPrivate: true } } });
    await s.app.listen({ port, host: '127.0.0.1' });
    tenant = await tenantWithBu(s);
    // A certified BU: the members screen, where the pushed event starts, is for certified BUs.
    const org = await s.post('/open/system/org/add', { company_name: `Co ${uid()}`, credit_code: '91350100M000100Y43' }, { token: tenant.token });
    const certified = await s.post('/open/admin/system/bu-management/auth/update', { bu_guid: tenant.buGuid, guid: org.data.guid, auth_state: 2 }, { token: await s.login() });
    if (certified.code !== 200) throw new Error(certified.message);
    browser = await fileBrowser();
    const open = async () => {
      const on = await watchPage(browser);
      await on.page.addInitScript((l) => localStorage.setItem('open:language', JSON.stringify(l)), lang);
      return on;
    };
    w = await open();
    page = w.page;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    op = await open();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-dev-${lang}-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`, { failed: true }).catch(() => undefined);
  });

  afterAll(async () => {
    ws?.close({ force: true });
    await w?.close();
    await op?.close();
    await receiver?.close();
    await s?.close();
  });

  it('from the home page into the console, its apps, and a new app: its pages open on the credentials, with the secret shown once', async () => {
    await page.goto(`${base}/`);
    await page.getByTestId('login-button').click();
    await signIn(page, tenant);
    await page.waitForURL((u) => u.pathname.startsWith('/account/'));
    await sections().getByRole('link', { name: t('route.business') }).click();
    await sidebarLink(t('route.app')).click();
    await page.getByTestId('list-empty').waitFor();
    await shot('01-no-apps');
    await page.locator('a[href="/business/app/create"]').first().click();
    await page.locator('input[name=code]').fill('bad code!');
    await page.locator('input[name=name]').fill(name);
    await page.getByRole('button', { name: SAVE }).first().click();
    await page.getByText(translate(lang, 'validation.app_code_format')).waitFor();
    await shot('02-create-invalid');
    await page.locator('input[name=code]').fill(`portal-${uid()}`);
    await page.getByRole('button', { name: SAVE }).first().click();
    await page.waitForURL(/\/business\/app\/[0-9a-f-]{36}\/config$/);
    appGuid = page.url().split('/')[5];
    expect(await page.getByTestId('revealed-app_secret').textContent()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    appId = (await page.getByTestId('app-id').textContent())!;
    expect(appId).toMatch(/^cli_/);
    await shot('03-config-secret-once');
    // Once: the app's page opened again shows the secret no more.
    await page.getByTestId('sidebar-back').click();
    await page.getByText(name).first().click();
    await page.getByTestId('app-config').waitFor();
    expect(await page.getByTestId('revealed').count()).toBe(0);
  });

  it('copies the app id and resets the secret after asking', async () => {
    await page.getByTestId('copy-app-id').click();
    await page.getByText(t('apps.copied')).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(appId);
    await page.getByTestId('reset-secret').click();
    await page.getByText(t('apps.reset_question')).waitFor();
    await shot('04-reset-confirm');
    await page.getByTestId('reset-secret-confirm').click();
    appSecret = (await page.getByTestId('revealed-app_secret').textContent())!;
    expect(appSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The new secret gets a token.
    expect((await s.post('/open/api/auth/app-access-token', { app_id: appId, app_secret: appSecret })).code).toBe(200);
    await shot('05-secret-reset');
  });

  it('applies for a scope; an operator approves it in the operator console', async () => {
    await openFromSidebar(page, `/business/app/${appGuid}/permission`);
    await page.waitForURL(/\/permission$/);
    const row = page.getByTestId(`scope-${SCOPE}`);
    await row.getByRole('checkbox').check();
    await page.getByTestId('apply-scopes').click();
    await page.getByTestId(`scope-status-${SCOPE}`).getByText(t('apps.scope_status.1')).waitFor();
    await page.getByTestId('application-0').waitFor();
    await row.getByRole('button').click();
    await page.getByText('/open/api/v1/member/page').waitFor();
    await shot('06-scope-under-review');

    await op.page.goto(`${base}/adminLogin`);
    await signIn(op.page, ADMIN);
    await op.page.waitForURL(/\/operation\/[a-z]/);
    await openFromSidebar(op.page, '/operation/app-audit');
    const pending = op.page.getByRole('row', { name: new RegExp(scopeName(SCOPE)) });
    // The reviewer sees what the scope unlocks: its APIs and its events.
    await pending.getByTestId(`scope-tag-${SCOPE}`).click();
    const unlocks = op.page.getByTestId('scope-unlocks');
    await unlocks.getByText('/open/api/v1/member/page').waitFor();
    await unlocks.getByText(TYPE).waitFor();
    await shot('07a-operator-scope-unlocks', op);
    await unlocks.getByRole('button').click();
    await unlocks.waitFor({ state: 'hidden' });
    await pending.getByTestId('status-open_audit').click();
    await pending.getByTestId('status-sign_complete').waitFor();
    await shot('07-operator-approved', op);

    await page.reload();
    await page.getByTestId(`scope-status-${SCOPE}`).getByText(t('apps.scope_status.2')).waitFor();
    await shot('08-scope-opened');
  });

  it("the operator's page of the app: its state in each scope, one opened directly after confirming, and its applications", async () => {
    const OTHER = 'org:company:readonly';
    const state = (n: number) => translate(lang, `resources.app-scope.values.status.${n}`);
    await openFromSidebar(op.page, '/operation/app');
    await op.page.getByRole('row', { name: new RegExp(name) }).getByText(name).click();
    await op.page.waitForURL(new RegExp(`/operation/app/${appGuid}/permission$`));
    await op.page.getByTestId('record-title').getByText(name).waitFor();
    const scope = (code: string) => op.page.getByRole('row', { name: new RegExp(scopeName(code)) });
    await scope(SCOPE).getByText(state(2)).waitFor();
    expect(await scope(SCOPE).getByTestId('action-open').count()).toBe(0);
    await scope(OTHER).getByText(state(0)).waitFor();
    await scope(OTHER).getByTestId('action-open').click();
    await op.page.getByRole('dialog').getByRole('button', { name: { zh: '确认', en: 'Confirm' }[lang] }).click();
    await scope(OTHER).getByText(state(2)).waitFor();
    await shot('08a-operator-app-scopes', op);
    await op.page.getByTestId('tab-audit').click();
    await op.page.waitForURL(new RegExp(`/operation/app/${appGuid}/audit$`));
    await op.page.getByRole('row', { name: new RegExp(translate(lang, 'resources.audit-record.values.status.1')) }).waitFor();
    await shot('08b-operator-app-applications', op);
    // The developer's side agrees: the scope the operator opened is open for the app.
    await page.reload();
    await page.getByTestId(`scope-status-${OTHER}`).getByText(t('apps.scope_status.2')).waitFor();
  });

  it("saves the event URL once the challenge passes: the receiver is built with the keys read off the page", async () => {
    await openFromSidebar(page, `/business/app/${appGuid}/eventSubscriptions`);
    await page.getByTestId('endpoint-no-url').waitFor();
    // The card says how the challenge arrives: sealed by the Encrypt Key every app starts with.
    expect(await page.getByTestId('challenge-format').textContent()).toMatch(/Encrypt Key[\s\S]*\{ "encrypt": "…" \}[\s\S]*url_verification/);
    keys = {
      encrypt_key: (await page.getByTestId('key-encrypt_key').locator('code').textContent())!,
      verification_token: (await page.getByTestId('key-verification_token').locator('code').textContent())!,
    };
    expect(keys.encrypt_key).toBeTruthy();
    receiver = await larkReceiver(keys, [TYPE]);
    await shot('09-no-url');
    await page.locator('input[name=request_url]').fill(receiver.url);
    await page.getByTestId('save-request-url').click();
    expect(await page.getByTestId('challenge-ok').textContent()).toMatch(/\d+(\.\d+)? ?(ms|毫秒)/);
    await shot('10-challenge-passed');
  });

  it('subscribes to members being added', async () => {
    await page.getByTestId('add-events').click();
    await page.getByTestId(`pick-${TYPE}`).getByRole('checkbox').check();
    await shot('11-add-dialog');
    await page.getByTestId('add-events-confirm').click();
    await page.getByTestId(`subscription-${TYPE}`).waitFor();
  });

  it('a member added on the members screen reaches the receiver and is in the event log as delivered; replay sends the same event_id', async () => {
    const member = `Ann ${uid()}`;
    await sections().getByRole('link', { name: t('route.account') }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/account/'));
    await openFromSidebar(page, '/account/member-manage');
    // The members list's own add link: the page left behind may still be on screen.
    await page.locator('a[href^="/account/member-manage"][href$="/create"]').first().click();
    await page.locator('input[name=name]').fill(member);
    await page.getByRole('button', { name: SAVE }).first().click();
    await page.getByRole('row', { name: new RegExp(member) }).waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect((receiver.received[0].data.object as { name: string }).name).toBe(member);

    await openApp(t('route.app_events'));
    // An attempt is logged once the worker has its answer, a moment after the receiver has the push: searched until it is there.
    const searchUntil = (target: Locator, n: number) =>
      expect
        .poll(async () => {
          await page.getByTestId('event-log-submit').click();
          await page.getByTestId('event-log-rows').waitFor();
          return target.count();
        }, { timeout: 10_000 })
        .toBe(n);
    const rows = page.getByTestId('event-log-rows');
    await searchUntil(rows.getByText(t('apps.events.states.delivered')), 1);
    await rows.getByText(receiver.received[0].event_id).waitFor();
    await shot('12-log-delivered');

    await rows.getByRole('button', { name: t('apps.events.replay_event', { id: receiver.received[0].event_id }) }).click();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
    expect(receiver.received[1].event_id).toBe(receiver.received[0].event_id);
    // The replay is the event's second attempt.
    await searchUntil(rows.getByText(t('apps.events.attempt_ms', { attempt: 2 }).split('%{ms}')[0].trim()), 1);
    await shot('13-log-replayed');
  });

  it("switches to the long connection: Lark's WSClient receives the next member, delivered in the log", async () => {
    await page.getByTestId('delivery-mode').getByLabel(t('apps.events.mode_long')).check();
    const long = page.getByTestId('long-connection');
    await long.waitFor();
    expect(await long.textContent()).toContain(`npx open-platform listen --app-id ${appId} --app-secret <App Secret>`);
    await shot('14-long-connection');

    const received: string[] = [];
    const dispatcher = new lark.EventDispatcher({ encryptKey: keys.encrypt_key, verificationToken: keys.verification_token, loggerLevel: lark.LoggerLevel.fatal });
    dispatcher.register({ [TYPE]: async (data: { event_id?: string }) => void received.push(data.event_id ?? '') });
    let ready = false;
    ws = new lark.WSClient({ appId, appSecret, domain: base, loggerLevel: lark.LoggerLevel.fatal, onReady: () => (ready = true) });
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
        await rows.waitFor();
        return rows.getByText(received[0]).count();
      }, { timeout: 10_000 })
      .toBe(1);
    await shot('15-log-long-connection');
  });

  it('the debug console, from the developer section, gets the token and calls a member API: 200', async () => {
    await sections().getByRole('link', { name: t('route.developer') }).click();
    await sidebarLink(t('route.developer_console')).click();
    await page.waitForURL((u) => u.pathname === '/developer/console');
    await page.getByTestId('debug-app').click();
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.getByTestId('debug-token').getByRole('button').click();
    await page.getByTestId('debug-token').locator('code').waitFor();
    await page.getByTestId('debug-api').getByRole('combobox').fill('/open/api/v1/member/page');
    await page.getByRole('option', { name: /\/open\/api\/v1\/member\/page/ }).click();
    await page.getByTestId('debug-send').click();
    await page.getByTestId('debug-status').getByText(t('debug.code').replace('%{code}', '200')).waitFor();
    expect(await page.getByTestId('debug-scope-missing').count()).toBe(0);
    expect(JSON.parse((await page.getByTestId('debug-response').textContent())!).code).toBe(200);
    expect(await page.getByTestId('debug-curl').textContent()).toContain('/open/api/v1/member/page');
    await shot('16-debug-200');
  });

  it("the call is in the app's log, searched by API code; a window over 7 days is refused by the form", async () => {
    await openApp(t('route.app_log'));
    await page.getByTestId('log-rows').getByText('member.page').first().waitFor();
    await page.locator('input[name=api_code]').fill('member.page');
    await page.getByTestId('log-submit').click();
    await page.getByTestId('log-total').waitFor();
    await shot('17-log');
    await page.locator('input[name=from]').fill('2020-01-01T00:00');
    await page.getByTestId('log-submit').click();
    await page.getByTestId('log-error').waitFor();
  });

  it('security and abilities save; a bad redirect URL is named', async () => {
    await sidebarLink(t('route.app_security')).click();
    await page.locator('textarea[name=redirect_urls]').fill('javascript:alert(1)');
    await page.getByTestId('save-security').click();
    await page.getByText(translate(lang, 'validation.url_format')).waitFor();
    await page.locator('textarea[name=redirect_urls]').fill('https://portal.example.com/back');
    await page.locator('textarea[name=ip_whitelist]').fill('127.0.0.1');
    await page.getByTestId('save-security').click();
    await page.getByText(t('tenant.saved')).first().waitFor();
    await shot('18-security');
    await sidebarLink(t('route.app_ability')).click();
    await page.getByTestId('ability-process-engine').click();
    await page.getByTestId('save-abilities').click();
    await page.getByText(t('tenant.saved')).first().waitFor();
    await shot('19-abilities');
  });

  it('logged no browser error and failed no call, in either session, and met WCAG 2.2 AA', () => {
    expect(w.problems).toEqual([]);
    expect(op.problems).toEqual([]);
    expect([...w.violations, ...op.violations]).toEqual([]);
  });
});
