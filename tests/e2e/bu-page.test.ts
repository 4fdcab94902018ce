import { describe, expect, it } from 'vitest';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import srvZh from '../../i18n/server/zh.ts';
import srvEn from '../../i18n/server/en.ts';
import comZh from '../../i18n/common/zh.ts';
import comEn from '../../i18n/common/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the BU page journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...srvZh, ...comZh, ...resZh }, en: { ...en, ...srvEn, ...comEn, ...resEn } } as const;

/**
 * An operator opens a BU from the BU list (its page `/operation/bu/{id}/org`), reads its organisation
 * info, certifies it (asked first), changes its password policy, installs a store app and uninstalls it
 * (asked first). In zh and en; axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('BU page journey (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const res = (key: string) => t(`resources.${key}`);
  const company = `Acme ${uid()}`;
  const appName = `Ledger ${uid()}`;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let buName: string;
  let appGuid: string;
  const j = journey(lang, 'bu', async (s) => {
    tenant = await tenantWithBu(s);
    buName = (await s.db.query<{ name: string }>('select name from bu where guid = $1', [tenant.buGuid])).rows[0].name;
    const org = await s.post('/open/system/org/add', { company_name: company, credit_code: '91350100M000100Y43' }, { token: tenant.token });
    if (org.code !== 200) throw new Error(org.message);
    const admin = await s.login();
    const app = await s.post('/open/admin/app-manage/add-app', { name: appName, code: `ledger-${uid()}`, type: 0 }, { token: admin });
    if (app.code !== 200) throw new Error(app.message);
    appGuid = app.data.guid;
  });

  it('opens a BU from the list onto its organisation info, and certifies it after asking', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/bu`);
    await op.page.getByText(buName, { exact: true }).first().click();
    await op.page.waitForURL((u) => u.pathname === `/operation/bu/${tenant.buGuid}/org`);
    await expect.poll(() => op.page.getByTestId('record-title').textContent(), { timeout: 15000 }).toBe(buName);
    expect(await op.page.getByRole('tab', { selected: true }).textContent()).toBe(t('record_page.org'));
    expect(await op.page.getByLabel(res('org.fields.company_name')).inputValue()).toBe(company);
    await op.page.getByTestId('single-status').getByText(res('org.values.auth_state.0')).waitFor();
    const crumbs = op.page.getByTestId('breadcrumbs');
    // The trail ends with the BU by its name (the BU list before it links back).
    await expect.poll(() => crumbs.getByRole('paragraph').textContent()).toBe(buName);
    await crumbs.getByRole('link', { name: res('bu.name').split(' |||| ').pop() }).waitFor().catch(() => crumbs.locator('a[href="/operation/bu"]').waitFor());
    await j.shot('01-org', op);
    await op.page.getByTestId('action-certify').click();
    const dialog = op.page.getByRole('dialog');
    await dialog.waitFor();
    await j.shot('02-certify-confirm', op);
    await dialog.locator('button.ra-confirm').click();
    await op.page.getByTestId('single-status').getByText(res('org.values.auth_state.2')).waitFor();
    await op.page.getByTestId('action-revoke').waitFor();
    expect((await j.s.db.query('select auth_state from org where bu_guid = $1', [tenant.buGuid])).rows[0]).toEqual({ auth_state: 2 });
    await j.shot('03-certified', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('changes the BU’s password policy on its tab', async () => {
    const op = await j.operator();
    // The page without a tab opens its first.
    await op.page.goto(`${j.base}/operation/bu/${tenant.buGuid}`);
    await op.page.waitForURL((u) => u.pathname.endsWith('/org'));
    await op.page.getByTestId('tab-sso/password').click();
    await op.page.waitForURL((u) => u.pathname.endsWith('/sso/password'));
    const min = op.page.getByLabel(res('password-policy.fields.min_length'));
    await min.waitFor();
    await min.fill('12');
    await op.page.locator('button[type=submit]').click();
    await op.page.getByText(t('tenant.saved')).first().waitFor();
    expect((await j.s.db.query('select min_length from password_policy where bu_guid = $1', [tenant.buGuid])).rows[0]).toEqual({ min_length: 12 });
    await j.shot('04-password-policy', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('a store app opens its page: extra properties added, changed and removed after asking', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/store/app`);
    await op.page.getByText(appName, { exact: true }).first().click();
    // The app's page opens on its own form, with its extra properties on the next tab.
    await op.page.waitForURL((u) => u.pathname === `/operation/store/app/${appGuid}/edit`);
    await expect.poll(() => op.page.getByTestId('record-title').textContent(), { timeout: 15000 }).toBe(appName);
    expect(await op.page.getByLabel(res('app.fields.name')).inputValue()).toBe(appName);
    await j.shot('04-store-app', op);
    await op.page.getByTestId('tab-ext-props').click();
    await op.page.waitForURL((u) => u.pathname === `/operation/store/app/${appGuid}/ext-props`);
    await op.page.getByTestId('list-empty').waitFor();
    await op.page.getByTestId('list-empty').getByRole('link').click();
    await op.page.getByLabel(res('app-ext-prop.fields.prop_key')).fill('bad key!');
    await op.page.getByLabel(res('app-ext-prop.fields.prop_value')).fill('https://ledger.example/help');
    await op.page.locator('button[type=submit]').click();
    // Refused in the form, with what was typed kept.
    await op.page.getByText(t('validation.code_format')).first().waitFor();
    expect(await op.page.getByLabel(res('app-ext-prop.fields.prop_value')).inputValue()).toBe('https://ledger.example/help');
    await op.page.getByLabel(res('app-ext-prop.fields.prop_key')).fill('help_url');
    await j.shot('04a-ext-prop-form', op);
    await op.page.locator('button[type=submit]').click();
    await op.page.waitForURL((u) => u.pathname === `/operation/store/app/${appGuid}/ext-props`);
    const list = op.page.getByTestId('resource-list');
    await list.getByText('help_url').waitFor();
    expect((await j.s.db.query('select prop_key, prop_value from app_ext_prop where app_guid = $1', [appGuid])).rows).toEqual([{ prop_key: 'help_url', prop_value: 'https://ledger.example/help' }]);
    await j.shot('04b-ext-props', op);
    await list.getByRole('link', { name: { zh: '编辑', en: 'Edit' }[lang] }).click();
    await op.page.getByLabel(res('app-ext-prop.fields.prop_value')).fill('https://ledger.example/docs');
    await op.page.locator('button[type=submit]').click();
    await list.getByText('https://ledger.example/docs').waitFor();
    await list.getByRole('checkbox').last().check();
    await op.page.getByRole('button', { name: { zh: '删除', en: 'Delete' }[lang] }).click();
    await op.page.getByRole('dialog').locator('button.ra-confirm').click();
    await op.page.getByTestId('list-empty').waitFor();
    expect((await j.s.db.query('select 1 from app_ext_prop where app_guid = $1', [appGuid])).rows).toEqual([]);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('installs a store app in the BU and uninstalls it after asking', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/bu/${tenant.buGuid}/app`);
    await op.page.getByTestId('list-empty').waitFor();
    await j.shot('05-apps-empty', op);
    await op.page.getByTestId('list-empty').getByRole('link').click();
    await op.page.waitForURL((u) => u.pathname === `/operation/bu/${tenant.buGuid}/app/create`);
    await op.page.getByLabel(res('installed-app.fields.app_guid')).fill(appName.slice(0, 6));
    await op.page.getByRole('option', { name: appName }).click();
    await j.shot('06-install', op);
    await op.page.locator('button[type=submit]').click();
    await op.page.waitForURL((u) => u.pathname === `/operation/bu/${tenant.buGuid}/app`);
    const list = op.page.getByTestId('resource-list');
    await list.getByText(appName).waitFor();
    expect((await j.s.db.query('select order_guid from installed_app where bu_guid = $1', [tenant.buGuid])).rows).toEqual([{ order_guid: null }]);
    await j.shot('07-installed', op);
    await list.getByTestId('action-uninstall').click();
    const dialog = op.page.getByRole('dialog');
    await dialog.locator('button.ra-confirm').click();
    await op.page.getByTestId('list-empty').waitFor();
    expect((await j.s.db.query('select 1 from installed_app where bu_guid = $1', [tenant.buGuid])).rows).toEqual([]);
    await j.shot('08-uninstalled', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });
});
