import type { Queryable } from '../db/driver.ts';

/**
 * Events about a store app itself, pushed in Lark's v1 shape (server/events/shapes.ts) to the app's
 * endpoint without any subscription: its ticket (`app_ticket`), a BU installing it (`app_open`),
 * stopping or restarting it (`app_status_change`) and uninstalling it (`app_uninstalled`). Those naming a buyer carry its `tenant_key` in the
 * event, as Lark's do, so a provider learns its buyers' keys the way a Lark app does.
 */
export const APP_EVENTS = ['app_ticket', 'app_open', 'app_status_change', 'app_uninstalled'] as const;
export type AppEventType = (typeof APP_EVENTS)[number];

/**
 * Writes one such event to the outbox in the caller's transaction, when the app is enabled and has
 * an endpoint (a request URL or the long connection); `buGuid` is the buyer's BU (none for a
 * ticket). Answers the event id, or nothing when the app has nowhere to receive it.
 */
export const enqueueAppEvent = async (tx: Queryable, appGuid: string, buGuid: string | null, type: AppEventType, event: Record<string, unknown>) => {
  const { rows } = await tx.query<{ event_id: string }>(
    `insert into event_message (event_id, app_guid, bu_guid, event_type, payload, create_time)
     select replace(gen_random_uuid()::text, '-', ''), a.guid, coalesce($2::uuid, a.bu_guid), $3, $4::jsonb, $5
       from app a join event_config c on c.app_guid = a.guid and (c.request_url is not null or c.delivery_mode = 'long_connection')
      where a.guid = $1 and a.status = 0
     returning event_id`,
    [appGuid, buGuid, type, JSON.stringify(event), String(Date.now() * 1000)],
  );
  return rows[0]?.event_id;
};
