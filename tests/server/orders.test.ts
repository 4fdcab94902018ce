import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsText, parseCents } from '../../schemas/money.ts';
import { expireOrders } from '../../server/services/order-expiry.ts';
import { formatMoney } from '../../src/shell/money.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Orders and payments (docs/orders.md): operators make orders of each kind for a BU and record
 * payments in the order's currency; received payments pay the order, a to-be-paid order past its
 * due time expires, a void order takes nothing more. The BU reads its orders, their payments and
 * its expenses by month, and no other BU reads any of it.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let op: string;
beforeAll(async () => {
  s = await startServer();
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  op = await s.login();
});
afterAll(() => s?.close());

const KIND_BASE = { 0: '/open/admin/order-management', 1: '/open/admin/order-management/product', 2: '/open/admin/order-management/service' } as const;

const makeOrder = async (extra: Record<string, unknown> = {}, kind: 0 | 1 | 2 = 1, bu = A.buGuid) => {
  const r = await s.post(`${KIND_BASE[kind]}/save-order`, { bu_guid: bu, app_name: `Seats ${uid()}`, amount: 120_050, currency: 'HKD', cycle: 2, pay_type: 0, ...extra }, { token: op });
  expect(r.code, r.message).toBe(200);
  return r.data as { guid: string; number: string; state: number; kind: number; paid_amount: number; bu_guid: string; currency: string };
};
const pay = (order: string, amount: number, extra: Record<string, unknown> = {}) =>
  s.post('/open/admin/payment-records/add-record', { order_guid: order, amount, method: 0, state: 1, paid_at: new Date().toISOString(), reference: `TX${uid()}`, ...extra }, { token: op });
const orderOf = async (guid: string) => (await s.post('/open/admin/order-management/product/get', { guid }, { token: op })).data;

describe('money', () => {
  it('is kept in cents and converted by digits, never through a float', () => {
    expect(centsText(5)).toBe('0.05');
    expect(centsText(120_050)).toBe('1200.50');
    expect(centsText('900719925474099101')).toBe('9007199254740991.01');
    expect(parseCents('1,200.5')).toBe(120_050);
    expect(parseCents('0.07')).toBe(7);
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is exact.
    expect(parseCents('0.1')! + parseCents('0.2')!).toBe(parseCents('0.3'));
    for (const bad of ['1.234', '-1', 'abc', '1e5', '']) expect(parseCents(bad), bad).toBeUndefined();
  });

  it('is shown with the locale’s grouping and the currency’s symbol, exactly', () => {
    expect(formatMoney(123_456_789, 'en-US', 'USD')).toBe('$1,234,567.89');
    expect(formatMoney('900719925474099101', 'en-US', 'USD')).toBe('$9,007,199,254,740,991.01');
    expect(formatMoney(120_050, 'zh-CN', 'HKD')).toBe('HK$1,200.50');
    expect(formatMoney(120_050, 'en-US', 'HKD')).toBe('HK$1,200.50');
    expect(formatMoney(99, 'zh-CN')).toBe('¥0.99');
  });
});

