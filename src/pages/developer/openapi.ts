import type { RJSFSchema } from '@rjsf/utils';

/** One call an app can make, read from the open API's OpenAPI document (GET /open/api/openapi.json). */
export interface ApiOperation {
  path: string;
  summary: string;
  /** The api_code (`member.page`); the path when the document names none. */
  operationId: string;
  /** The scope the app needs opened, when the call needs one. */
  scope?: string;
  /** The request body's JSON Schema, ready for the form. */
  schema: RJSFSchema;
  /** What the picker groups by: the path's resource segment (`member` of /open/api/v1/member/page). */
  group: string;
}

interface OperationDoc {
  summary?: string;
  operationId?: string;
  'x-scope'?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: RJSFSchema }> };
}

export const OPENAPI_PATH = '/open/api/openapi.json';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The form draws the schema as given, except where zod's JSON Schema reads badly as a form:
 * - `$schema` is dropped (it is no field);
 * - a nullable field (`anyOf: [X, {type: 'null'}]`) is drawn as X, since leaving it empty already
 *   sends no value; rjsf would otherwise ask to choose between "Option 1" and "Option 2";
 * - a choice of constants without a `type` (zod's enum of numbers) gets their common type, which
 *   rjsf needs to draw it as a select;
 * - a property open to any value (`{}`, a filter zod preprocesses) gets its name as title: rjsf
 *   draws no field at all for an empty schema; OpenValueField draws this one.
 */
export const formSchemaOf = (schema: unknown): RJSFSchema => {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const { $schema: _, ...rest } = node;
    const alternatives = rest.anyOf ?? rest.oneOf;
    if (Array.isArray(alternatives)) {
      const kept = alternatives.filter((a) => !(isObject(a) && a.type === 'null' && Object.keys(a).length === 1));
      if (kept.length === 1 && alternatives.length === 2) {
        const { anyOf: _a, oneOf: _o, ...outer } = rest;
        return walk({ ...(kept[0] as object), ...outer });
      }
      const types = new Set(alternatives.map((a) => (isObject(a) && 'const' in a ? a.type : undefined)));
      const [type] = types;
      if (rest.type === undefined && types.size === 1 && typeof type === 'string') rest.type = type;
    }
    if (isObject(rest.properties)) {
      rest.properties = Object.fromEntries(Object.entries(rest.properties).map(([name, p]) => [name, isObject(p) && Object.keys(p).length === 0 ? { title: name } : p]));
    }
    return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, walk(v)]));
  };
  const out = walk(schema);
  return isObject(out) ? (out as RJSFSchema) : { type: 'object' };
};

/** The calls made with an app token (non-empty `security`): the token call itself is not one. */
export const operationsOf = (doc: unknown): ApiOperation[] => {
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  return Object.entries(paths)
    .flatMap(([path, item]) => {
      const op = isObject(item) ? (item.post as OperationDoc | undefined) : undefined;
      if (!op || !Array.isArray(op.security) || op.security.length === 0) return [];
      const segments = path.split('/').filter(Boolean);
      return [{
        path,
        summary: op.summary ?? path,
        operationId: op.operationId ?? path,
        scope: op['x-scope'],
        schema: formSchemaOf(op.requestBody?.content?.['application/json']?.schema ?? { type: 'object' }),
        group: segments.length > 1 ? segments[segments.length - 2] : path,
      }];
    })
    .sort((a, b) => a.group.localeCompare(b.group) || a.path.localeCompare(b.path));
};
