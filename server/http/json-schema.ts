import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** An answer's `data`: a zod schema (its output), or JSON Schema with the named schemas it refers to (`#/components/schemas/<name>`). */
export type AnswerDoc = z.ZodType | { json: JsonSchema; components?: Record<string, JsonSchema> };

/** Keywords whose value is a map of schemas, one schema, or a list of schemas: where the walk goes on. */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const ONE = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems']);
const MANY = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

/** Rewrites every schema node of a JSON Schema (not the field names of a `properties` map): `visit` before its children, `after` once they are done. */
const walk = (node: unknown, visit: (schema: JsonSchema) => JsonSchema, after: (schema: JsonSchema) => JsonSchema = (s) => s): unknown => {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(visit(node as JsonSchema))) {
    if (MAPS.has(k) && v && typeof v === 'object') out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, walk(s, visit, after)]));
    else if (ONE.has(k)) out[k] = walk(v, visit, after);
    else if (MANY.has(k) && Array.isArray(v)) out[k] = v.map((s) => walk(s, visit, after));
    else out[k] = v;
  }
  return after(out);
};

/**
 * The server's own metadata leaves a schema as standard keywords: `.meta({ kind })` becomes
 * `x-kind` (a password or secret is also `writeOnly`), an image's rule `x-image`, a field of one
 * choice `x-shown-when`, another language's column `x-translates`, `sqlType` (storage) goes.
 */
const publicKeys = ({ kind, image, choicesBy, shownWhen, translates, sqlType: _, $schema: __, ...rest }: JsonSchema): JsonSchema => ({
  ...rest,
  // Another language's column of a field (schemas/translated.ts): `name_en` translates `name`.
  ...(translates ? { 'x-translates': translates } : {}),
  // A field of one choice of another (SSO's OIDC or SAML fields by `protocol`).
  ...(shownWhen ? { 'x-shown-when': shownWhen } : {}),
  // A coded field whose choices another field decides (a custom field's form type by its data type).
  ...(choicesBy ? { 'x-choices-by': choicesBy } : {}),
  ...(kind ? { 'x-kind': kind } : {}),
  // An image field's rule (schemas/image.ts), as an extension OpenAPI allows.
  ...(image ? { 'x-image': image } : {}),
  ...(kind === 'password' || kind === 'secret' ? { writeOnly: true } : {}),
});

/** A zod schema as the OpenAPI documents show it (OpenAPI 3.1 is JSON Schema 2020-12). */
export const docSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input') => publicSchema(z.toJSONSchema(schema, { io, unrepresentable: 'any' }));

/** A JSON Schema made from zod earlier (an event type's stored payload) as the documents show schemas. */
export const publicSchema = (schema: unknown) => walk(schema, publicKeys) as JsonSchema;

/** Input rules an answer does not repeat: what a value may be when sent, not its shape. */
const RULES = ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'default', 'writeOnly'];
const FORMATS = new Set(['uuid', 'date-time', 'date']);

/** A stored value's shape: the schema without its input rules (lengths, patterns, bounds, defaults, formats other than uuid, date-time and date). */
export const shapeOf = (schema: JsonSchema) =>
  walk(schema, (s) => {
    const out = Object.fromEntries(Object.entries(s).filter(([k]) => !RULES.includes(k)));
    if (typeof out.format === 'string' && !FORMATS.has(out.format)) delete out.format;
    return out;
  }, distinctBranches) as JsonSchema;

/** Alternatives that became alike once their rules went (an IPv4 or an IPv6 address: a string) are one. */
const distinctBranches = (s: JsonSchema): JsonSchema => {
  if (!Array.isArray(s.anyOf)) return s;
  const seen = new Map((s.anyOf as JsonSchema[]).map((b) => [JSON.stringify(b), b]));
  const { anyOf: _, ...rest } = s;
  return seen.size === 1 ? { ...rest, ...[...seen.values()][0] } : { ...rest, anyOf: [...seen.values()] };
};

/** The schema or null (a column the row may not have filled). */
export const nullable = (schema: JsonSchema): JsonSchema => (Object.keys(schema).length === 0 || allowsNull(schema) ? schema : { anyOf: [schema, { type: 'null' }] });

/** Whether a schema admits null. */
export const allowsNull = (s: JsonSchema): boolean =>
  s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')) || (Array.isArray(s.anyOf) && (s.anyOf as JsonSchema[]).some(allowsNull));
