import { z } from 'zod';
import { withCustomSchema } from '../../resources/custom-fields.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { displayNameIn } from '../../schemas/custom-field.ts';
import type { Queryable } from '../db/driver.ts';
import { docSchema, nullable, shapeOf, type JsonSchema } from '../http/json-schema.ts';
import { customFieldsOf, fieldsIn } from './custom-fields.ts';

interface Doc {
  components: { schemas: Record<string, JsonSchema> };
}

/**
 * An OpenAPI document with each definition's enabled custom fields in its row schema (staff's
 * `member`), each titled and described by its display name in the reader's language (hk and en
 * falling back to zh). Rebuilt when the fields change (server/app.ts).
 */
export const withCustomFieldDocs = async <D extends Doc>(doc: D, db: Queryable, defs: readonly ResourceDef[], lang: string): Promise<D> => {
  const schemas = { ...doc.components.schemas };
  for (const def of defs) {
    const row = schemas[def.name];
    if (!def.api.customFields || !row) continue;
    const fields = (await customFieldsOf(db, def.name)).filter((f) => f.status === 0);
    if (!fields.length) continue;
    const json = docSchema(withCustomSchema(z.object({}), fieldsIn(fields, lang)), 'output');
    const properties = Object.fromEntries(
      fields.map((f) => {
        const name = displayNameIn(f, lang);
        const shape = shapeOf(((json.properties ?? {}) as Record<string, JsonSchema>)[f.field_name] ?? {});
        return [f.field_name, { ...nullable(shape), title: name, description: f.remark ? `${name}: ${f.remark}` : name, 'x-custom-field': true }];
      }),
    );
    schemas[def.name] = { ...row, properties: { ...(row.properties as Record<string, JsonSchema>), ...properties } };
  }
  return { ...doc, components: { ...doc.components, schemas } };
};
