import type { Mount, ResourceDef } from '../../resources/types.ts';
import { withCustomFields } from '../../resources/custom-fields.ts';
import type { CustomField } from '../../schemas/custom-field.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/driver.ts';

/**
 * A definition's custom fields, read with every call of it: a field another server added a moment
 * ago is known here too, and the rows are few (docs/operator.md).
 */
export const customFieldsOf = async (db: Queryable, resource: string): Promise<CustomField[]> =>
  (await db.query<CustomField>(
    `select guid, field_name, display_name, data_type, form_type, text_length, scale, formats, required, remark, sort, status
     from custom_field where resource = $1 order by sort, created_at, guid`,
    [resource],
  )).rows;

/** The fields (presets or custom) one BU switched off. */
export const fieldsOffIn = async (db: Queryable, resource: string, buGuid: string): Promise<string[]> =>
  (await db.query<{ field: string }>('select field from custom_field_status where bu_guid = $1 and resource = $2 and not enabled order by field', [buGuid, resource])).rows.map((r) => r.field);

/**
 * The definition as this call sees it: with its custom fields, and for a BU's own calls without
 * the fields that BU switched off. Operators see every enabled field.
 */
export const definitionFor = async (db: Queryable, def: ResourceDef, mount: Mount, caller: Caller | null): Promise<ResourceDef> => {
  if (!def.customFields) return def;
  const [fields, off] = await Promise.all([
    customFieldsOf(db, def.name),
    mount.scope === 'bu' && caller?.buGuid ? fieldsOffIn(db, def.name, caller.buGuid) : Promise.resolve([]),
  ]);
  return withCustomFields(def, fields, off);
};
