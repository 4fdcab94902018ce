import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '../../i18n/index.ts';
import zhUi from '../../i18n/ui/zh.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/driver.ts';
import { seedOperator } from '../../server/seed/seed.ts';
import { issueLink } from '../../server/services/one-time-codes.ts';
import { CHROMIUM, chromiumAvailable, launch, watchPage, type Watched } from '../helpers/browser.ts';
import { testDb } from '../helpers/db.ts';

const DIST = process.env.E2E_DIST ?? 'dist';
const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the console journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const ZH_CODE_FORMAT = translate('zh', 'validation.code_format');
const ZH_REQUIRED = translate('zh', 'validation.required');
const ADMIN = { username: 'admin', password: 'Adm1nPassw0rd' };

describe.skipIf(!available)('operator console journey (Chromium)', () => {
  let db: Db;
  let close: () => Promise<void>;
  let base: string;
  let browser: Browser;
  let page: Page;
  let w: Watched;
  /** Each screen is looked at by axe as its screenshot is taken. */
  const shot = async (name: string) => {
    await w.shot(name);
    await w.axe(name);
  };

  beforeAll(async () => {
    db = await testDb();
    const { app } = await buildApp({ db, staticDir: resolve(DIST) });
    await seedOperator(db, ADMIN.username, ADMIN.password);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      await db.close();
    };
    browser = await launch();
    w = await watchPage(browser);
    page = w.page;
  });

  // A failing step leaves its screen behind for a look.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await w.shot(`fail-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`, { failed: true }).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await close?.();
  });

  it('sends a signed-out visitor of a console page to the operator login with a redirect', async () => {
    await page.goto(`${base}/operation/role?x=1`);
    await page.waitForURL(/\/adminLogin\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/operation/role?x=1');
    await shot('01-admin-login');
  });

  it('logs an operator in and lands on the redirect target', async () => {
    await page.fill('input[name=username]', ADMIN.username);
    await page.fill('input[name=password]', ADMIN.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL(/\/operation\/role/);
    await page.getByRole('columnheader', { name: '角色名称' }).waitFor();
    await shot('02-role-list');
  });

  it('an operator signed in lands in the console from /adminLogin; sections and breadcrumbs open pages; the site is one click away', async () => {
    await page.goto(`${base}/adminLogin`);
    await page.waitForURL(/\/operation\/[a-z]/);
    await page.goto(`${base}/operation`);
    await page.waitForURL(/\/operation\/[a-z]/);
    await page.goto(`${base}/operation/role`);
    // The section crumb (a menu node without a page of its own) opens its first page.
    await page.getByTestId('breadcrumbs').getByRole('link', { name: '系统管理' }).click();
    await page.waitForURL(/\/operation\/permission$/);
    await page.getByTestId('tree-list').waitFor();
    await shot('02b-permission-tree');
    // A console path outside the operator's pages says why inside the console, in an operator's words.
    await page.goto(`${base}/operation/nowhere`);
    await page.getByTestId('refused').getByText(zhUi.guard.operator.no_permission).waitFor();
    expect(new URL(page.url()).pathname).toBe('/operation/nowhere');
    await page.getByTestId('back-to-site').click();
    await page.waitForURL((u) => u.pathname === '/');
    // The site header knows the session: no login link, the user menu instead.
    expect(await page.getByTestId('user-menu').count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: '登录' }).count()).toBe(0);
    await page.goto(`${base}/operation/role`);
    await page.getByTestId('back-to-site').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${base}/operation/role`);
    await page.getByRole('columnheader', { name: '角色名称' }).waitFor();
  });

  it('creates a role, then edits it', async () => {
    await page.getByRole('link', { name: '新增' }).click();
    await page.waitForURL(/\/operation\/role\/create/);
    // The form checks with the definition's schema and says what the server would say.
    await page.getByLabel('角色编码').fill('bad code!');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText(ZH_CODE_FORMAT).first().waitFor();
    await page.getByText(ZH_REQUIRED).first().waitFor();
    await shot('03-role-create-invalid');
    await page.getByLabel('角色名称').fill('Auditors');
    await page.getByLabel('角色编码').fill('auditor');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/operation\/role$/);
    const row = page.getByRole('row', { name: /Auditors/ });
    await row.waitFor();
    await row.getByRole('link', { name: '编辑' }).click();
    await page.waitForURL(/\/operation\/role\/[0-9a-f-]+$/);
    await page.getByLabel('描述').fill('Reads the logs');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/operation\/role$/);
    await page.getByRole('row', { name: /Reads the logs/ }).waitFor();
    await shot('04-role-edited');
  });

  it('grants the role permissions with select-all', async () => {
    await page.getByRole('row', { name: /Auditors/ }).getByRole('button', { name: '权限' }).click();
    await page.getByTestId('grant-screen').waitFor();
    await page.getByTestId('grant-select-all').click();
    await shot('05-grants');
    await page.getByTestId('grant-save').click();
    await page.waitForURL(/\/operation\/role$/);
    await page.getByText('权限已保存').waitFor();
  });

  it('disables the role only after a confirmation', async () => {
    const row = page.getByRole('row', { name: /Auditors/ });
    // By keyboard: the dialog takes the focus, Escape closes it and the focus returns to the button.
    await row.getByRole('button', { name: '停用' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('停用');
    await row.getByRole('button', { name: '停用' }).click();
    await dialog.waitFor();
    await shot('06-disable-confirm');
    await dialog.getByRole('button', { name: '确认' }).click();
    await page.getByRole('row', { name: /Auditors/ }).getByRole('button', { name: '启用' }).waitFor();
    await shot('07-role-disabled');
  });

  it("changes the role list's columns and sees them after a reload", async () => {
    await page.getByTestId('configure-columns').click();
    await page.waitForURL(/\/operation\/columns\/create/);
    // Hide the description column in the designer.
    await page.getByTestId('designer-visible-description').locator('input').uncheck();
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/operation\/columns$/);
    await page.goto(`${base}/operation/role`);
    await page.reload();
    await page.getByRole('columnheader', { name: '角色名称' }).waitFor();
    expect(await page.getByRole('columnheader', { name: '描述' }).count()).toBe(0);
    await shot('08-columns-applied');
  });

  it('switches the language to English and to traditional Chinese (the menu works by keyboard)', async () => {
    await page.getByTestId('language-switch').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // Arrow keys move through the languages; Enter picks the focused one.
    for (let i = 0; i < 3 && !(await page.getByTestId('language-en').evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('columnheader', { name: 'Role name' }).waitFor();
    await shot('09-english');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-hk').click();
    await page.getByRole('columnheader', { name: '角色名稱' }).waitFor();
    await shot('10-traditional');
  });

  it('the mailed unlock link lifts a lockout once, then says it is used', async () => {
    const { rows } = await db.query<{ guid: string }>("select guid from users where username = 'admin'");
    const token = await issueLink(db, 'unlock', rows[0].guid, 3600, { resendCheck: false });
    await page.goto(`${base}/unlockAccount?token=${token}`);
    await page.getByTestId('unlock-done').waitFor();
    await shot('11-unlock-done');
    await page.reload();
    await page.getByTestId('unlock-expired').waitFor();
    await shot('12-unlock-used');
  });

  it('logged no browser error, failed no call and broke no rule of Content-Security-Policy on the way', () => {
    expect(w.problems).toEqual([]);
  });

  it('met WCAG 2.2 AA on every screen it reached: no critical or serious axe violation', () => {
    expect(w.violations).toEqual([]);
  });
});
