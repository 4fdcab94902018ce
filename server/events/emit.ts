import type { Queryable } from '../db/driver.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import type { EventCode } from '../../resources/event-codes.ts';

/** An event as a change produces it: to every subscriber in its BU, or to one app (events about the app). */
export interface EventOut {
  type: EventCode;
  buGuid?: string | null;
  appGuid?: string;
  event: unknown;
}

/**
 * Writes the event to the outbox, one message per app that will receive it, in the caller's
 * transaction: an enabled app that subscribes to the type, has a request URL or takes its events over
 * the long connection, and has opened the type's scope. An event in a BU reaches the BU's own
 * subscribers and the store apps the BU installed (docs/lark.md, "Store apps"), those only for a
 * scope the BU granted at installation; their message is in the buyer's BU, which the push names
 * by its tenant key. Nobody listening costs two indexed selects that find nothing. Answers the event ids.
 */
export const emitEvent = async (tx: Queryable, e: EventOut) => {
  const params: unknown[] = [e.type, JSON.stringify(e.event ?? {}), String(Date.now() * 1000), SCOPE.open];
  const bu = e.buGuid ? `$${params.push(e.buGuid)}::uuid` : null;
  const who = [
    ...(bu ? [`r.bu_guid = ${bu}`] : []),
    ...(e.appGuid ? [`r.app_guid = $${params.push(e.appGuid)}`] : []),
  ];
  if (!who.length) return [];
  const receivers = (where: string, grant = '') =>
    `select a.guid, coalesce(${bu ?? 'null::uuid'}, a.bu_guid) as bu_guid
     from event_rel r
     join event_info i on i.code = r.event_code and i.status = 0
     join app a on a.guid = r.app_guid and a.status = 0
     join event_config c on c.app_guid = a.guid and (c.request_url is not null or c.delivery_mode = 'long_connection')
     ${grant}
     where ${where} and r.event_code = $1
       and (i.group_code is null or exists (select 1 from app_scope s where s.app_guid = a.guid and s.group_code = i.group_code and s.status = $4))`;
  const installed = bu && !e.appGuid
    ? ` union all ${receivers('true', `join installed_app g on g.app_guid = r.app_guid and g.bu_guid = ${bu} and g.status = 0 and (i.group_code is null or coalesce(g.scopes, '[]'::jsonb) ? i.group_code)`)}`
    : '';
  const { rows } = await tx.query(
    `insert into event_message (event_id, app_guid, bu_guid, event_type, payload, create_time)
     select replace(gen_random_uuid()::text, '-', ''), x.guid, x.bu_guid, $1, $2::jsonb, $3
     from (${receivers(who.join(' and '))}${installed}) x
     returning event_id`,
    params,
  );
  return rows.map((r) => r.event_id as string);
};