describe('orders', () => {
  it('an operator makes an order of each kind for a BU: numbered, to be paid, in its currency', async () => {
    for (const kind of [0, 1, 2] as const) {
      const o = await makeOrder({}, kind);
      expect(o).toMatchObject({ kind, state: 0, paid_amount: 0, bu_guid: A.buGuid, currency: 'HKD' });
      expect(o.number).toMatch(/^\d{16}$/);
      // Each kind's calls see only their kind.
      const other = KIND_BASE[kind === 2 ? 1 : 2];
      expect((await s.post(`${other}/get`, { guid: o.guid }, { token: op })).code).toBe(201);
      const page = await s.post(`${KIND_BASE[kind]}/page`, { bu_guid: A.buGuid, page: 1, page_size: 100 }, { token: op });
      expect(page.data.list.every((r: { kind: number }) => r.kind === kind)).toBe(true);
    }
  });

  it('the BU must be named and exist; state, kind and received total are the server’s', async () => {
    const none = await s.post(`${KIND_BASE[1]}/save-order`, { app_name: 'x', amount: 100 }, { token: op });
    expect(none.code).toBe(201);
    expect(none.message).toMatch(/Business unit/);
    const ghost = await s.post(`${KIND_BASE[1]}/save-order`, { bu_guid: '00000000-0000-4000-8000-000000000000', app_name: 'x', amount: 100 }, { token: op });
    expect(ghost.code).toBe(201);
    const forced = await makeOrder({ state: 1, kind: 2, paid_amount: 999, number: 'X' });
    expect(forced).toMatchObject({ state: 0, kind: 1, paid_amount: 0 });
    expect(forced.number).not.toBe('X');
  });

  it('amounts are whole cents within the limit; a float or a negative is refused with a sentence', async () => {
    for (const amount of [12.5, -1, 1_000_000_001, '100']) {
      const r = await s.post(`${KIND_BASE[1]}/save-order`, { bu_guid: A.buGuid, app_name: 'x', amount }, { token: op });
      expect(r.code, String(amount)).toBe(201);
      expect(r.message).toMatch(/Amount/);
    }
    expect((await s.post(`${KIND_BASE[1]}/save-order`, { bu_guid: A.buGuid, app_name: 'x', amount: 100, currency: 'EUR' }, { token: op })).code).toBe(201);
  });

  it('payments pay the order once they cover it; taking one back returns it to be paid', async () => {
    const o = await makeOrder({ amount: 10_000 });
    const first = await pay(o.guid, 4_000);
    expect(first.code, first.message).toBe(200);
    expect(first.data).toMatchObject({ currency: 'HKD', order_number: o.number, bu_guid: A.buGuid });
    expect(await orderOf(o.guid)).toMatchObject({ state: 0, paid_amount: 4_000 });
    // Not received yet: it does not count.
    const pending = await pay(o.guid, 6_000, { state: 0 });
    expect(await orderOf(o.guid)).toMatchObject({ state: 0, paid_amount: 4_000 });
    expect((await s.post('/open/admin/payment-records/update-record', { guid: pending.data.guid, state: 1 }, { token: op })).code).toBe(200);
    expect(await orderOf(o.guid)).toMatchObject({ state: 1, paid_amount: 10_000 });
    // A paid order is settled: its fields no longer change.
    const edit = await s.post(`${KIND_BASE[1]}/update-order`, { guid: o.guid, amount: 20_000 }, { token: op });
    expect(edit.code).toBe(201);
    expect(edit.message).toMatch(/paid or void/);
    expect((await s.post('/open/admin/payment-records/delete-record', { guid: first.data.guid }, { token: op })).code).toBe(200);
    expect(await orderOf(o.guid)).toMatchObject({ state: 0, paid_amount: 6_000 });
    const list = await s.post('/open/admin/payment-records/list', { order_guid: o.guid }, { token: op });
    expect(list.data.map((r: { amount: number }) => r.amount)).toEqual([6_000]);
  });

  it('nothing is received beyond the amount; the sentence says how much is left', async () => {
    const o = await makeOrder({ amount: 10_000 });
    expect((await pay(o.guid, 7_000)).code).toBe(200);
    const over = await pay(o.guid, 3_001);
    expect(over.code).toBe(201);
    expect(over.message).toMatch(/30\.00/);
    expect(await orderOf(o.guid)).toMatchObject({ paid_amount: 7_000 });
  });

  it('the amount cannot drop below what was received, nor the currency change after a payment', async () => {
    const o = await makeOrder({ amount: 10_000 });
    expect((await pay(o.guid, 5_000)).code).toBe(200);
    const low = await s.post(`${KIND_BASE[1]}/update-order`, { guid: o.guid, amount: 4_999 }, { token: op });
    expect(low.code).toBe(201);
    expect(low.message).toMatch(/50\.00/);
    expect((await s.post(`${KIND_BASE[1]}/update-order`, { guid: o.guid, currency: 'USD' }, { token: op })).code).toBe(201);
    // Lowered to exactly what was received, the order is paid.
    const down = await s.post(`${KIND_BASE[1]}/update-order`, { guid: o.guid, amount: 5_000 }, { token: op });
    expect(down.code, down.message).toBe(200);
    expect(down.data).toMatchObject({ state: 1 });
  });

  it('void: from to be paid or expired, with a reason, once; a void order takes no payment', async () => {
    const o = await makeOrder();
    const bare = await s.post(`${KIND_BASE[1]}/void`, { guid: o.guid }, { token: op });
    expect(bare.code).toBe(201);
    const v = await s.post(`${KIND_BASE[1]}/void`, { guid: o.guid, void_reason: 'Duplicate of another order' }, { token: op });
    expect(v.code, v.message).toBe(200);
    expect(v.data).toMatchObject({ state: 3, void_reason: 'Duplicate of another order' });
    expect((await s.post(`${KIND_BASE[1]}/void`, { guid: o.guid, void_reason: 'again' }, { token: op })).code).toBe(201);
    const p = await pay(o.guid, 100);
    expect(p.code).toBe(201);
    expect(p.message).toMatch(/void/);
    const paid = await makeOrder({ amount: 100 });
    expect((await pay(paid.guid, 100)).code).toBe(200);
    expect((await s.post(`${KIND_BASE[1]}/void`, { guid: paid.guid, void_reason: 'x' }, { token: op })).code).toBe(201);
  });

  it('a to-be-paid order past its due time expires; a new due time brings it back', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const o = await makeOrder({ due_at: soon });
    expect((await s.post(`${KIND_BASE[1]}/save-order`, { bu_guid: A.buGuid, app_name: 'x', amount: 1, due_at: new Date(Date.now() - 1000).toISOString() }, { token: op })).code).toBe(201);
    expect(await expireOrders(s.db, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
    expect(await orderOf(o.guid)).toMatchObject({ state: 2 });
    // Running it again changes nothing (several servers may run it).
    expect(await expireOrders(s.db, new Date(Date.now() + 120_000))).toBe(0);
    const later = await s.post(`${KIND_BASE[1]}/update-order`, { guid: o.guid, due_at: new Date(Date.now() + 86_400_000).toISOString() }, { token: op });
    expect(later.code, later.message).toBe(200);
    expect(later.data.state).toBe(0);
  });
});

describe('the BU’s side', () => {
  it('the BU reads its orders and their payments, and its expenses by month', async () => {
    const o = await makeOrder({ amount: 30_000, currency: 'CNY' });
    const now = new Date();
    const mid = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15, 4));
    // 17:00 UTC on a month's last day is 01:00 on the next month's first in UTC+8, the business month.
    const edge = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 0, 17));
    const month = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);
    expect(month(edge)).not.toBe(edge.toISOString().slice(0, 7));
    expect((await pay(o.guid, 10_000, { paid_at: mid.toISOString() })).code).toBe(200);
    expect((await pay(o.guid, 5_005, { paid_at: edge.toISOString() })).code).toBe(200);
    expect((await pay(o.guid, 2_000, { state: 0 })).code).toBe(200);
    const mine = await s.post('/open/order/page', { page: 1, page_size: 100 }, { token: A.token });
    expect(mine.data.list.map((r: { guid: string }) => r.guid)).toContain(o.guid);
    const got = await s.post('/open/order/get', { guid: o.guid }, { token: A.token });
    expect(got.data).toMatchObject({ paid_amount: 15_005, state: 0 });
    const records = await s.post('/open/order/payment-record/list', { order_guid: o.guid }, { token: A.token });
    expect(records.data).toHaveLength(3);
    const expenses = await s.post('/open/expenses/page', { page: 1, page_size: 100 }, { token: A.token });
    expect(expenses.data.list.every((r: { state: number }) => r.state === 1)).toBe(true);
    const monthly = await s.post('/open/expenses/monthly', { months: 4 }, { token: A.token });
    const cny = Object.fromEntries(monthly.data.totals.filter((t: { currency: string }) => t.currency === 'CNY').map((t: { month: string; amount: string; count: number }) => [t.month, [t.amount, t.count]]));
    expect(cny[month(mid)]).toEqual(['10000', 1]);
    expect(cny[month(edge)]).toEqual(['5005', 1]);
  });

  it('the BU cannot write orders or payments, and another BU sees none of it', async () => {
    const o = await makeOrder();
    const p = await pay(o.guid, 100);
    for (const path of ['/open/order/save', '/open/order/update', '/open/admin/order-management/product/save-order']) {
      expect((await s.post(path, { guid: o.guid, app_name: 'x' }, { token: A.token })).code, path).not.toBe(200);
    }
    expect((await s.post('/open/order/get', { guid: o.guid }, { token: B.token })).code).toBe(201);
    expect((await s.post('/open/order/payment-record/list', { order_guid: o.guid }, { token: B.token })).data).toEqual([]);
    const theirs = await s.post('/open/expenses/page', { page: 1, page_size: 100 }, { token: B.token });
    expect(theirs.data.list.map((r: { guid: string }) => r.guid)).not.toContain(p.data.guid);
    const sums = await s.post('/open/expenses/monthly', {}, { token: B.token });
    expect(sums.data.totals).toEqual([]);
  });

  it('a sub-account without the order grants reads nothing', async () => {
    const sub = await activeSub(s, A.token);
    for (const path of ['/open/order/page', '/open/expenses/page', '/open/expenses/monthly']) {
      const r = await s.post(path, { page: 1, page_size: 10 }, { token: sub.token });
      expect(r.code, path).not.toBe(200);
      expect(r.data ?? null, path).toBeNull();
    }
  });
});
