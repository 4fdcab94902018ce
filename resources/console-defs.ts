import { z } from 'zod';
import defaultMessages from '../i18n/resources/zh.ts';
import type { CustomField } from '../schemas/custom-field.ts';
import type { ImageRule } from '../schemas/image.ts';
import type { AdminSpec, ApiSpec, Mount, ResourceDef, Screen } from './types.ts';

/**
 * The definitions as the console's first load takes them: plain data, the zod schemas written out
 * as JSON Schema at build time (vite.config.ts, `__CONSOLE_DEFS__`), so that lists, filters and
 * menus run without zod. Forms, which check values with the zod schema itself, find it again
 * through `origin` (src/console/formSchema.ts, loaded with the forms).
 */

/** The subset of JSON Schema that zod's `toJSONSchema` writes for our schemas, and the console reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: (string | number)[];
  const?: string | number;
  format?: string;
  maxLength?: number;
  /** A field hint from the schema's `.meta({ kind })`: `password`, `secret` (never a form field), `markdown` (an editor with uploads). */
  kind?: string;
  /** An image field's rule (`image()`, schemas/image.ts): the form checks a picked file with it. */
  image?: ImageRule;
  /** A coded field whose choices another field's value decides (`.meta({ choicesBy })`): a form offers only those. */
  choicesBy?: { field: string; choices: Record<string, readonly (string | number)[]> };
  /** Another language's column of this field (schemas/translated.ts `translations`): lists show the reader's. */
  translates?: string;
  /** A field that belongs to one choice of another (`.meta({ shownWhen })`, SSO's OIDC or SAML fields): a form shows it only then. */
  shownWhen?: { field: string; values: readonly (string | number)[] };
  default?: unknown;
}

export type ConsoleScreen = Omit<Screen, 'schema'> & {
  /** The screen's form fields, where they are not the definition's (Screen `schema`). */
  json?: JsonSchema;
};
export type ConsoleMount = Mount;

/**
 * Where a console definition's form schema comes from: the definition's, or the `menu` schema of
 * its mount at `mount`; with custom fields (`custom`, resources/custom-fields.ts) and only the
 * fields in `pick` (a record page's tab).
 */
export interface SchemaOrigin {
  name: string;
  mount?: string;
  custom?: { fields: readonly CustomField[]; off: readonly string[] };
  pick?: readonly string[];
}

export type ConsoleAdmin = Omit<AdminSpec, 'screens'> & { screens?: readonly ConsoleScreen[] };

/**
 * A definition as the browser has it: its `relations`, `api` and `admin` groups, by structure
 * (`storage` and `access` are the server's), with its schemas written as JSON Schema.
 */
export type ConsoleDef = Pick<ResourceDef, 'name' | 'relations'> & {
  api: ApiSpec;
  admin: ConsoleAdmin;
  /** The editable fields (`schema`), input side. */
  json: JsonSchema;
  /** The server-kept fields (`internal`), as answers carry them. */
  internalJson: JsonSchema;
  origin: SchemaOrigin;
  /**
   * The words seeded rows were written with (the default language's `resources.<name>.seeded`, by
   * code with dots as underscores): while a row still holds them, screens show the reader's own
   * (dataProvider/seeded.ts).
   */
  seeded?: Record<string, Record<string, string>>;
};

const READ: readonly (keyof JsonSchema)[] = ['type', 'properties', 'items', 'anyOf', 'enum', 'const', 'format', 'maxLength', 'kind', 'image', 'choicesBy', 'translates', 'shownWhen', 'default'];

/** Only the keys of `JsonSchema` (the console's forms check values with zod, not with these). */
const readable = (s: Record<string, unknown>): JsonSchema => {
  const out: Record<string, unknown> = {};
  for (const key of READ) {
    const v = s[key];
    if (v === undefined) continue;
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(v as Record<string, Record<string, unknown>>).map(([f, p]) => [f, readable(p)]));
    else if (key === 'items') out[key] = readable(v as Record<string, unknown>);
    else if (key === 'anyOf') out[key] = (v as Record<string, unknown>[]).map(readable);
    else out[key] = v;
  }
  return out;
};

/** A schema as the JSON Schema the console reads. */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema =>
  readable(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>);

const screenDef = ({ schema, ...screen }: Screen): ConsoleScreen => ({ ...screen, ...(schema ? { json: jsonSchema(schema) } : {}) });

const seededOf = (name: string) => {
  const seeded = (defaultMessages.resources as Record<string, { seeded?: Record<string, Record<string, string>> }>)[name]?.seeded;
  return seeded ? { seeded } : {};
};

export const consoleDef = ({ name, schema, internal, relations, api, admin }: ResourceDef): ConsoleDef => ({
  name,
  ...(relations ? { relations } : {}),
  api,
  admin: { ...admin, ...(admin.screens ? { screens: admin.screens.map(screenDef) } : {}) },
  json: jsonSchema(schema),
  internalJson: internal ? jsonSchema(internal, 'output') : {},
  origin: { name },
  ...seededOf(name),
});
