import type { z } from 'zod';
import { withCustomLists, withCustomSchema } from '../../resources/custom-fields.ts';
import { jsonSchema, type ConsoleDef } from '../../resources/console-defs.ts';
import { screenOfMount } from '../../resources/screens.ts';
import { resourceByName } from '../../resources/index.ts';
import type { CustomField } from '../../schemas/custom-field.ts';

/**
 * The zod side of the console's definitions, loaded with the forms and with custom fields (never
 * with a list): the schema a form checks its values with is the one the server checks them with.
 */

const schemas = new WeakMap<ConsoleDef, z.ZodObject>();

/** The zod schema behind a console definition, as its `origin` says. */
export const zodSchemaOf = (def: ConsoleDef): z.ZodObject => {
  let schema = schemas.get(def);
  if (schema) return schema;
  const { name, mount, custom, pick } = def.origin;
  const full = resourceByName.get(name);
  if (!full) throw new Error(`unknown resource ${name}`);
  schema = (mount && screenOfMount(full, mount)?.schema) || full.schema;
  if (custom) schema = withCustomSchema(schema, custom.fields, custom.off);
  if (pick) schema = schema.pick(Object.fromEntries(pick.map((f) => [f, true])) as never);
  schemas.set(def, schema);
  return schema;
};

/** `def` with a BU's custom fields (resources/custom-fields.ts, as the server extends it). */
export const withConsoleCustomFields = (def: ConsoleDef, fields: readonly CustomField[], off: readonly string[]): ConsoleDef => {
  const extended = { ...withCustomLists(def, fields, off), origin: { ...def.origin, custom: { fields, off } } };
  return { ...extended, json: jsonSchema(zodSchemaOf(extended)) };
};
