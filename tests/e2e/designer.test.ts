import { describe, expect, it } from 'vitest';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import srvZh from '../../i18n/server/zh.ts';
import srvEn from '../../i18n/server/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from '../helpers/browser.ts';
import { DIST, journey, listSettled } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the column designer journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...srvZh, ...resZh }, en: { ...en, ...srvEn, ...resEn } } as const;
const RA = { zh: { create: '新增', save: '保存' }, en: { create: 'Create', save: 'Save' } } as const;

/**
 * A column designer that cannot lose a list (docs/views.md), by clicks only after signing in: a
 * product-staff operator designs the order list's columns for the finance role on a 1280-pixel
 * screen — every field the orders offer is there, the BU shown by default, and the last visible
 * column cannot be hidden; a view published to that role cannot show a column its set hides; a
 * finance operator sees the set; staff's custom field is headed in the reader's language. In zh
 * and en; axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('column designer journey (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const field = (name: string) => t(`resources.order.fields.${name}`);
  const menu = (code: string) => (UI[lang].menu as Record<string, string>)[code];
  const users = { product: `product_${uid()}`, finance: `finance_${uid()}` };
  const finance = `Finance ${uid()}`;
  const productRole = `Product ${uid()}`;
  const badge = { zh: '工牌', hk: '工牌號', en: 'Badge' };
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let buName: string;
  const badgeField = `badge_${uid()}`;
  const j = journey(lang, 'designer', async (s) => {
    const admin = await s.login();
    const grants = async (like: string[]) => (await s.db.query<{ guid: string }>("select guid from permission where scene = 'admin' and code like any($1::text[])", [like])).rows.map((r) => r.guid);
    const roles = {
      product: await grants(['admin:column%', 'admin:view%', 'admin:order%', 'admin:staff%', 'admin:bu%', 'admin:operation', 'admin:system']),
      finance: await grants(['admin:order%', 'admin:operation']),
    };
    for (const who of ['product', 'finance'] as const) {
      const role = await s.post('/open/admin/system/role/add', { name: who === 'finance' ? finance : productRole }, { token: admin });
      await s.post('/open/admin/system/role/auth', { guid: role.data.guid, permission_guids: roles[who] }, { token: admin });
      const user = await s.post('/open/admin/system/user/add', { username: users[who], password: 'Design1234', role_guids: [role.data.guid] }, { token: admin });
      if (user.code !== 200) throw new Error(user.message);
    }
    tenant = await tenantWithBu(s);
    buName = (await s.db.query<{ name: string }>('select name from bu where guid = $1', [tenant.buGuid])).rows[0].name;
    const order = await s.post('/open/admin/order-management/save-order', { bu_guid: tenant.buGuid, app_name: `Seats ${uid()}`, amount: 12_000, currency: 'HKD' }, { token: admin });
    if (order.code !== 200) throw new Error(order.message);
    const f = await s.post('/open/admin/staff-management/field/add', {
      field_name: badgeField, display_name: badge.zh, display_name_hk: badge.hk, display_name_en: badge.en, data_type: 'varchar', form_type: 'input',
    }, { token: admin });
    if (f.code !== 200) throw new Error(f.message);
    const m = await s.post('/open/system/member/add', { name: `Alice ${uid()}` }, { token: tenant.token });
    if (m.code !== 200) throw new Error(m.message);
  });

  const signInAs = async (username: string) => {
    const w = await j.page();
    await w.page.setViewportSize({ width: 1280, height: 900 });
    await w.page.goto(`${j.base}/adminLogin`);
    await w.page.fill('input[name=username]', username);
    await w.page.fill('input[name=password]', 'Design1234');
    await w.page.click('[data-testid=login-submit]');
    await w.page.waitForURL((u) => u.pathname.startsWith('/operation'));
    // The side menu settles (its groups unfold for the first page) before anything is clicked.
    await w.page.waitForLoadState('networkidle');
    return w;
  };
  /** Opens a screen from the side menu, unfolding its group first where it is folded (it may fold while the menu settles). */
  const open = async (w: Watched, group: string, item: string) => {
    const entry = w.page.getByRole('link', { name: menu(item), exact: true }).first();
    const folder = w.page.getByRole('button', { name: menu(group), exact: true }).first();
    const href = await entry.getAttribute('href');
    for (let attempt = 1; ; attempt++) {
      if ((await folder.getAttribute('aria-expanded')) === 'false') await folder.click();
      try {
        await entry.click({ timeout: 3000 });
        break;
      } catch (e) {
        if (attempt === 3) throw e;
      }
    }
    await w.page.waitForURL((u) => u.pathname === href);
  };
  const headers = async (w: Watched) => (await w.page.getByTestId('resource-list').locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
  let product: Watched;

  it('product staff design the orders’ columns for a role at 1280 px: every field offered, the last column kept', async () => {
    product = await signInAs(users.product);
    const { page } = product;
    await open(product, 'admin:system', 'admin:column');
    await listSettled(page);
    await page.getByRole('link', { name: RA[lang].create, exact: true }).first().click();
    await page.waitForURL((u) => u.pathname.endsWith('/create'));
    await page.getByTestId('list-resource').locator('input').fill(t('resources.order.name').split('|')[0].trim().slice(0, 2));
    await page.getByRole('option').filter({ hasText: 'order' }).filter({ hasNotText: 'payment' }).first().click();
    await page.getByTestId('audience').locator('input').fill(finance.slice(0, 10));
    await page.getByRole('option', { name: finance }).click();
    const designer = page.getByTestId('column-designer');
    // Every field the orders offer: the BU shown by default; currency, due time and note offered, hidden.
    for (const f of ['number', 'bu_guid', 'app_name', 'currency', 'due_at', 'note']) await designer.getByTestId(`designer-row-${f}`).waitFor();
    expect(await designer.getByTestId('designer-visible-bu_guid').locator('input').isChecked()).toBe(true);
    for (const f of ['currency', 'due_at', 'note']) expect(await designer.getByTestId(`designer-visible-${f}`).locator('input').isChecked()).toBe(false);
    // It fits: no sideways scrolling, the last switches inside the window.
    const table = designer.locator('table').first();
    const fits = await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth);
    expect(fits).toBe(true);
    const lastSwitch = await designer.getByTestId('designer-row-note').locator('td').last().boundingBox();
    expect(lastSwitch!.x + lastSwitch!.width).toBeLessThanOrEqual(1280);
    // The preview's rows name their BU, read with the order staff's own permission (no refusal shown).
    await designer.getByTestId('designer-preview').locator('tbody tr').first().getByText(buName).waitFor();
    expect(await page.getByText(t('server.no_access')).count()).toBe(0);
    await j.shot('01-designer-1280', product);

    // Hiding every column leaves the last one: its box cannot be cleared.
    const shown = ['bu_guid', 'app_name', 'kind', 'amount', 'paid_amount', 'state', 'created_at'];
    for (const f of shown) await designer.getByTestId(`designer-visible-${f}`).locator('input').uncheck();
    const last = designer.getByTestId('designer-visible-number').locator('input');
    expect(await last.isDisabled()).toBe(true);
    await designer.getByTestId('designer-last-number').hover();
    await page.getByRole('tooltip').getByText(t('views.last_visible')).waitFor();
    await j.shot('02-last-column-kept', product);
    await designer.getByTestId('designer-visible-currency').locator('input').check();
    expect(await last.isDisabled()).toBe(false);
    await page.getByRole('button', { name: RA[lang].save }).click();
    await page.getByRole('row').filter({ hasText: finance }).waitFor();
    expect(product.problems).toEqual([]);
    expect(product.violations).toEqual([]);
  });

  it('a view published to the role cannot show a column the role’s set hides', async () => {
    const { page } = product;
    await open(product, 'admin:operation', 'admin:order');
    await page.getByRole('columnheader', { name: field('number') }).waitFor();
    await page.getByTestId('resource-list').locator('tbody tr').first().waitFor();
    expect(await headers(product)).toEqual(expect.arrayContaining([field('number'), field('bu_guid'), field('app_name')]));
    await page.getByTestId('resource-list').locator('tbody tr').first().getByText(buName).waitFor();
    await page.getByTestId('view-save-open').click();
    await page.getByTestId('view-name').fill(`Mine ${uid()}`.slice(0, 12));
    await page.getByRole('radio', { name: t('views.publish_role') }).check();
    await page.getByTestId('audience').locator('input').fill(finance.slice(0, 10));
    await page.getByRole('option', { name: finance }).click();
    await page.getByTestId('view-save').click();
    const refusal = page.getByTestId('view-error');
    await refusal.waitFor();
    // The sentence names the role and the first column its set hides (the BU).
    expect(await refusal.innerText()).toContain(t('server.view_column_hidden').replace('%{role}', finance).replace('%{field}', field('bu_guid')));
    await j.shot('03-view-refused', product);
    await page.getByRole('dialog').getByRole('button', { name: lang === 'zh' ? '取消' : 'Cancel' }).click();
    expect(product.problems).toEqual([]);
    expect(product.violations).toEqual([]);
  });

  it('a finance operator sees the set: the order number and currency', async () => {
    const w = await signInAs(users.finance);
    await open(w, 'admin:operation', 'admin:order');
    await w.page.getByRole('columnheader', { name: field('number') }).waitFor();
    await w.page.getByTestId('resource-list').locator('tbody tr').first().waitFor();
    expect(await headers(w)).toEqual([field('number'), field('currency'), t('list.actions')]);
    await j.shot('04-finance-orders', w);
    expect(w.problems).toEqual([]);
    expect(w.violations).toEqual([]);
  });

  it('staff’s custom field is headed in the reader’s language, and offered by the designer', async () => {
    const { page } = product;
    await open(product, 'admin:system', 'admin:staff');
    await page.getByRole('columnheader', { name: badge[lang] }).waitFor();
    await j.shot('05-custom-field-header', product);
    await page.getByTestId('configure-columns').click();
    await page.getByTestId(`designer-row-${badgeField}`).getByText(badge[lang], { exact: true }).waitFor();
    await j.shot('05b-custom-field-designer', product);
    expect(product.problems).toEqual([]);
    expect(product.violations).toEqual([]);
  });

  it('the BU list: the designer knows its joined columns; a set for one’s own role applies without a reload, and My columns offers its columns', async () => {
    const { page } = product;
    const bu = (name: string) => t(`resources.bu.fields.${name}`);
    await open(product, 'admin:operation', 'admin:bu');
    await page.getByRole('columnheader', { name: bu('owner_username') }).waitFor();
    await page.getByTestId('resource-list').locator('tbody tr').first().waitFor();
    await page.getByTestId('configure-columns').click();
    const designer = page.getByTestId('column-designer');
    // Owner, company and certification are the list's columns, not fields it lost.
    for (const f of ['owner_username', 'company_name', 'auth_state', 'abbreviation']) await designer.getByTestId(`designer-row-${f}`).waitFor();
    expect(await designer.getByTestId('designer-dropped').count()).toBe(0);
    // The preview reads the rows as the list does: a BU's owner is in its row.
    await page.getByTestId('designer-preview').getByRole('row').filter({ hasText: buName }).getByText(tenant.username, { exact: true }).waitFor();
    await page.getByTestId('audience').locator('input').fill(productRole.slice(0, 10));
    await page.getByRole('option', { name: productRole }).click();
    await designer.getByTestId('designer-visible-abbreviation').locator('input').check();
    for (const f of ['cover_url', 'name', 'code', 'owner_username', 'company_name', 'status', 'created_at']) await designer.getByTestId(`designer-visible-${f}`).locator('input').uncheck();
    await j.shot('07-bu-designer', product);
    await page.getByRole('button', { name: RA[lang].save }).click();
    await page.getByRole('row').filter({ hasText: productRole }).waitFor();

    // Back on the list by the menu, no reload: the set as saved.
    await open(product, 'admin:operation', 'admin:bu');
    await page.getByRole('columnheader', { name: bu('abbreviation') }).waitFor();
    await page.getByTestId('resource-list').locator('tbody tr').first().waitFor();
    expect(await headers(product)).toEqual([bu('auth_state'), bu('abbreviation'), t('list.actions')]);
    await page.getByTestId('my-columns').click();
    const offered = page.locator('.MuiPopover-paper label');
    await offered.first().waitFor();
    expect(await offered.allInnerTexts()).toEqual([bu('auth_state'), bu('abbreviation')]);
    await j.shot('08-bu-list-role-set', product);
    await page.keyboard.press('Escape');
    expect(product.problems).toEqual([]);
    expect(product.violations).toEqual([]);
  });

  it('the BU reads its orders with the BU named, by default', async () => {
    const { page } = j.w;
    await j.signIn(tenant);
    await page.getByRole('navigation').getByText(t('route.order'), { exact: true }).click();
    await page.getByRole('columnheader', { name: field('bu_guid') }).waitFor();
    await page.getByTestId('resource-list').locator('tbody tr').first().getByText(buName).waitFor();
    await j.shot('06-tenant-orders');
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
