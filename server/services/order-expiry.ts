import { ORDER_STATE } from '../../schemas/order.ts';
import type { Db } from '../db/driver.ts';

/** How often to-be-paid orders past their due time are marked expired. */
export const EXPIRE_EVERY_MS = 60_000;

/** Marks expired the to-be-paid orders due before `now`; idempotent, so any number of servers may run it. Answers how many. */
export const expireOrders = async (db: Db, now: Date) =>
  (await db.query('update orders set state = $1, updated_at = now() where state = $2 and due_at < $3 returning 1', [ORDER_STATE.expired, ORDER_STATE.toPay, now.toISOString()])).rows.length;
