import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { translate } from '../../i18n/index.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/driver.ts';
import { seedOperator } from '../../server/seed/seed.ts';
import { issueLink } from '../../server/services/one-time-codes.ts';
import { testDb } from '../helpers/db.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM) && existsSync('dist/index.html');
if (!available) console.warn(`SKIPPED: the console journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const SHOTS = 'tests/screenshots';
const ZH_CODE_FORMAT = translate('zh', 'validation.code_format');
const ZH_REQUIRED = translate('zh', 'validation.required');
const ADMIN = { username: 'admin', password: 'Adm1nPassw0rd' };

describe.skipIf(!available)('operator console journey (Chromium)', () => {
  let db: Db;
  let close: () => Promise<void>;
  let base: string;
  let browser: Browser;
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  /** Whatever the Content-Security-Policy blocked: the app must need nothing it forbids. */
  const blocked: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await testDb();
    const { app } = await buildApp({ db, staticDir: resolve('dist') });
    await seedOperator(db, ADMIN.username, ADMIN.password);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      await db.close();
    };
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
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
    await row.getByRole('button', { name: '停用' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await shot('06-disable-confirm');
    await dialog.getByRole('button', { name: '确认' }).click();
    await page.getByRole('row', { name: /Auditors/ }).getByRole('button', { name: '启用' }).waitFor();
    await shot('07-role-disabled');
  });

  it("changes the role list's columns and sees them after a reload", async () => {
    await page.getByTestId('configure-columns').click();
    await page.waitForURL(/\/operation\/columns\/create/);
    // Hide the description column: its row in the iterator is the fifth.
    const visible = page.locator('input[name="columns.4.visible"]');
    await visible.uncheck();
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/operation\/columns$/);
    await page.goto(`${base}/operation/role`);
    await page.reload();
    await page.getByRole('columnheader', { name: '角色名称' }).waitFor();
    expect(await page.getByRole('columnheader', { name: '描述' }).count()).toBe(0);
    await shot('08-columns-applied');
  });

  it('switches the language to English and to traditional Chinese', async () => {
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
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

  it('loads nothing the Content-Security-Policy blocks', () => {
    expect(blocked).toEqual([]);
  });
});
