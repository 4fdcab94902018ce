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
if (!available) console.warn(`SKIPPED: the orders journey needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

const UI = { zh: { ...zh, ...srvZh, ...comZh, ...resZh }, en: { ...en, ...srvEn, ...comEn, ...resEn } } as const;

/**
 * An operator makes a product order for a BU in HKD, typing the amount as a decimal, and records
 * a payment on the order's page, picking its date and time (a payment beyond the amount is refused, what was typed stays);
 * the BU sees the order, its payments on `/account/order/{id}/info`, and its expenses with totals
 * by month. In zh and en; axe on every screen; no console errors.
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('orders journey (Chromium, %s)', (lang) => {
  const t = (key: string) => key.split('.').reduce<any>((m, k) => m?.[k], UI[lang]) as string;
  const res = (key: string) => t(`resources.${key}`);
  const item = `Seats ${uid()}`;
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let buName: string;
  const j = journey(lang, 'o', async (s) => {
    tenant = await tenantWithBu(s);
    buName = (await s.db.query<{ name: string }>('select name from bu where guid = $1', [tenant.buGuid])).rows[0].name;
  });
  // Picked to the minute, in the browser's zone: now, rounded down.
  const paidAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  /**
   * Picks a date and time in the browser's date-and-time picker by typing its segments in the
   * browser's locale (en-US: month, day, year, then hour, minute, AM/PM), as a person does with the
   * keyboard; what it holds is the local time, never ISO 8601 typed by anyone.
   */
  const pickDateTime = async (input: import('playwright-core').Locator, at: Date) => {
    await input.click({ position: { x: 8, y: 8 } });
    const h = at.getHours();
    await input.pressSequentially(`${pad(at.getMonth() + 1)}${pad(at.getDate())}${at.getFullYear()}`);
    await input.press('Tab');
    await input.pressSequentially(`${pad(h % 12 || 12)}${pad(at.getMinutes())}${h < 12 ? 'A' : 'P'}`);
    expect(await input.inputValue()).toBe(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(h)}:${pad(at.getMinutes())}`);
  };
  const orderGuid = async () => (await j.s.db.query<{ guid: string }>('select guid from orders where app_name = $1', [item])).rows[0].guid;

  it('the operator makes a product order for the BU, typing the amount as a decimal', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/order-product/create`);
    await op.page.getByLabel(t('common.fields.bu_guid')).fill(buName.slice(0, 6));
    await op.page.getByRole('option', { name: buName }).click();
    await op.page.getByLabel(res('order.fields.app_name')).fill(item);
    await op.page.getByLabel(res('order.fields.currency')).click();
    await op.page.getByRole('option', { name: res('order.values.currency.HKD') }).click();
    // Not an amount: the form says so, keeps the text and saves nothing.
    await op.page.getByTestId('money-amount').fill('12.345');
    await op.page.locator('button[type=submit]').click();
    await op.page.getByText(t('validation.money_format')).first().waitFor();
    expect(await op.page.getByTestId('money-amount').inputValue()).toBe('12.345');
    await op.page.getByTestId('money-amount').fill('1,200.50');
    await j.shot('01-new-order', op);
    await op.page.locator('button[type=submit]').click();
    await op.page.getByText(item).first().waitFor();
    const stored = (await j.s.db.query<{ amount: number; currency: string; kind: number; bu_guid: string; state: number }>('select amount, currency, kind, bu_guid, state from orders where app_name = $1', [item])).rows[0];
    expect(stored).toEqual({ amount: 120_050, currency: 'HKD', kind: 1, bu_guid: tenant.buGuid, state: 0 });
    await op.page.getByText(/1,200\.50/).first().waitFor();
    await j.shot('02-orders', op);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the operator records payments on the order’s page; one beyond the amount is refused', async () => {
    const op = await j.operator();
    await op.page.goto(`${j.base}/operation/order-product/${await orderGuid()}/show`);
    const payments = op.page.getByTestId('related-payment-record');
    await payments.getByText(t('related.empty')).waitFor();
    const record = async (amount: string) => {
      await op.page.getByTestId('related-add-payment-record').click();
      const dialog = op.page.getByRole('dialog');
      await dialog.getByTestId('money-amount').fill(amount);
      await pickDateTime(dialog.getByLabel(res('payment-record.fields.paid_at')), paidAt);
      await dialog.getByLabel(res('payment-record.fields.reference')).fill(`TX${uid()}`);
      await dialog.locator('button[type=submit]').click();
      return dialog;
    };
    const dialog = await record('2000');
    await op.page.getByText(t('server.payment_exceeds').split('%{left}')[0].trim()).first().waitFor();
    expect(await dialog.getByTestId('money-amount').inputValue()).toBe('2000.00');
    await j.shot('03-payment-refused', op);
    await dialog.getByTestId('money-amount').fill('1200.50');
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'hidden' });
    await payments.getByText(/1,200\.50/).waitFor();
    await op.page.getByText(res('order.values.state.1'), { exact: true }).first().waitFor();
    await j.shot('04-paid', op);
    expect((await j.s.db.query('select state, paid_amount from orders where app_name = $1', [item])).rows[0]).toEqual({ state: 1, paid_amount: 120_050 });
    // The time picked is the instant stored.
    const paid = (await j.s.db.query<{ paid_at: Date }>('select paid_at from payment_records where order_guid = $1', [await orderGuid()])).rows;
    expect(paid.map((p) => new Date(p.paid_at).toISOString())).toEqual([paidAt.toISOString()]);
    expect(op.problems).toEqual([]);
    expect(op.violations).toEqual([]);
  });

  it('the BU sees its order, the order’s payments and its expenses by month', async () => {
    const { page } = j.w;
    await j.signIn(tenant);
    await page.goto(`${j.base}/account/order`);
    await page.getByText(item).first().click();
    await page.waitForURL((u) => u.pathname.endsWith('/info'));
    expect(new URL(page.url()).pathname).toBe(`/account/order/${await orderGuid()}/info`);
    await page.getByTestId('related-payment-record').getByText(/1,200\.50/).waitFor();
    expect(await page.getByTestId('related-add-payment-record').count()).toBe(0);
    await j.shot('05-order-info');
    await page.goto(`${j.base}/account/expenses`);
    const totals = page.getByTestId('monthly-totals');
    await totals.getByText(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(paidAt).slice(0, 7)).waitFor();
    await totals.getByText(/1,200\.50/).waitFor();
    await page.getByText(item).first().waitFor();
    await j.shot('06-expenses');
  });

  it('no console errors and no serious accessibility violations', () => {
    expect(j.w.problems).toEqual([]);
    expect(j.w.violations).toEqual([]);
  });
});
