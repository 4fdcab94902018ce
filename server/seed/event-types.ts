import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { DEFAULT_LANG } from '../../i18n/languages.ts';
import { resources } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import type { EventCode } from '../../resources/event-codes.ts';
import { datetime } from '../../schemas/common.ts';
import { eventMessageKey } from '../../schemas/event.ts';
import type { EventShape } from '../../schemas/lark-contact.ts';
import type { Db } from '../db/driver.ts';

/** A stored row as the outbox keeps it: the definition's fields and the server's own. */
const rowSchema = (schema: z.ZodObject) =>
  schema.extend({ guid: z.uuid(), bu_guid: z.uuid(), created_by: z.uuid().nullable(), created_at: datetime(), updated_at: datetime() });

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;

/**
 * A row change's event: `{ object }`, and on update also `{ old_object }`. In Lark's shape when the
 * definition declares one (`events.shape`: the object for the receiving app, `old_object` only the
 * fields that changed), else the platform's row and the whole row before.
 */
const change = (schema: z.ZodObject, kind: ChangeKind, shape: EventShape | undefined) => {
  const object = shape ? shape.schema : rowSchema(schema);
  const old = shape ? shape.schema.partial().describe('The fields that changed, as they were, and the ids of the row') : rowSchema(schema);
  return json(z.object({ object, ...(kind === 'updated' ? { old_object: old } : {}) }));
};

const appStatus = json(z.object({ app_id: z.string(), status: z.number().int().describe('0 enabled, 1 disabled') }));
const appScopes = json(z.object({ app_id: z.string(), scopes: z.array(z.string()).describe('the scopes the app has opened now') }));

/** The events about the app itself, which no definition emits (none needs a scope). */
const APP_EVENTS: EventType[] = [
  { code: 'application.app.status_changed_v1', group: null, payload: appStatus },
  { code: 'application.permission.changed_v1', group: null, payload: appScopes },
];

export type ChangeKind = 'created' | 'updated' | 'deleted';

export interface EventType {
  code: EventCode;
  group: string | null;
  /** The JSON Schema of the pushed `event`. */
  payload: Record<string, unknown>;
  /** A row change's kind and, in Lark's shape, how the outbox's rows become the pushed `event` (server/events/shapes.ts). */
  change?: { kind: ChangeKind; shape?: EventShape; stored: Record<string, unknown> };
}

/**
 * The event types the platform emits (docs/events.md): code, the scope an app must have opened to
 * receive it (none for events about the app itself), and the JSON Schema of the `event` part. The
 * definitions' `events` make the row changes' ones, so a definition cannot emit a type the
 * catalogue lacks.
 */
export const eventTypesOf = (defs: readonly { schema: ResourceDef['schema']; api: Pick<ResourceDef['api'], 'events'> }[]): EventType[] => [
  ...defs.flatMap(({ api: { events }, schema }) =>
    events
      ? (['created', 'updated', 'deleted'] as const).flatMap((kind) =>
          events[kind] ? [{ code: events[kind], group: events.scope, payload: change(schema, kind, events.shape), change: { kind, shape: events.shape, stored: change(schema, kind, undefined) } }] : [])
      : []),
  ...APP_EVENTS,
];

let catalogue: readonly EventType[] | undefined;
/** The catalogue's event types, worked out when first asked for (their payloads' JSON schemas cost a start some milliseconds). */
export const eventTypes = (): readonly EventType[] => (catalogue ??= eventTypesOf(resources));

/** Event types are data: a start adds missing ones and keeps operators' edits (names, status). */
export const seedEventTypes = async (db: Db) => {
  for (const t of eventTypes()) {
    const text = (field: string) => translate(DEFAULT_LANG, `resources.event-info.seeded.${eventMessageKey(t.code)}.${field}`);
    await db.query(
      `insert into event_info (guid, code, group_code, name, description, payload_schema, status) values (gen_random_uuid(), $1, $2, $3, $4, $5, 0)
       on conflict (code) do update set payload_schema = excluded.payload_schema, group_code = excluded.group_code`,
      [t.code, t.group, text('name'), text('description'), JSON.stringify(t.payload)],
    );
  }
};
