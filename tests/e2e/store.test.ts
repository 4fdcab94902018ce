import { describe, expect, it } from 'vitest';
import zh from '../../i18n/ui/zh.ts';
import hk from '../../i18n/ui/hk.ts';
import en from '../../i18n/ui/en.ts';
import storeZh from '../../i18n/ui/store/zh.ts';
import storeHk from '../../i18n/ui/store/hk.ts';
import storeEn from '../../i18n/ui/store/en.ts';
import { chromiumAvailable, CHROMIUM } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { ORDER_STATE } from '../../schemas/order.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the store journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...storeZh }, hk: { ...hk, ...storeHk }, en: { ...en, ...storeEn } } as const;

/**
 * A visitor's journey through the public site, in zh, hk and en: the home page's featured apps, the
 * store's classifications and search, an app's page, "log in to purchase", the login and the way
 * back, the purchase, and the order in the tenant's console. Axe on every page; no console errors.
 */
describe.skipIf(!available).each(['zh', 'hk', 'en'] as const)('store journey (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, String(v)), key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string);
  const n = uid();
  const app = { name: `Service Desk ${n}`, code: 'SERVICE' };
  let appGuid: string;
  const notes = { name: `Team Notes ${n}`, guid: '' };
  let classGuid: string;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  const j = journey(lang, 's', async (s) => {
    const admin = await s.login();
    const op = async (path: string, body: unknown) => {
      const r = await s.post(path, body, { token: admin });
      if (r.code !== 200) throw new Error(`${path}: ${r.message}`);
      return r.data;
    };
    const label = await op('/open/app/label/add', { name: 'Popular' });
    classGuid = (await op('/open/app/classify/add', { name: 'Customer service' })).guid;
    await op('/open/app/classify/add', { name: 'Property' });
    const created = await op('/open/admin/app-manage/add-app', { name: app.name, code: app.code, type: 0 });
    appGuid = created.guid;
    await op('/open/app/introduce/update/app-manage', { app_guid: appGuid, summary: 'Tickets and SLAs', provider: 'Labs', label_guids: [label.guid], price: 9900, cycle: 1, status: 0, description: 'Tickets, SLAs and a portal.' });
    await op('/open/app/classify/app-related/add', { classify_guid: classGuid, app_guid: appGuid });
    notes.guid = (await op('/open/admin/app-manage/add-app', { name: notes.name, code: `notes-${n}`, type: 0 })).guid;
    await op('/open/app/introduce/update/app-manage', { app_guid: notes.guid, summary: 'Shared notes', status: 0 });
    tenant = await tenantWithBu(s);
  });
  const shot = (label: string) => j.shot(label);

  it('home: a featured app in the store links to its page; one that is not is shown plainly; the hero search shows its focus and goes to the docs search', async () => {
    await j.w.page.goto(`${j.base}/`);
    // The first visit is rendered by the server in the browser's language (zh-CN), then by the browser
    // in the stored one: the title says when the page is in the journey's language.
    await expect.poll(() => j.w.page.title()).toContain(t('route.home'));
    const featured = j.w.page.getByTestId('featured-SERVICE').locator('a');
    await expect.poll(() => featured.getAttribute('href')).toBe(`/appStore/${appGuid}`);
    await expect.poll(() => j.w.page.getByTestId('featured-SERVICE').innerText()).toContain(app.name);
    await expect.poll(() => j.w.page.getByTestId('featured-ENGAGE').locator('a').count()).toBe(0);
    await expect.poll(() => j.w.page.getByTestId('featured-ENGAGE').getByTestId('not-in-store').innerText()).toBe(t('home.not_in_store'));
    await shot('01-home');
    await j.w.page.getByTestId('hero-search').fill('members');
    // The field is a plain input (src/shell/PlainInput.tsx): its search box shows the focus.
    const box = j.w.page.locator('form[role="search"]').filter({ has: j.w.page.getByTestId('hero-search') });
    expect(await box.evaluate((form) => getComputedStyle(form).outlineStyle)).toBe('solid');
    await shot('01b-home-search-focused');
    await j.w.page.getByTestId('hero-search').press('Enter');
    await j.w.page.waitForURL((u) => u.pathname === '/developer/search' && u.searchParams.get('query') === 'members');
  });

  it('store: classifications filter, a search with no match says so and clears', async () => {
    await j.w.page.goto(`${j.base}/appStore`);
    await expect.poll(() => j.w.page.getByTestId('store-card').count()).toBe(2);
    await shot('02-store');
    await j.w.page.getByRole('button', { name: 'Customer service' }).click();
    await j.w.page.waitForURL((u) => u.searchParams.get('classify') === classGuid);
    await expect.poll(() => j.w.page.getByTestId('store-card').count()).toBe(1);
    await j.w.page.getByTestId('store-search').fill('zzz-nothing');
    await j.w.page.getByTestId('store-search').press('Enter');
    await j.w.page.getByTestId('store-empty').waitFor();
    await shot('03-empty');
    await j.w.page.getByRole('button', { name: t('store.clear') }).click();
    await expect.poll(() => j.w.page.getByTestId('store-card').count()).toBe(2);
  });

  it('detail: a visitor is told to log in to purchase, logs in and is back on the app, buys it once, and the order is in the console', async () => {
    await j.w.page.getByRole('link').filter({ has: j.w.page.getByRole('heading', { name: app.name, exact: true }) }).click();
    await j.w.page.waitForURL(`${j.base}/appStore/${appGuid}`);
    await expect.poll(() => j.w.page.getByTestId('app-name').innerText()).toBe(app.name);
    await expect.poll(() => j.w.page.title()).toContain(app.name);
    await j.w.page.getByTestId('buy').click();
    await expect.poll(() => j.w.page.getByTestId('login-to-buy').innerText()).toContain(t('store.login_to_buy'));
    await shot('04-login-to-buy');
    await j.w.page.getByTestId('login-to-buy').getByRole('link', { name: t('store.login') }).click();
    await j.w.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === `/appStore/${appGuid}`);
    await j.w.page.fill('input[name=username]', tenant.username);
    await j.w.page.fill('input[name=password]', tenant.password);
    await j.w.page.click('[data-testid=login-submit]');
    await j.w.page.waitForURL(`${j.base}/appStore/${appGuid}`);

    await j.w.page.getByTestId('buy').click();
    await j.w.page.getByTestId('confirm-buy').waitFor();
    await shot('05-confirm');
    await j.w.page.getByTestId('confirm-buy').click();
    await j.w.page.getByTestId('bought').waitFor();
    const orders = (await j.s.db.query<{ guid: string; number: string; state: number; kind: number }>('select guid, number, state, kind from orders where bu_guid = $1 and app_guid = $2', [tenant.buGuid, appGuid])).rows;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ state: 0, kind: 0 });
    await expect.poll(() => j.w.page.getByTestId('bought').innerText()).toContain(orders[0].number);
    expect(await j.w.page.getByTestId('installed').isDisabled()).toBe(true);
    await shot('06-bought');

    // A reload still knows the BU has it; buying is not offered again.
    await j.w.page.reload();
    await j.w.page.getByTestId('installed').waitFor();
    await expect.poll(() => j.w.page.getByTestId('buy').count()).toBe(0);

    await j.w.page.goto(`${j.base}/account/order`);
    await j.w.page.getByText(app.name).first().waitFor();
    await shot('07-orders');
    await j.w.page.goto(`${j.base}/account/enterprise/app`);
    await j.w.page.getByText(app.name).first().waitFor();
    await shot('08-enterprise-apps');
  });

  it('a free app: "Use for free" asks to use it for free, and says it is ready to use, its ¥0 order paid', async () => {
    const { page } = j.w;
    await page.goto(`${j.base}/appStore`);
    await page.getByRole('link').filter({ has: page.getByRole('heading', { name: notes.name, exact: true }) }).click();
    await page.waitForURL(`${j.base}/appStore/${notes.guid}`);
    await expect.poll(() => page.getByTestId('buy').innerText()).toBe(t('store.use'));
    await page.getByTestId('buy').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: t('store.confirm_title_free', { name: notes.name }) }).waitFor();
    expect(await dialog.innerText()).toContain(t('store.confirm_free'));
    expect(await dialog.innerText()).not.toContain(t('store.how_paid'));
    expect(await dialog.getByTestId('confirm-buy').innerText()).toBe(t('store.confirm_use'));
    await shot('06c-confirm-free');
    await dialog.getByTestId('confirm-buy').click();
    await page.getByTestId('bought').waitFor();
    const orders = (await j.s.db.query<{ number: string; state: number; amount: number }>('select number, state, amount from orders where bu_guid = $1 and app_guid = $2', [tenant.buGuid, notes.guid])).rows;
    expect(orders).toEqual([expect.objectContaining({ state: ORDER_STATE.paid, amount: 0 })]);
    await expect.poll(() => page.getByTestId('bought').innerText()).toContain(t('store.ready', { name: notes.name, number: orders[0].number }));
    expect(await page.getByTestId('how-paid').count()).toBe(0);
    expect(await page.getByTestId('installed').isDisabled()).toBe(true);
    await shot('06d-free-ready');
  });

  it('capabilities: each scope opens its APIs and events', async () => {
    await j.w.page.goto(`${j.base}/open-capability`);
    const member = j.w.page.locator('[id="contact:member:readonly"]');
    await member.getByRole('button', { name: t('store.show_apis', { name: await member.locator('h2').innerText() }) }).click();
    await expect.poll(() => member.getByTestId('api-table-api').locator('tbody tr').count()).toBe(2);
    await expect.poll(() => member.getByTestId('api-table-event').locator('tbody tr').count()).toBe(3);
    await shot('09-capabilities');
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
