import { randomBytes } from 'node:crypto';
import { centsText } from '../../schemas/money.ts';
import { ORDER_STATE } from '../../schemas/order.ts';
import type { Queryable } from '../db/driver.ts';
import type { Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';

/** A number people can quote: the date and eight random digits. */
export const orderNumber = () => `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${(randomBytes(4).readUInt32BE() % 100_000_000).toString().padStart(8, '0')}`;

/** Paid and void orders are settled: nothing of them changes any more. */
const SETTLED: readonly number[] = [ORDER_STATE.paid, ORDER_STATE.void];

/**
 * An order's received total and state from its payments: paid once they cover its amount; back to
 * to be paid (or expired, past its due time) when a payment is taken back. Void stays void.
 */
export const settle = async (tx: Queryable, orderGuid: string) => {
  await tx.query(
    `with got as (select coalesce(sum(amount), 0)::int as paid from payment_records where order_guid = $1 and state = 1)
     update orders o set paid_amount = got.paid, updated_at = now(),
       state = case when o.state = 3 then 3 when got.paid >= o.amount then 1 when o.due_at < now() then 2 else 0 end
     from got where o.guid = $1`,
    [orderGuid],
  );
};

export const orderRules: Rules = {
  async beforeWrite(_ctx, _tx, values, existing) {
    if (values.due_at && new Date(values.due_at as string) <= new Date() && (!existing || values.due_at !== existing.due_at)) {
      throw new Warning('server.order_due_past', {}, { field: 'due_at' });
    }
    if (!existing) {
      Object.assign(values, { number: orderNumber(), state: ORDER_STATE.toPay, paid_amount: 0, void_reason: null });
      return;
    }
    if (SETTLED.includes(existing.state as number)) throw new Warning('server.order_settled');
    const paid = existing.paid_amount as number;
    if (values.amount !== undefined && (values.amount as number) < paid) {
      throw new Warning('server.order_below_paid', { paid: centsText(paid) }, { field: 'amount' });
    }
    if (values.currency !== undefined && values.currency !== existing.currency && paid > 0) throw new Warning('server.order_currency_locked', {}, { field: 'currency' });
  },
  // An amount lowered to what was received pays the order; a new due time revives an expired one.
  async afterWrite(_ctx, tx, row, existing) {
    if (existing) {
      await settle(tx, row.guid as string);
      Object.assign(row, (await tx.query('select state, paid_amount, updated_at from orders where guid = $1', [row.guid])).rows[0]);
    }
  },
};

const orderOf = async (tx: Queryable, guid: string) =>
  (await tx.query<{ guid: string; state: number; currency: string; number: string; app_name: string; bu_guid: string }>(
    'select guid, state, currency, number, app_name, bu_guid from orders where guid = $1 for update', [guid])).rows[0];

/** A payment lands in its order's BU and currency; a void order takes none, and nothing is paid twice over. */
export const paymentRecordRules: Rules = {
  async beforeWrite(_ctx, tx, values, existing) {
    const order = await orderOf(tx, (existing?.order_guid ?? values.order_guid) as string);
    if (order.state === ORDER_STATE.void) throw new Warning('server.order_void');
    Object.assign(values, { currency: order.currency, order_number: order.number, app_name: order.app_name });
    if (!existing) values.bu_guid = order.bu_guid;
  },
  async afterWrite(_ctx, tx, row) {
    const { rows } = await tx.query<{ over: boolean; amount: number; paid: number }>(
      `select o.amount, coalesce(sum(p.amount), 0)::int as paid, coalesce(sum(p.amount), 0) > o.amount as over
         from orders o left join payment_records p on p.order_guid = o.guid and p.state = 1 where o.guid = $1 group by o.amount`,
      [row.order_guid],
    );
    if (rows[0].over) throw new Warning('server.payment_exceeds', { left: centsText(Math.max(0, rows[0].amount - rows[0].paid + (row.amount as number))) }, { field: 'amount' });
    await settle(tx, row.order_guid as string);
  },
  async beforeDelete(_ctx, tx, rows) {
    for (const guid of new Set(rows.map((r) => r.order_guid as string))) if ((await orderOf(tx, guid)).state === ORDER_STATE.void) throw new Warning('server.order_void');
  },
  async afterDelete(_ctx, tx, rows) {
    for (const guid of new Set(rows.map((r) => r.order_guid as string))) await settle(tx, guid);
  },
};
