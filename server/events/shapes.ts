import type { Claimed } from './claim.ts';
import { APP_EVENTS } from './app-events.ts';

const V1: ReadonlySet<string> = new Set(APP_EVENTS);

/**
 * The push's body before it is sealed: schema 2.0 with its header, or Lark's v1 (`event_callback`,
 * the event's own `type`) for the events about the app itself (APP_EVENTS), which carry their own
 * `tenant_key`. A 2.0 header names a buyer by its installation's tenant key, and an app's own BU
 * (which installed nothing) by its guid.
 */
export const pushBody = (m: Claimed) => {
  if (V1.has(m.event_type)) {
    return {
      uuid: m.event_id,
      token: m.verification_token,
      // Seconds, as Lark's v1 `ts` (the outbox keeps microseconds).
      ts: (Number(m.create_time) / 1e6).toFixed(6),
      type: 'event_callback',
      event: { ...(m.payload as Record<string, unknown>), type: m.event_type, app_id: m.app_id },
    };
  }
  return {
    schema: '2.0',
    header: { event_id: m.event_id, event_type: m.event_type, create_time: m.create_time, token: m.verification_token, app_id: m.app_id, tenant_key: m.tenant_key ?? m.bu_guid },
    event: m.payload,
  };
};
