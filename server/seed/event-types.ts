import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { DEFAULT_LANG } from '../../i18n/languages.ts';
import { departmentSchema } from '../../schemas/department.ts';
import { eventMessageKey } from '../../schemas/event.ts';
import { memberSchema } from '../../schemas/member.ts';
import type { Db } from '../db/driver.ts';

/** A stored row as an event carries it: the definition's fields and the server's own. */
const rowSchema = (schema: z.ZodObject) =>
  schema.extend({ guid: z.uuid(), bu_guid: z.uuid(), created_by: z.uuid().nullable(), created_at: z.string(), updated_at: z.string() });

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;

/** Lark's contact events: `{ object }`, and on update also `{ old_object }`, the row before. */
const change = (schema: z.ZodObject, withOld: boolean) =>
  json(z.object({ object: rowSchema(schema), ...(withOld ? { old_object: rowSchema(schema) } : {}) }));

const appStatus = json(z.object({ app_id: z.string(), status: z.number().int().describe('0 enabled, 1 disabled') }));
const appScopes = json(z.object({ app_id: z.string(), scopes: z.array(z.string()).describe('the scopes the app has opened now') }));

/**
 * The event types the platform emits (docs/events.md): code, the scope an app must have opened to
 * receive it (none for events about the app itself), and the JSON Schema of the `event` part.
 * Work-order events join when work orders land.
 */
export const EVENT_TYPES: readonly { code: string; group: string | null; payload: Record<string, unknown> }[] = [
  { code: 'contact.department.created_v3', group: 'contact:department:readonly', payload: change(departmentSchema, false) },
  { code: 'contact.department.updated_v3', group: 'contact:department:readonly', payload: change(departmentSchema, true) },
  { code: 'contact.department.deleted_v3', group: 'contact:department:readonly', payload: change(departmentSchema, false) },
  { code: 'contact.user.created_v3', group: 'contact:member:readonly', payload: change(memberSchema, false) },
  { code: 'contact.user.updated_v3', group: 'contact:member:readonly', payload: change(memberSchema, true) },
  { code: 'contact.user.deleted_v3', group: 'contact:member:readonly', payload: change(memberSchema, false) },
  { code: 'application.app.status_changed_v1', group: null, payload: appStatus },
  { code: 'application.permission.changed_v1', group: null, payload: appScopes },
];

/** Event types are data: a start adds missing ones and keeps operators' edits (names, status). */
export const seedEventTypes = async (db: Db) => {
  for (const t of EVENT_TYPES) {
    const text = (field: string) => translate(DEFAULT_LANG, `resources.event-info.seeded.${eventMessageKey(t.code)}.${field}`);
    await db.query(
      `insert into event_info (guid, code, group_code, name, description, payload_schema, status) values (gen_random_uuid(), $1, $2, $3, $4, $5, 0)
       on conflict (code) do update set payload_schema = excluded.payload_schema, group_code = excluded.group_code`,
      [t.code, t.group, text('name'), text('description'), JSON.stringify(t.payload)],
    );
  }
};
