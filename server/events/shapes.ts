import type { Claimed } from './claim.ts';
import { APP_EVENTS } from './app-events.ts';
import { changedFields, type EventShape } from '../../schemas/lark-contact.ts';
import type { LarkIdKeys } from '../lark/ids.ts';
import { eventTypes, type ChangeKind } from '../seed/event-types.ts';

const V1: ReadonlySet<string> = new Set(APP_EVENTS);
/** The row changes whose definition declares Lark's shape (members, departments), once first asked for. */
let shaped: Map<string, { kind: ChangeKind; shape: EventShape }> | undefined;
const shapedOf = (code: string) =>
  (shaped ??= new Map(eventTypes().flatMap((t) => (t.change?.shape ? [[t.code as string, { kind: t.change.kind, shape: t.change.shape }] as const] : [])))).get(code);

type Change = { object: Record<string, unknown>; old_object?: Record<string, unknown> };

/**
 * The `event` of a row change as the receiving app reads it. The outbox keeps the rows; a type in
 * Lark's shape makes its `object` for this app (its open_id, its provider's union_id) and
 * `old_object` of only the fields that changed, as Lark sends them (docs/events.md, "Payloads").
 */
const eventOf = (m: Claimed, keys: LarkIdKeys | undefined) => {
  const shaped = shapedOf(m.event_type);
  if (!shaped || !keys) return m.payload;
  const { object, old_object } = m.payload as Change;
  const ids = keys.forApp(m.app_guid, m.app_bu_guid);
  const now = shaped.shape.of(object, ids, shaped.kind);
  return { object: now, ...(old_object ? { old_object: changedFields(shaped.shape, shaped.shape.of(old_object, ids, 'updated'), now) } : {}) };
};

/** The people Lark's v1 app events name (`installer`, `operator`), kept by their account's guid. */
const PEOPLE = ['installer', 'operator'];

/** A v1 app event as the app reads it: each person named by the app's ids (docs/lark.md, "Ids"). */
const appEventOf = (m: Claimed, keys: LarkIdKeys | undefined) => {
  const event = { ...(m.payload as Record<string, unknown>) };
  if (!keys) return event;
  const ids = keys.forApp(m.app_guid, m.app_bu_guid);
  for (const field of PEOPLE) {
    const guid = (event[field] as { open_id?: unknown } | undefined)?.open_id;
    if (typeof guid === 'string') event[field] = { open_id: ids.openId(guid), union_id: ids.unionId(guid), user_id: guid };
  }
  return event;
};

/**
 * The push's body before it is sealed: schema 2.0 with its header, or Lark's v1 (`event_callback`,
 * the event's own `type`) for the events about the app itself (APP_EVENTS), which carry their own
 * `tenant_key`. A 2.0 header names a buyer by its installation's tenant key, and an app's own BU
 * (which installed nothing) by its guid.
 */
export const pushBody = (m: Claimed, keys?: LarkIdKeys) => {
  if (V1.has(m.event_type)) {
    return {
      uuid: m.event_id,
      token: m.verification_token,
      // Seconds, as Lark's v1 `ts` (the outbox keeps microseconds).
      ts: (Number(m.create_time) / 1e6).toFixed(6),
      type: 'event_callback',
      event: { ...appEventOf(m, keys), type: m.event_type, app_id: m.app_id },
    };
  }
  return {
    schema: '2.0',
    header: { event_id: m.event_id, event_type: m.event_type, create_time: m.create_time, token: m.verification_token, app_id: m.app_id, tenant_key: m.tenant_key ?? m.bu_guid },
    event: eventOf(m, keys),
  };
};
