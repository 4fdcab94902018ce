import type { Queryable } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { notify } from './messages.ts';

/** What the service desk's writers need of a work order. */
export type Order = { guid: string; bu_guid: string | null; state: number; comment?: string | null; number: string; title: string; created_by: string | null };

/**
 * The raiser hears of the operators' moves; the operators of the tenant's. An app that raised one
 * (open API) has no message center: it hears through the work-order events it subscribed to.
 */
export const tellOtherSide = async (ctx: CallContext, tx: Queryable, order: Order, key: string, params: Record<string, string | number> = {}) => {
  const about = { number: order.number, title: order.title, ...params };
  if (ctx.mount.side === 'operator') {
    const raiser = order.created_by && (await tx.query('select 1 from users where guid = $1', [order.created_by])).rows.length ? order.created_by : null;
    if (raiser) await notify.user(tx, raiser, order.bu_guid, { key, params: about, link: `/account/work-order/${order.guid}/show` });
  } else await notify.platform(tx, { key, params: about, link: `/operation/work-order/${order.guid}/show` });
};

/** Who writes a record: the account's name, else its username; an app (open API) by the app's name. */
const authorName = async (db: Queryable, caller: CallContext['caller']) => {
  if (caller?.appGuid) return (await db.query<{ name: string }>('select name from app where guid = $1', [caller.appGuid])).rows[0]?.name ?? null;
  return caller ? ((await db.query<{ name: string }>('select coalesce(nullif(name, \'\'), username) as name from users where guid = $1', [caller.userGuid])).rows[0]?.name ?? null) : null;
};

/** One entry of a work order's conversation, written in the caller's transaction. */
export const writeRecord = async (
  ctx: CallContext,
  tx: Queryable,
  order: { guid: string; bu_guid: string | null },
  entry: { kind: number; content: string; attachments?: string[]; from?: number | null; to?: number | null; side?: 'provider' },
) => {
  await tx.query(
    `insert into work_order_record (guid, bu_guid, created_by, work_order_guid, kind, side, author_guid, author_name, content, attachments, from_state, to_state)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $2, $6, $7, $8::jsonb, $9, $10)`,
    [order.bu_guid, ctx.caller?.userGuid ?? null, order.guid, entry.kind, entry.side ?? ctx.mount.side, await authorName(tx, ctx.caller), entry.content, JSON.stringify(entry.attachments ?? []), entry.from ?? null, entry.to ?? null],
  );
  await tx.query('update work_order set updated_at = now() where guid = $1', [order.guid]);
};
