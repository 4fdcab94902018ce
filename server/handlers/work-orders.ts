import { RECORD_KIND, WORK_ORDER_STATE, workOrderRecordSchema } from '../../schemas/work-order.ts';
import type { Queryable } from '../db/driver.ts';
import { checkReferences } from '../engine/relations.ts';
import { get, reachRow } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { tellOtherSide, writeRecord, type Order } from '../services/work-orders.ts';
import { notify } from '../services/messages.ts';
import { named } from '../engine/named.ts';
import { rowAnswer } from '../engine/call-docs.ts';
import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';

/** The conversation of a work order, oldest first. */
const recordsOf = async (db: Queryable, guid: string) =>
  (
    await db.query(
      `select guid, kind, side, author_name, content, attachments, from_state, to_state, created_at
         from work_order_record where work_order_guid = $1 order by created_at, guid`,
      [guid],
    )
  ).rows;

/** A work order the caller reaches, with its conversation. */
const record = z.object({
  guid: z.uuid(), kind: z.int(), side: z.string(), author_name: z.string().nullable(), content: z.string().nullable(),
  attachments: z.array(z.string()).nullable(), from_state: z.int().nullable(), to_state: z.int().nullable(), created_at: datetime(),
});
const records = z.array(record);

export const workOrderGet = named({ output: (_mount, def) => rowAnswer(def, z.object({ records })) }, async (ctx) => {
  const row = (await get(ctx)) as Record<string, unknown> & { guid: string };
  return { ...row, records: await recordsOf(ctx.services.db, row.guid) };
});

/** The BU's work orders by state, and how many are still open (the badge). */
const countAnswer = z.object({ counts: z.record(z.string().regex(/^\d+$/), z.int()).describe('Work orders by state code'), open: z.int() });
export const workOrderCount = named({ output: countAnswer }, async (ctx) => {
  const { rows } = await ctx.services.db.query<{ state: number; n: number }>('select state, count(*)::int as n from work_order where bu_guid = $1 group by state', [ctx.caller?.buGuid ?? null]);
  const counts = Object.fromEntries(Object.values(WORK_ORDER_STATE).map((s) => [String(s), rows.find((r) => r.state === s)?.n ?? 0]));
  return { counts, open: rows.filter((r) => r.state !== WORK_ORDER_STATE.closed).reduce((n, r) => n + r.n, 0) };
});

/**
 * A reply by either side to a work order the caller reaches (a tenant its BU's, an operator any).
 * A closed work order takes no more replies: the tenant reopens it first.
 */
export const workOrderReply = named({ input: workOrderRecordSchema, output: z.object({ work_order_guid: z.uuid(), records }) }, async (ctx, input) => {
  return ctx.services.db.transaction(async (tx) => {
    const order = await reachRow(ctx, 'work-order', input.work_order_guid, tx);
    await checkReferences(ctx, tx, input);
    const { rows } = await tx.query<{ state: number }>('select state from work_order where guid = $1 for update', [order.guid]);
    if (rows[0].state === WORK_ORDER_STATE.closed) throw new Warning('server.work_order_closed');
    await writeRecord(ctx, tx, order, { kind: RECORD_KIND.reply, content: input.content, attachments: input.attachments });
    await tellOtherSide(ctx, tx, order as unknown as Order, 'work_order_reply');
    return { work_order_guid: order.guid, records: await recordsOf(tx, order.guid) };
  });
});

/**
 * A service provider's answer to a work order a buyer raised about its store app (docs/store.md,
 * "Service providers"): the order must name the caller's BU as its provider; the raiser hears of it.
 * The provider reads the buyer's question and its conversation, nothing else of the buyer's.
 */
const providerReplyInput = workOrderRecordSchema.pick({ work_order_guid: true, content: true });
export const workOrderProviderReply = named({ input: providerReplyInput, output: z.object({ work_order_guid: z.uuid(), records }) }, async (ctx, input) => {
  return ctx.services.db.transaction(async (tx) => {
    const { rows } = await tx.query<Order>(
      'select guid, bu_guid, state, number, title, created_by from work_order where guid = $1 and provider_bu_guid = $2 for update',
      [input.work_order_guid, ctx.caller!.buGuid],
    );
    const order = rows[0];
    if (!order) throw new Warning('server.record_not_found');
    if (order.state === WORK_ORDER_STATE.closed) throw new Warning('server.work_order_closed');
    await writeRecord(ctx, tx, order, { kind: RECORD_KIND.reply, content: input.content, side: 'provider' });
    if (order.created_by) await notify.user(tx, order.created_by, order.bu_guid, { key: 'work_order_reply', params: { number: order.number, title: order.title }, link: `/account/work-order/${order.guid}/show` });
    return { work_order_guid: order.guid, records: await recordsOf(tx, order.guid) };
  });
});
