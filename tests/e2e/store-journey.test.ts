import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import resZh from '../../i18n/resources/zh.ts';
import resEn from '../../i18n/resources/en.ts';
import comZh from '../../i18n/common/zh.ts';
import comEn from '../../i18n/common/en.ts';
import zh from '../../i18n/ui/zh.ts';
import en from '../../i18n/ui/en.ts';
import storeZh from '../../i18n/ui/store/zh.ts';
import storeEn from '../../i18n/ui/store/en.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { pluralForm } from '../../i18n/plural.ts';
import { openFromSidebar } from '../helpers/sidebar.ts';
import { larkReceiver } from '../helpers/receiver.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the store journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...comZh, ...resZh, ...storeZh }, en: { ...en, ...comEn, ...resEn, ...storeEn } } as const;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The store from empty to bought, by clicks only after each person's first page: an operator makes a
 * store app (no type to choose; its secrets shown once), a label, its listing (price typed in yuan,
 * the introduction in Markdown) and a classification holding it; a visitor finds it on `/appStore`
 * under that classification (counted) and by its provider, reads the introduction rendered; a tenant
 * buys it and is told how it gets paid; the operator records the payment; the tenant sees it paid.
 * In zh and en; axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('store from empty to bought (Chromium, %s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`%{${k}}`, String(v)), pluralForm(lang, key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string, params));
  const res = (key: string) => t(`resources.${key}`);
  const n = uid();
  const app = { name: `Desk ${n}`, code: `desk-${n}`, provider: `Labs ${n}` };
  const labelName = `Hot ${n}`;
  const className = `Service ${n}`;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let appGuid = '';
  const j = journey(lang, 'store', async (s) => {
    tenant = await tenantWithBu(s);
  }, { events: { allowPrivate: true, pollMs: 100 } });
  let op: Watched;
  let receiver: Awaited<ReturnType<typeof larkReceiver>>;
  const scopeName = (code: string) => t(`resources.api-group.seeded.${code}.name`);

  /** A step of the operator's, with a screenshot of the operator's page when it fails. */
  const asOperator = async (step: (op: Watched) => Promise<void>) => {
    op ??= await j.operator();
    try {
      await step(op);
    } catch (e) {
      await op.shot(`fail-store-${lang}-operator`);
      throw e;
    }
  };
  const submit = (within: Watched) => within.page.locator('button[type=submit]').click();
  const pick = async (input: Locator, typed: string, option: string) => {
    await input.fill(typed);
    await input.page().getByRole('option', { name: option }).first().click();
  };
  const select = async (input: Locator, option: string) => {
    await input.click();
    await input.page().getByRole('option', { name: option, exact: true }).click();
  };

  it('the operator makes a store app (no type to choose) and reads its secrets once', () =>
    asOperator(async (op) => {
      const { page } = op;
      await openFromSidebar(page, '/operation/store/app');
      await page.getByTestId('list-empty').getByRole('link').click();
      expect(await page.getByLabel(res('app.fields.type')).count()).toBe(0);
      await page.getByLabel(res('app.fields.name')).fill(app.name);
      await page.getByLabel(res('app.fields.code')).fill(app.code);
      await j.shot('01-store-app-form', op);
      await submit(op);
      await page.waitForURL((u) => /^\/operation\/store\/app\/[0-9a-f-]{36}\/edit$/.test(u.pathname));
      appGuid = new URL(page.url()).pathname.split('/').at(-2)!;
      const secret = await page.getByTestId('revealed-app_secret').textContent();
      expect(secret?.length).toBeGreaterThan(20);
      expect((await j.s.db.query('select type from app where guid = $1', [appGuid])).rows[0]).toEqual({ type: 0 });
      await j.shot('02-secrets-once', op);
      // Shown once: the page opened again from the list does not have them.
      await openFromSidebar(page, '/operation/store/app');
      await page.getByText(app.name, { exact: true }).first().click();
      await page.waitForURL((u) => u.pathname === `/operation/store/app/${appGuid}/edit`);
      await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(app.name);
      expect(await page.getByTestId('revealed').count()).toBe(0);
    }));

  it('labels it, lists it with a price in yuan and a Markdown introduction, and places it in a classification', () =>
    asOperator(async (op) => {
      const { page } = op;
      await openFromSidebar(page, '/operation/store/label');
      await page.getByTestId('list-empty').getByRole('link').click();
      await page.getByLabel(res('label.fields.name')).fill(labelName);
      await submit(op);
      await page.getByTestId('resource-list').getByText(labelName).waitFor();

      await openFromSidebar(page, '/operation/store/listing');
      // An empty listing screen offers to make one.
      await page.getByTestId('list-empty').getByRole('link').click();
      await pick(page.getByLabel(res('listing.fields.app_guid')), app.name.slice(0, 6), app.name);
      await page.getByLabel(res('listing.fields.summary')).fill('Tickets and SLAs');
      await page.getByLabel(res('listing.fields.provider')).fill(app.provider);
      await page.getByLabel(res('listing.fields.description')).fill('## Service desk\n\n- Tickets\n- SLAs');
      await pick(page.getByLabel(res('listing.fields.label_guids')), labelName.slice(0, 5), labelName);
      await page.getByTestId('money-price').fill('99.50');
      await select(page.getByLabel(res('listing.fields.cycle')), res('listing.values.cycle.1'));
      await select(page.getByLabel(res('listing.fields.status')), res('listing.values.status.0'));
      await j.shot('03-listing-form', op);
      await submit(op);
      const listings = page.getByTestId('resource-list');
      await listings.getByText(/99\.50/).waitFor();
      expect((await j.s.db.query('select price, cycle, status from app_listing where app_guid = $1', [appGuid])).rows[0]).toEqual({ price: 9950, cycle: 1, status: 0 });
      await j.shot('04-listed', op);

      await openFromSidebar(page, '/operation/store/classify');
      await page.getByTestId('list-empty').getByRole('link').click();
      await page.getByLabel(res('classify.fields.name')).fill(className);
      await submit(op);
      // A new classification opens its page, whose tab holds its apps.
      await page.waitForURL((u) => /^\/operation\/store\/classify\/[0-9a-f-]{36}\/edit$/.test(u.pathname));
      await page.getByTestId('tab-apps').click();
      await page.getByTestId('list-empty').getByRole('link').click();
      await pick(page.getByLabel(res('classify-app.fields.app_guid')), app.name.slice(0, 6), app.name);
      await j.shot('05-place-app', op);
      await submit(op);
      await page.getByTestId('resource-list').getByText(app.name).waitFor();
      await j.shot('06-classification-apps', op);

      // The app's own page shows the classification it is in.
      await openFromSidebar(page, '/operation/store/app');
      await page.getByText(app.name, { exact: true }).first().click();
      await page.getByTestId('tab-classify').click();
      await page.getByTestId('resource-list').getByText(className).waitFor();
      await j.shot('07-app-classifications', op);

      // What its buyers will grant it: member reads, opened after confirming.
      await page.getByTestId('tab-permission').click();
      const scope = page.getByRole('row', { name: new RegExp(scopeName('contact:member:readonly')) });
      await scope.getByTestId('action-open').click();
      await page.getByRole('dialog').getByRole('button', { name: { zh: '确认', en: 'Confirm' }[lang] }).click();
      await scope.getByText(res('app-scope.values.status.2')).waitFor();
      await j.shot('07a-store-app-scopes', op);
      // Where its ticket and its buyers' installations go: a receiver on Lark's SDK answers the challenge.
      await page.getByTestId('tab-event').click();
      // The endpoint's keys are made as the tab first reads it.
      await page.getByLabel(res('event-config.fields.request_url')).waitFor();
      const config = (await j.s.db.query<{ encrypt_key: string; verification_token: string }>('select encrypt_key, verification_token from event_config where app_guid = $1', [appGuid])).rows[0];
      receiver = await larkReceiver(config, ['app_open', 'app_status_change', 'app_uninstalled']);
      // The keys a receiver verifies pushes by are on the page; the app it belongs to is not the form's to change.
      await page.getByTestId('single-shows').getByText(config.verification_token).waitFor();
      expect(await page.getByLabel(res('event-config.fields.app_guid')).count()).toBe(0);
      await page.getByLabel(res('event-config.fields.request_url')).fill(receiver.url);
      await submit(op);
      await expect.poll(async () => (await j.s.db.query('select request_url from event_config where app_guid = $1', [appGuid])).rows[0]?.request_url).toBe(receiver.url);
      await page.getByTestId('single-shows').getByText(res('event-config.fields.verified_at')).waitFor();
      await j.shot('07b-store-app-endpoint', op);
      expect(op.problems).toEqual([]);
      expect(op.violations).toEqual([]);
    }));

  it('a visitor finds it under its classification (counted) and by its provider, with the introduction rendered', async () => {
    const { page } = j.w;
    await page.goto(`${j.base}/`);
    await page.getByRole('link', { name: t('home.browse_store') }).click();
    await page.waitForURL((u) => u.pathname === '/appStore');
    const category = page.getByRole('button', { name: new RegExp(className) }).last();
    await expect.poll(() => category.innerText()).toContain(t('store.class_count', { smart_count: 1 }));
    await category.click();
    await expect.poll(() => page.getByTestId('store-card').count()).toBe(1);
    await j.shot('08-store-category');
    await page.getByTestId('store-search').fill(app.provider);
    await page.getByTestId('store-search').press('Enter');
    await expect.poll(() => page.getByTestId('store-card').count()).toBe(1);
    await page.getByRole('link').filter({ has: page.getByRole('heading', { name: app.name, exact: true }) }).click();
    await page.waitForURL((u) => u.pathname === `/appStore/${appGuid}`);
    const about = page.getByTestId('app-about');
    await about.getByRole('heading', { name: 'Service desk' }).waitFor();
    expect(await about.locator('li').count()).toBe(2);
    expect(await about.innerText()).not.toContain('##');
    await j.shot('09-app-page');
  });

  it('a tenant buys it and is told how it gets paid; the operator records the payment; the tenant sees it paid', async () => {
    const { page } = j.w;
    await page.getByTestId('buy').click();
    await page.getByTestId('login-to-buy').getByRole('link', { name: t('store.login') }).click();
    await page.fill('input[name=username]', tenant.username);
    await page.fill('input[name=password]', tenant.password);
    await page.click('[data-testid=login-submit]');
    await page.waitForURL((u) => u.pathname === `/appStore/${appGuid}`);
    await page.getByTestId('buy').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t('store.how_paid')).waitFor();
    // What it will be able to do in the BU, read before consenting.
    await dialog.getByTestId('consent-scope-contact:member:readonly').getByText(scopeName('contact:member:readonly')).waitFor();
    await j.shot('10-confirm');
    await page.getByTestId('confirm-buy').click();
    await page.getByTestId('how-paid').waitFor();
    await j.shot('11-bought');
    await page.getByTestId('bought').getByRole('link').click();
    await page.waitForURL((u) => /^\/account\/order\/[0-9a-f-]{36}\/info$/.test(u.pathname));
    await page.getByText(res('order.values.state.0'), { exact: true }).first().waitFor();
    // The order's page says how it gets paid and what happens next.
    await expect.poll(() => page.getByTestId('state-hint').innerText()).toBe(res('order.hints.tenant.state.0'));
    await j.shot('12-order-to-pay');

    await asOperator(async (op) => {
      await openFromSidebar(op.page, '/operation/order');
      await op.page.getByText(app.name).first().click();
      await expect.poll(() => op.page.getByTestId('state-hint').innerText()).toBe(res('order.hints.operator.state.0'));
      await op.page.getByTestId('related-add-payment-record').click();
      const form = op.page.getByRole('dialog');
      await form.getByTestId('money-amount').fill('99.50');
      const at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      const when = form.getByLabel(res('payment-record.fields.paid_at'));
      await when.click({ position: { x: 8, y: 8 } });
      await when.pressSequentially(`${pad(at.getMonth() + 1)}${pad(at.getDate())}${at.getFullYear()}`);
      await when.press('Tab');
      await when.pressSequentially(`${pad(at.getHours() % 12 || 12)}${pad(at.getMinutes())}${at.getHours() < 12 ? 'A' : 'P'}`);
      await form.getByLabel(res('payment-record.fields.reference')).fill(`TX${n}`);
      await form.locator('button[type=submit]').click();
      await form.waitFor({ state: 'hidden' });
      await op.page.getByText(res('order.values.state.1'), { exact: true }).first().waitFor();
      await j.shot('13-payment-recorded', op);
      expect(op.problems).toEqual([]);
      expect(op.violations).toEqual([]);
    });

    // The tenant opens the orders again from the console's sidebar and sees it paid.
    await openFromSidebar(page, '/account/order');
    await page.getByTestId('resource-list').getByText(res('order.values.state.1'), { exact: true }).first().waitFor();
    await j.shot('14-tenant-sees-paid');
    // The bought app is among the enterprise apps.
    await openFromSidebar(page, '/account/enterprise/app');
    await page.getByTestId('resource-list').getByText(app.name).waitFor();
    await j.shot('15-enterprise-apps');
    // Its row's view opens its details, naming the order that bought it; its name opens its store page.
    await page.getByTestId('resource-list').getByRole('row', { name: new RegExp(app.name) }).locator('a[href$="/show"]').click();
    await page.waitForURL((u) => /\/account\/enterprise\/app\/[0-9a-f-]{36}\/show$/.test(u.pathname));
    await page.getByTestId('breadcrumbs').getByText(app.name).waitFor();
    // The details name the order (in zh the sidebar's entry reads the same word: the last one is the field).
    await page.getByText(res('installed-app.fields.order_guid'), { exact: true }).last().waitFor();
    await j.shot('16-enterprise-app-details');
    await page.goBack();
    await page.getByTestId('resource-list').getByRole('link', { name: app.name }).click();
    await page.waitForURL((u) => u.pathname === `/appStore/${appGuid}`);
    await page.getByRole('heading', { name: app.name }).first().waitFor();
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });

  it('the provider heard the installation; the tenant sees what it granted, stops and restarts it, and uninstalls it after confirming, which the provider hears too', async () => {
    const { page } = j.w;
    await expect.poll(() => receiver.received.map((r) => r.type)).toEqual(['app_open']);
    const key = receiver.received[0].data.tenant_key as string;
    // Back from the app's store page to the console's enterprise apps.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/account/enterprise/app');
    const list = page.getByTestId('resource-list');
    const row = list.getByRole('row', { name: new RegExp(app.name) });
    await row.getByText(scopeName('contact:member:readonly')).waitFor();
    await j.shot('17-granted-scopes');
    // Stopped after confirming, then restarted: the provider hears both.
    await row.getByTestId('status-stop').click();
    await page.getByRole('dialog').getByRole('button', { name: { zh: '确认', en: 'Confirm' }[lang] }).click();
    await row.getByText(res('installed-app.values.status.1')).waitFor();
    await j.shot('17a-stopped');
    await row.getByTestId('status-restart').click();
    await row.getByText(res('installed-app.values.status.0')).waitFor();
    await expect.poll(() => receiver.received.filter((r) => r.type === 'app_status_change').length).toBe(2);
    await row.getByRole('checkbox').check();
    // Uninstalling, in those words: the app is not deleted, its access to the BU ends.
    await page.getByRole('button', { name: t('record_actions.installed-app.uninstall'), exact: true }).click();
    await j.shot('18-uninstall-confirm');
    await page.getByRole('dialog').locator('button.ra-confirm').click();
    await page.getByTestId('list-empty').waitFor();
    await j.shot('19-uninstalled');
    await expect.poll(() => receiver.received.filter((r) => r.type === 'app_uninstalled').length).toBe(1);
    expect(receiver.received.find((r) => r.type === 'app_uninstalled')!.data.tenant_key).toBe(key);
    await receiver.close();
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
