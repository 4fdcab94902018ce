import { randomBytes } from 'node:crypto';
import { RECORD_KIND, WORK_ORDER_STATE } from '../../schemas/work-order.ts';
import type { Rules } from '../engine/context.ts';
import { tellOtherSide, writeRecord, type Order } from '../services/work-orders.ts';

/** A number people can quote: `WO`, the date and six random digits. */
const workOrderNumber = () => `WO${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${(randomBytes(4).readUInt32BE() % 1_000_000).toString().padStart(6, '0')}`;

/**
 * A new work order is to be assigned and gets its number; raising it and every move is a record of
 * its conversation. One an app raises through the open API is about that app, whatever it names.
 */
export const workOrderRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    // About a service provider's installed store app: its provider reads and answers it (server/handlers/work-orders.ts).
    if (values.installed_app_guid !== undefined) {
      const { rows } = await tx.query<{ bu_guid: string | null }>('select a.bu_guid from installed_app i join app a on a.guid = i.app_guid where i.guid = $1', [values.installed_app_guid]);
      values.provider_bu_guid = rows[0]?.bu_guid ?? null;
    }
    if (existing) return;
    values.number = workOrderNumber();
    values.state = WORK_ORDER_STATE.toAssign;
    if (ctx.caller?.appGuid) values.app_guid = ctx.caller.appGuid;
  },
  async afterWrite(ctx, tx, row, existing) {
    if (existing) return;
    await writeRecord(ctx, tx, row as Order, { kind: RECORD_KIND.transition, content: '', to: WORK_ORDER_STATE.toAssign });
    await tellOtherSide(ctx, tx, row as Order, 'work_order_raised');
  },
  async afterTransition(ctx, tx, row, existing) {
    const order = row as Order;
    await writeRecord(ctx, tx, order, { kind: RECORD_KIND.transition, content: order.state === WORK_ORDER_STATE.closed ? (order.comment ?? '') : '', from: (existing as Order).state, to: order.state });
    await tellOtherSide(ctx, tx, order, `work_order_state_${order.state}`);
  },
};
