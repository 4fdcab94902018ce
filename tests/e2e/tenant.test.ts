import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '../../i18n/index.ts';
import zh from '../../i18n/ui/zh.ts';
import hk from '../../i18n/ui/hk.ts';
import en from '../../i18n/ui/en.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/driver.ts';
import { seedOperator } from '../../server/seed/seed.ts';
import { CHROMIUM, chromiumAvailable, launch, watchPage, type Watched } from '../helpers/browser.ts';
import { testDb } from '../helpers/db.ts';
import { freePort } from '../../scripts/free-port.mjs';
import { openFromSidebar } from '../helpers/sidebar.ts';

/** The build served; E2E_DIST points elsewhere so that a rebuild of dist/ mid-run cannot pull chunks from under the page. */
const DIST = process.env.E2E_DIST ?? 'dist';
const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the tenant journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

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
  let w: Watched;
  /** The operator reviewing the certification, in a browser context (session) of its own. */
  let op: Watched;
  /** Each screen is looked at by axe as its screenshot is taken. */
  const shot = async (name: string, on: Watched = w) => {
    await on.shot(name);
    await on.axe(name);
  };
  const save = () => page.getByRole('button', { name: '保存' }).first().click();
  /** The 新增 of the list under `path`: a click on a menu returns before the page it leaves has gone, and that page's 新增 would add the wrong thing. */
  const addOn = async (path: string) => {
    await page.waitForURL((u) => u.pathname.startsWith(path));
    await page.locator(`a[href^="${path}"]`).filter({ hasText: '新增' }).click();
  };

  beforeAll(async () => {
    mailDir = mkdtempSync(join(tmpdir(), 'open-platform-e2e-mail-'));
    db = await testDb();
    // Its own address is its PUBLIC_URL: the mailed links lead back to it.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { app } = await buildApp({ db, staticDir: resolve(DIST), mailDir, publicUrl: base });
    await seedOperator(db, ADMIN.username, ADMIN.password);
    await app.listen({ port, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await db.close();
      rmSync(mailDir, { recursive: true, force: true });
    };
    browser = await launch();
    w = await watchPage(browser);
    // In Chinese until the person picks another language on the way (the pick is kept).
    await w.page.addInitScript(() => localStorage.getItem('open:language') ?? localStorage.setItem('open:language', JSON.stringify('zh')));
    page = w.page;
    op = await watchPage(browser);
    if (process.env.E2E_DEBUG) page.on('response', async (r) => r.url().includes('/open/') && console.log('[call]', r.url().replace(base, ''), r.request().postData()?.slice(0, 200), (await r.text().catch(() => '')).slice(0, 300)));
  });

  // A failing step leaves its screen behind for a look.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`, { failed: true }).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await close?.();
  });

  it('from the home page, registers with the mailed code; the form checks the rules first', async () => {
    await page.goto(`${base}/`);
    await page.getByTestId('login-button').click();
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
    await page.getByTestId('empty-state').waitFor();
    await shot('t02-panel-no-bu');
  });

  it('creates a BU, which becomes the current one, and applies for certification', async () => {
    await page.getByTestId('create-bu').click();
    await page.waitForURL(/\/account\/enterprise\/info\/create/);
    await page.locator('input[name=name]').waitFor();
    // The form that creates the first BU does not tell the person, above itself, to create one.
    expect(await page.getByTestId('empty-state').count()).toBe(0);
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
    await page.getByTestId('tab-/account/enterprise/info/certification').click();
    await page.getByTestId('single-screen').waitFor();
    await page.locator('input[name=company_name]').fill('Example Holdings');
    await page.locator('input[name=credit_code]').fill('91350100M000100Y43');
    await save();
    await page.getByText(zh.tenant.saved).waitFor();
    await page.getByTestId('action-apply').click();
    await page.getByTestId('single-status').getByText('认证中').waitFor();
    await shot('t04-certification-applied');
  });

  it('an operator rejects the request with a reason on the review screen; the tenant reads it, applies again, and is approved', async () => {
    const o = op.page;
    await o.goto(`${base}/adminLogin`);
    await o.fill('input[name=username]', ADMIN.username);
    await o.fill('input[name=password]', ADMIN.password);
    await o.click('[data-testid=login-submit]');
    // Signed in, the operator lands in the operator console.
    await o.waitForURL(/\/operation\/[a-z]/);
    await openFromSidebar(o, '/operation/certification');
    const request = o.getByRole('row', { name: /Example Holdings/ });
    await request.waitFor();
    await request.getByText('认证中').waitFor();
    await shot('t04b-operator-review-list', op);
    await request.getByTestId('status-reject').click();
    const dialog = o.getByRole('dialog');
    // No reason, no rejection: the dialog stays and says what is missing.
    await dialog.getByRole('button', { name: '确认' }).click();
    await dialog.getByText(translate('zh', 'validation.required')).waitFor();
    await dialog.getByTestId('transition-reason').fill('营业执照扫描件不清晰，请重新上传。');
    await shot('t04c-operator-reject-reason', op);
    await dialog.getByRole('button', { name: '确认' }).click();
    await o.getByRole('row', { name: /Example Holdings/ }).getByText('认证失败').waitFor();

    await page.reload();
    await page.getByTestId('reason-remark').getByText('营业执照扫描件不清晰，请重新上传。').waitFor();
    await page.getByTestId('single-status').getByText('认证失败').waitFor();
    await shot('t04d-tenant-reads-reason');
    await page.locator('[name=address]').fill('1 Harbour Road');
    await save();
    await page.getByText(zh.tenant.saved).waitFor();
    await page.getByTestId('action-apply').click();
    await page.getByTestId('single-status').getByText('认证中').waitFor();
    expect(await page.getByTestId('reason-remark').count()).toBe(0);

    await o.reload();
    await o.getByRole('row', { name: /Example Holdings/ }).getByTestId('status-approve').click();
    await o.getByRole('row', { name: /Example Holdings/ }).getByText('已认证').waitFor();
    await shot('t04e-operator-approved', op);
    // The request's page keeps its history: both applications, the rejection with its reason, the approval.
    await o.getByRole('row', { name: /Example Holdings/ }).getByText('Example Holdings').click();
    const history = o.getByTestId('related-org-application');
    await history.getByText('营业执照扫描件不清晰，请重新上传。').waitFor();
    await expect.poll(() => history.getByRole('row').count()).toBe(5);
    await shot('t04f-operator-request-history', op);
  });

  it('adds a department, a member, a role with a grant and a sub-account holding it', async () => {
    // Moving on in the console reads the BU afresh: certified, its organisation pages appear.
    await openFromSidebar(page, '/account/enterprise-panel');
    await page.getByTestId('counts-screen').waitFor();
    await openFromSidebar(page, '/account/organzize');
    await page.waitForURL(/\/account\/organzize\/department/);
    await addOn('/account/organzize');
    await page.locator('input[name=name]').fill('研发部');
    await save();
    await page.getByTestId('tree-row').filter({ hasText: '研发部' }).waitFor();
    await shot('t05-department');

    await openFromSidebar(page, '/account/member-manage');
    await addOn('/account/member-manage');
    await page.locator('input[name=name]').fill('张三');
    await save();
    await page.getByRole('row', { name: /张三/ }).waitFor();

    await openFromSidebar(page, '/account/role-manage');
    await addOn('/account/role-manage');
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

    await openFromSidebar(page, '/account/member-manage');
    await page.getByTestId('tab-/account/member-manage/sub-account').click();
    await addOn('/account/member-manage/sub-account');
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

  it('the sub-account activates through the mailed link, signs in and opens every page its role grants, and only those', async () => {
    const link = /https?:\/\/\S+\/account-active\?token=[A-Za-z0-9_-]+/.exec(mailTo(mailDir, SUB.email))?.[0];
    expect(link?.startsWith(`${base}/account-active?token=`)).toBe(true);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    // The link in the mail, followed as a person clicks it.
    await page.goto(link!);
    await page.getByTestId('field-password').fill(SUB.password);
    await page.getByTestId('field-confirm_password').fill(SUB.password);
    await shot('t08-activate');
    await page.getByTestId('set-password-submit').click();
    await page.waitForURL(/\/login/);
    await page.fill('input[name=username]', SUB.username);
    await page.fill('input[name=password]', SUB.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // Every entry the sidebar offers opens its page: none refuses.
    const entries = page.getByTestId('sidebar').locator('a.MuiListItemButton-root:not(.Mui-disabled)');
    await entries.first().waitFor();
    const hrefs = await entries.evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
    expect(hrefs).toContain('/account/organzize');
    for (const href of hrefs) {
      await page.getByTestId('sidebar').locator(`a[href="${href}"]`).click();
      await page.waitForURL((u) => u.pathname.startsWith(href));
      // The page is framed once its entry is the current one; a refusal would be inside that frame.
      await page.getByTestId('sidebar').locator(`a[href="${href}"][aria-current="page"]`).waitFor();
      expect(await page.getByTestId('refused').count(), href).toBe(0);
    }
    await openFromSidebar(page, '/account/organzize');
    await page.waitForURL(/\/account\/organzize\/department/);
    await page.getByTestId('tree-row').filter({ hasText: '研发部' }).waitFor();
    // Granted: the organisation page and its department tab; not granted: the other tabs and pages.
    for (const tab of ['company', 'project', 'position']) expect(await page.getByTestId(`tab-/account/organzize/${tab}`).count()).toBe(0);
    expect(await page.getByTestId('menu-/account/role-manage').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('menu-/account/organzize').getAttribute('aria-disabled')).toBeNull();
    await shot('t09-sub-account-menus-zh');
  });

  it('a page outside its grants, typed or bookmarked, says why inside the console, with a way back', async () => {
    await page.goto(`${base}/account/role-manage`);
    await page.getByTestId('refused').getByText(zh.guard.no_permission).waitFor();
    await page.getByTestId('refused-console').click();
    await page.waitForURL((u) => u.pathname.startsWith('/account/') && !u.pathname.startsWith('/account/role-manage'));
  });

  it('shows the same screens in traditional Chinese and English', async () => {
    for (const [lang, ui] of [['hk', hk], ['en', en]] as const) {
      await openFromSidebar(page, '/account/organzize');
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
      await page.getByTestId('to-register').click();
      await page.getByText(ui.register.title).first().waitFor();
      await page.getByLabel(ui.login.username).waitFor();
      await page.getByTestId('register-submit').click();
      await page.getByText(translate(lang, 'validation.agreement_required')).waitFor();
      await shot(`t11-register-${lang}`);
      await page.getByRole('link', { name: ui.register.to_login }).click();
      // The registration form has a username field too: type only once the login form replaced it.
      await page.getByTestId('login-submit').waitFor();
      await page.fill('input[name=username]', SUB.username);
      await page.fill('input[name=password]', SUB.password);
      await page.click('[data-testid=login-submit]');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    }
  });

  it('personal settings: the e-mail changes with the code mailed to the new address; the phone card says text messages cannot be sent', async () => {
    await openFromSidebar(page, '/account/info');
    const form = page.getByTestId('personal-email');
    const next = `new_${SUB.email}`;
    await form.getByTestId('field-email').fill(next);
    await form.getByTestId('send-code').click();
    await form.getByText(/Resend in/).waitFor();
    const code = /\b(\d{6})\b/.exec(mailTo(mailDir, next))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await form.getByTestId('field-code').fill(code!);
    await form.getByRole('button', { name: en.tenant.save }).click();
    await page.getByText(en.personal.email_changed.replace('%{email}', next)).first().waitFor();
    await page.getByText(en.personal.email_current.replace('%{email}', next)).waitFor();
    await page.getByTestId('personal-phone').getByText(en.personal.no_sms).waitFor();
    await shot('t12-personal-en');
  });

  it('at 1280 px in English the lists fit the window: no sideways scroll, paging in view', async () => {
    await op.page.getByTestId('language-switch').click();
    await op.page.getByTestId('language-en').click();
    for (const [on, path] of [[w, '/account/organzize'], [op, '/operation/role'], [op, '/operation/user'], [op, '/operation/certification'], [op, '/operation/permission']] as const) {
      await on.page.setViewportSize({ width: 1280, height: 800 });
      await openFromSidebar(on.page, path);
      await on.page.waitForURL((u) => u.pathname.startsWith(path));
      await on.page.getByRole('columnheader').first().waitFor();
      expect(await on.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
      await shot(`t13-1280-en${path.replace(/\//g, '-')}`, on);
    }
    // A seeded menu's page names it in the reader's language, as its row does: the crumb and the page.
    const roles = op.page.getByTestId('tree-row').filter({ has: op.page.getByRole('button', { name: 'Expand Roles' }) }).filter({ hasText: /admin:role\b/ });
    await roles.getByRole('link', { name: 'Edit' }).click();
    await op.page.waitForURL(/\/operation\/permission\/[^/]+$/);
    const crumbs = op.page.getByTestId('breadcrumbs');
    await crumbs.getByText('Roles', { exact: true }).waitFor();
    expect(await crumbs.textContent()).not.toContain('角色管理');
    await op.page.locator('input[name=code]').waitFor();
    await shot('t13-1280-en-permission-roles', op);
  });

  it('at 390 px the public header and the login pages work', async () => {
    const narrow = await watchPage(browser, { width: 390, height: 844 });
    await narrow.page.addInitScript(() => localStorage.setItem('open:language', JSON.stringify('en')));
    for (const [path, ready] of [['/', 'logo'], ['/login', 'login-form'], ['/login?register=1', 'register-form'], ['/adminLogin', 'login-form']] as const) {
      await narrow.page.goto(`${base}${path}`);
      await narrow.page.getByTestId(ready).waitFor();
      expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
      await shot(`t14-390-en${path.replace(/\W+/g, '-')}`, narrow);
    }
    await narrow.page.fill('input[name=username]', ADMIN.username);
    await narrow.page.fill('input[name=password]', ADMIN.password);
    await narrow.page.click('[data-testid=login-submit]');
    await narrow.page.waitForURL(/\/operation\/[a-z]/);
    expect(narrow.problems).toEqual([]);
    expect(narrow.violations).toEqual([]);
  });

  it('logged no browser error and failed no call on the way, in either session', () => {
    expect(w.problems).toEqual([]);
    expect(op.problems).toEqual([]);
  });

  it('met WCAG 2.2 AA on every screen it reached: no critical or serious axe violation', () => {
    expect([...w.violations, ...op.violations]).toEqual([]);
  });
});
