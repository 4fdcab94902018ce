import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '../../i18n/index.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import appsZh from '../../i18n/ui/apps/zh.ts';
import appsEn from '../../i18n/ui/apps/en.ts';
import debugZh from '../../i18n/ui/debug/zh.ts';
import debugEn from '../../i18n/ui/debug/en.ts';
import { chromiumAvailable, CHROMIUM, launch, watchPage, type Watched } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const DIST = process.env.E2E_DIST ?? 'dist';
const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the apps journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...appsZh, ...debugZh }, en: { ...en, ...appsEn, ...debugEn } } as const;
const SCOPE = 'contact:member:readonly';

/**
 * The developer's journey, in zh and en: create an app and keep its secret, copy the app id, reset
 * the secret, apply for a scope, an operator approves it, the debug console calls a member API with
 * the app's token and gets 200, and the call is in the app's log.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('apps journey (Chromium, %s)', (lang) => {
  /** The console's own words (i18n/ui) by dotted key. */
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const SAVE = { zh: '保存', en: 'Save' }[lang];
  let s: TestServer;
  let base: string;
  let browser: Browser;
  let w: Watched;
  let op: Watched;
  let page: Page;
  let appGuid: string;
  let appId: string;
  const name = `Portal ${uid()}`;
  const shot = async (label: string, on: Watched = w) => {
    await on.shot(`a-${lang}-${label}`);
    await on.axe(`${lang} ${label}`);
  };
  const signIn = async (on: Page, path: string, username: string, password: string) => {
    await on.addInitScript((l) => localStorage.setItem('open:language', JSON.stringify(l)), lang);
    await on.goto(`${base}${path}`);
    await on.fill('input[name=username]', username);
    await on.fill('input[name=password]', password);
    await on.click('[data-testid=login-submit]');
  };

  beforeAll(async () => {
    s = await startServer({ options: { staticDir: resolve(DIST) } });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    browser = await launch();
    w = await watchPage(browser);
    page = w.page;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    op = await watchPage(browser);
    const tenant = await tenantWithBu(s);
    await signIn(page, '/login', tenant.username, tenant.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-a-${lang}-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('creates an app: its pages open on the credentials, with the secret shown once', async () => {
    await page.goto(`${base}/business/app`);
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
    const secret = await page.getByTestId('revealed-app_secret').textContent();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    appId = (await page.getByTestId('app-id').textContent())!;
    expect(appId).toMatch(/^cli_/);
    await shot('03-config-secret-once');
    // Once: a reload shows the secret no more.
    await page.reload();
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
    const secret = await page.getByTestId('revealed-app_secret').textContent();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The new secret gets a token; the app's sidebar leads on to its scopes.
    const token = await s.post('/open/api/auth/app-access-token', { app_id: appId, app_secret: secret });
    expect(token.code).toBe(200);
    await shot('05-secret-reset');
  });

  it('applies for a scope; an operator approves it in the operator console', async () => {
    await page.getByTestId(`menu-/business/app/${appGuid}/permission`).click();
    await page.waitForURL(/\/permission$/);
    const row = page.getByTestId(`scope-${SCOPE}`);
    await row.getByRole('checkbox').check();
    await page.getByTestId('apply-scopes').click();
    await page.getByTestId(`scope-status-${SCOPE}`).getByText(t('apps.scope_status.1')).waitFor();
    await page.getByTestId('application-0').waitFor();
    await row.getByRole('button').click();
    await page.getByText('/open/api/v1/member/page').waitFor();
    await shot('06-scope-under-review');

    await signIn(op.page, '/adminLogin', 'admin', 'Adm1nPassw0rd');
    await op.page.waitForURL(/\/operation\/[a-z]/);
    await op.page.getByTestId('menu-/operation/app-audit').click();
    const pending = op.page.getByRole('row', { name: new RegExp(SCOPE) });
    // The reviewer sees what the scope unlocks: its APIs and its events.
    await pending.getByTestId(`scope-tag-${SCOPE}`).click();
    const unlocks = op.page.getByTestId('scope-unlocks');
    await unlocks.getByText('/open/api/v1/member/page').waitFor();
    await unlocks.getByText('contact.user.created_v3').waitFor();
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
    await op.page.getByTestId('menu-/operation/app').click();
    await op.page.getByRole('row', { name: new RegExp(name) }).getByText(name).click();
    await op.page.waitForURL(new RegExp(`/operation/app/${appGuid}/permission$`));
    await op.page.getByTestId('record-title').getByText(name).waitFor();
    const scope = (code: string) => op.page.getByRole('row', { name: new RegExp(code) });
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

  it('the debug console gets the token and calls a member API: 200', async () => {
    await page.goto(`${base}/developer/console`);
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
    await shot('09-debug-200');
  });

  it("the call is in the app's log, searched by API code; a window over 7 days is refused by the form", async () => {
    await page.goto(`${base}/business/app/${appGuid}/log`);
    await page.getByTestId('log-rows').getByText('member.page').first().waitFor();
    await page.locator('input[name=api_code]').fill('member.page');
    await page.getByTestId('log-submit').click();
    await page.getByTestId('log-total').waitFor();
    await shot('10-log');
    await page.locator('input[name=from]').fill('2020-01-01T00:00');
    await page.getByTestId('log-submit').click();
    await page.getByTestId('log-error').waitFor();
  });

  it('security and abilities save; a bad redirect URL is named', async () => {
    await page.goto(`${base}/business/app/${appGuid}/security`);
    await page.locator('textarea[name=redirect_urls]').fill('javascript:alert(1)');
    await page.getByTestId('save-security').click();
    await page.getByText(translate(lang, 'validation.url_format')).waitFor();
    await page.locator('textarea[name=redirect_urls]').fill('https://portal.example.com/back');
    await page.locator('textarea[name=ip_whitelist]').fill('127.0.0.1');
    await page.getByTestId('save-security').click();
    await page.getByText(t('tenant.saved')).first().waitFor();
    await shot('11-security');
    await page.goto(`${base}/business/app/${appGuid}/ability`);
    await page.getByTestId('ability-process-engine').click();
    await page.getByTestId('save-abilities').click();
    await page.getByText(t('tenant.saved')).first().waitFor();
    await shot('12-abilities');
  });

  it('logged no browser error and failed no call, in either session, and met WCAG 2.2 AA', () => {
    expect(w.problems).toEqual([]);
    expect(op.problems).toEqual([]);
    expect([...w.violations, ...op.violations]).toEqual([]);
  });
});
