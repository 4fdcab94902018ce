import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { translate } from '../../i18n/index.ts';
import zh from '../../i18n/ui/zh.ts';
import hk from '../../i18n/ui/hk.ts';
import en from '../../i18n/ui/en.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/driver.ts';
import { seedOperator } from '../../server/seed/seed.ts';
import { testDb } from '../helpers/db.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The build served; E2E_DIST points elsewhere so that a rebuild of dist/ mid-run cannot pull chunks from under the page. */
const DIST = process.env.E2E_DIST ?? 'dist';
const available = existsSync(CHROMIUM) && existsSync(`${DIST}/index.html`);
if (!available) console.warn(`SKIPPED: the tenant journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const SHOTS = 'tests/screenshots';
const ADMIN = { username: 'admin', password: 'Adm1nPassw0rd' };
const id = Math.random().toString(16).slice(2, 8);
const OWNER = { username: `owner_${id}`, password: 'Passw0rd1', email: `owner_${id}@example.com` };
const SUB = { username: `sub_${id}`, password: 'SubPassw0rd1', email: `sub_${id}@example.com` };

/** The newest mail to `to`, decoded from quoted-printable. */
const mailTo = (dir: string, to: string) => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  const texts = files.map((f) => readFileSync(join(dir, f), 'utf8')).filter((t) => t.toLowerCase().includes(to.toLowerCase()));
  return (texts.at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
};

describe.skipIf(!available)('tenant journey (Chromium): register, BU, organisation, sub-account with a role', () => {
  let db: Db;
  let close: () => Promise<void>;
  let base: string;
  let mailDir: string;
  let browser: Browser;
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const api = async (path: string, body: unknown, token?: string) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return (await r.json()) as { code: number; data: any; message: string };
  };
  const save = () => page.getByRole('button', { name: '保存' }).first().click();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mailDir = mkdtempSync(join(tmpdir(), 'open-platform-e2e-mail-'));
    db = await testDb();
    const { app } = await buildApp({ db, staticDir: resolve(DIST), mailDir });
    await seedOperator(db, ADMIN.username, ADMIN.password);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      await db.close();
      rmSync(mailDir, { recursive: true, force: true });
    };
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => console.error('[page error]', e.message));
    page.on('console', (m) => m.type() === 'error' && console.error('[console]', m.text()));
    if (process.env.E2E_DEBUG) page.on('response', async (r) => r.url().includes('/open/') && console.log('[call]', r.url().replace(base, ''), r.request().postData()?.slice(0, 200), (await r.text().catch(() => '')).slice(0, 300)));
  });

  // A failing step leaves its screen behind for a look.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await shot(`fail-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await close?.();
  });

  it('registers with the mailed code; the form checks the rules first', async () => {
    await page.goto(`${base}/login`);
    await page.getByTestId('to-register').click();
    await page.getByTestId('register-form').waitFor();
    await page.getByTestId('register-submit').click();
    await page.getByText(translate('zh', 'validation.agreement_required')).waitFor();
    await page.getByTestId('field-username').fill(OWNER.username);
    await page.getByTestId('field-password').fill(OWNER.password);
    await page.getByTestId('field-confirm_password').fill('Different1');
    await page.getByTestId('field-email').fill(OWNER.email);
    await page.getByTestId('send-code').click();
    await page.getByText(/秒后重发/).waitFor();
    await page.getByTestId('register-submit').click();
    await page.getByText(translate('zh', 'validation.passwords_differ')).waitFor();
    await shot('t01-register-invalid');
    const code = /\b(\d{6})\b/.exec(mailTo(mailDir, OWNER.email))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('field-confirm_password').fill(OWNER.password);
    await page.getByTestId('field-code').fill(code!);
    await page.getByTestId('agree').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/account\/enterprise-panel/);
    await page.waitForTimeout(1500);
    await shot('t02-panel-no-bu');
    await page.getByTestId('empty-state').waitFor();
    await shot('t02-panel-no-bu');
  });

  it('creates a BU, which becomes the current one; certification is applied for and approved', async () => {
    await page.getByTestId('create-bu').click();
    await page.waitForURL(/\/account\/enterprise\/info\/create/);
    await page.waitForTimeout(1500);
    await shot('t03-bu-create');
    await page.locator('input[name=name]').fill(`BU ${id}`);
    await save();
    // The first BU is selected: a new token, then a reload.
    await page.waitForURL(/\/account\/enterprise\/info$/);
    await page.getByRole('row', { name: new RegExp(`BU ${id}`) }).waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: `BU ${id}` }).waitFor();
    await shot('t03-bu-created-switch-list');
    await page.keyboard.press('Escape');
    await page.goto(`${base}/account/enterprise/info/certification`);
    await page.getByTestId('single-screen').waitFor();
    await page.locator('input[name=company_name]').fill('Example Holdings');
    await page.locator('input[name=credit_code]').fill('91350100M000100Y43');
    await save();
    await page.getByText(zh.tenant.saved).waitFor();
    await page.getByTestId('action-apply').click();
    await page.getByTestId('single-status').getByText('认证中').waitFor();
    await shot('t04-certification-applied');
    const admin = (await api('/open/admin/sys-auth/login', ADMIN)).data.token;
    const orgs = await api('/open/admin/org/list', { page: 1, page_size: 20, company_name: 'Example Holdings' }, admin);
    const approved = await api('/open/admin/org/update-status', { guid: orgs.data.list[0].guid, status: 2 }, admin);
    expect(approved.code).toBe(200);
  });

  it('adds a department, a member, a role with a grant and a sub-account holding it', async () => {
    await page.goto(`${base}/account/organzize`);
    await page.waitForURL(/\/account\/organzize\/department/);
    await page.getByRole('link', { name: '新增' }).click();
    await page.locator('input[name=name]').fill('研发部');
    await save();
    await page.getByTestId('tree-row').filter({ hasText: '研发部' }).waitFor();
    await shot('t05-department');

    await page.goto(`${base}/account/member-manage`);
    await page.getByRole('link', { name: '新增' }).click();
    await page.locator('input[name=name]').fill('张三');
    await save();
    await page.getByRole('row', { name: /张三/ }).waitFor();

    await page.goto(`${base}/account/role-manage`);
    await page.getByRole('link', { name: '新增' }).click();
    await page.locator('input[name=name]').fill('组织管理员');
    await save();
    await page.getByRole('row', { name: /组织管理员/ }).getByRole('button', { name: '权限' }).click();
    await page.getByTestId('grant-screen').waitFor();
    // The organisation page and its department tab (with its buttons) only.
    await page.getByTestId('grant-node').filter({ hasText: /^组织架构$/ }).getByRole('checkbox').check();
    for (const tab of ['公司', '项目', '岗位']) await page.getByTestId('grant-node').filter({ hasText: new RegExp(`^${tab}$`) }).getByRole('checkbox').uncheck();
    await shot('t06-role-grants');
    await page.getByTestId('grant-save').click();
    await page.waitForURL(/\/account\/role-manage$/);

    await page.goto(`${base}/account/member-manage/sub-account`);
    await page.getByRole('link', { name: '新增' }).click();
    await page.locator('input[name=username]').fill(SUB.username);
    await page.locator('input[name=name]').fill('李四');
    await page.locator('input[name=email]').fill(SUB.email);
    await save();
    const row = page.getByRole('row', { name: new RegExp(SUB.username) });
    await row.waitFor();
    await row.getByTestId('action-set_role').click();
    await page.getByRole('dialog').getByRole('combobox').click();
    await page.getByRole('option', { name: '组织管理员' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '组织管理员' }).waitFor();
    await shot('t07-set-role');
    await page.getByTestId('action-save').click();
    await page.getByRole('row', { name: new RegExp(SUB.username) }).getByText('组织管理员').waitFor();
    await shot('t07-sub-account');
  });

  it('the sub-account activates through the mailed link, logs in and sees only what its role grants', async () => {
    const token = /token=([A-Za-z0-9_-]+)/.exec(mailTo(mailDir, SUB.email))?.[1];
    expect(token).toBeTruthy();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await page.goto(`${base}/account-active?token=${token}`);
    await page.getByTestId('field-password').fill(SUB.password);
    await page.getByTestId('field-confirm_password').fill(SUB.password);
    await shot('t08-activate');
    await page.getByTestId('set-password-submit').click();
    await page.waitForURL(/\/login/);
    await page.fill('input[name=username]', SUB.username);
    await page.fill('input[name=password]', SUB.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${base}/account/organzize`);
    await page.waitForURL(/\/account\/organzize\/department/);
    await page.getByTestId('tree-row').filter({ hasText: '研发部' }).waitFor();
    // Granted: the organisation page and its department tab; not granted: the other tabs and pages.
    for (const tab of ['company', 'project', 'position']) expect(await page.getByTestId(`tab-/account/organzize/${tab}`).count()).toBe(0);
    expect(await page.getByTestId('menu-/account/role-manage').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('menu-/account/organzize').getAttribute('aria-disabled')).toBeNull();
    await shot('t09-sub-account-menus-zh');
    // A page outside its grants sends it home.
    await page.goto(`${base}/account/role-manage`);
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('shows the same screens in traditional Chinese and English', async () => {
    for (const [lang, ui] of [['hk', hk], ['en', en]] as const) {
      await page.goto(`${base}/account/organzize`);
      await page.getByTestId('language-switch').click();
      await page.getByTestId(`language-${lang}`).click();
      // One granted tab shows no tab bar: the page title, the sidebar and the columns carry the language.
      await page.getByRole('heading', { name: ui.route.organize }).waitFor();
      await page.getByTestId('menu-/account/role-manage').getByText(ui.route.role_manage).waitFor();
      await page.getByRole('columnheader', { name: translate(lang, 'resources.department.fields.name') }).waitFor();
      expect(await page.getByTestId('menu-/account/role-manage').getAttribute('aria-disabled')).toBe('true');
      await shot(`t10-sub-account-${lang}`);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      // Logging out ends on /login; opening the next page before that would be overtaken by it.
      await page.waitForURL((u) => u.pathname.endsWith('/login'));
      await page.goto(`${base}/login?register=1`);
      await page.getByText(ui.register.title).first().waitFor();
      await page.getByLabel(ui.login.username).waitFor();
      await page.getByTestId('register-submit').click();
      await page.getByText(translate(lang, 'validation.agreement_required')).waitFor();
      await shot(`t11-register-${lang}`);
      await page.goto(`${base}/login`);
      await page.fill('input[name=username]', SUB.username);
      await page.fill('input[name=password]', SUB.password);
      await page.click('[data-testid=login-submit]');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    }
  });
});
