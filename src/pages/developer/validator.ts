import { deepEquals, toErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidationData, type ValidatorType } from '@rjsf/utils';

/**
 * The form's JSON Schema validator, for rjsf. @rjsf/validator-ajv8 compiles each schema with
 * `new Function`, which the site's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval')
 * refuses in the browser: every check would fail with an EvalError. This one interprets the
 * keywords the open API's schemas use (zod's JSON Schema) and says each failure in the page's
 * language. A keyword it does not know passes: the server validates every call anyway and answers
 * its failing fields.
 */
type Say = (key: string, params?: Record<string, unknown>) => string;

interface Issue {
  /** The instance path, as rjsf names properties: `.a.0.b`. */
  property: string;
  keyword: string;
  params: Record<string, unknown>;
  schemaPath: string;
}

type Schema = Record<string, unknown>;

const FORMATS: Record<string, (s: string) => boolean> = {
  email: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  uuid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)),
  uri: (s) => URL.canParse(s),
};

const typeOf = (v: unknown): string[] => {
  if (v === null) return ['null'];
  if (Array.isArray(v)) return ['array'];
  if (typeof v === 'number') return Number.isInteger(v) ? ['integer', 'number'] : ['number'];
  return [typeof v];
};

const isSchema = (s: unknown): s is Schema => !!s && typeof s === 'object' && !Array.isArray(s);

/** A local `$ref` (`#/$defs/x`), read from the root schema. */
const resolveRef = (ref: string, root: Schema): unknown =>
  ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (isSchema(node) ? node[part] : undefined), root);

const patternOf = (p: string) => {
  try {
    return new RegExp(p, 'u');
  } catch {
    return null;
  }
};

const check = (schema: unknown, data: unknown, root: Schema, property: string, schemaPath: string, out: Issue[]): void => {
  if (schema === false) out.push({ property, keyword: 'never', params: {}, schemaPath });
  if (!isSchema(schema)) return;
  const fail = (keyword: string, params: Record<string, unknown> = {}, at = property) => out.push({ property: at, keyword, params, schemaPath: `${schemaPath}/${keyword}` });
  const valid = (sub: unknown) => {
    const found: Issue[] = [];
    check(sub, data, root, property, schemaPath, found);
    return found.length === 0;
  };

  if (typeof schema.$ref === 'string') check(resolveRef(schema.$ref, root), data, root, property, `${schemaPath}/$ref`, out);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    // A value of the wrong type gets no other message about it.
    if (!types.some((t) => typeOf(data).includes(t as string))) {
      fail('type', { type: types.join(', ') });
      return;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEquals(e, data))) fail('enum', { values: schema.enum.map((e) => JSON.stringify(e)).join(', ') });
  if ('const' in schema && !deepEquals(schema.const, data)) fail('const', { value: JSON.stringify(schema.const) });

  if (typeof data === 'string') {
    const length = [...data].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) fail('min_length', { limit: schema.minLength });
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) fail('max_length', { limit: schema.maxLength });
    if (typeof schema.pattern === 'string' && patternOf(schema.pattern)?.test(data) === false) fail('pattern', { pattern: schema.pattern });
    if (typeof schema.format === 'string' && FORMATS[schema.format]?.(data) === false) fail('format', { format: schema.format });
  }
  if (typeof data === 'number') {
    if (typeof schema.minimum === 'number' && data < schema.minimum) fail('minimum', { limit: schema.minimum });
    if (typeof schema.maximum === 'number' && data > schema.maximum) fail('maximum', { limit: schema.maximum });
    if (typeof schema.exclusiveMinimum === 'number' && data <= schema.exclusiveMinimum) fail('exclusive_minimum', { limit: schema.exclusiveMinimum });
    if (typeof schema.exclusiveMaximum === 'number' && data >= schema.exclusiveMaximum) fail('exclusive_maximum', { limit: schema.exclusiveMaximum });
    if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0 && Math.abs(data / schema.multipleOf - Math.round(data / schema.multipleOf)) > 1e-9) fail('multiple_of', { limit: schema.multipleOf });
  }
  if (Array.isArray(data)) {
    if (typeof schema.minItems === 'number' && data.length < schema.minItems) fail('min_items', { limit: schema.minItems });
    if (typeof schema.maxItems === 'number' && data.length > schema.maxItems) fail('max_items', { limit: schema.maxItems });
    if (schema.uniqueItems === true && data.some((a, i) => data.findIndex((b) => deepEquals(a, b)) !== i)) fail('unique_items');
    // `prefixItems` (2020-12) or an `items` array (draft 7) for the first positions, `items` for the rest.
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    data.forEach((item, i) => check(i < prefix.length ? prefix[i] : rest, item, root, `${property}.${i}`, `${schemaPath}/items`, out));
  }
  if (isSchema(data)) {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (data[name as string] === undefined) fail('required', { missingProperty: name }, `${property}.${name as string}`);
    }
    for (const [name, value] of Object.entries(data)) {
      if (value === undefined) continue;
      const at = `${property}.${name}`;
      if (name in properties) check(properties[name], value, root, at, `${schemaPath}/properties/${name}`, out);
      else if (schema.additionalProperties === false) fail('additional', { property: name }, at);
      else check(schema.additionalProperties, value, root, at, `${schemaPath}/additionalProperties`, out);
    }
  }

  if (Array.isArray(schema.allOf)) schema.allOf.forEach((sub, i) => check(sub, data, root, property, `${schemaPath}/allOf/${i}`, out));
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some(valid)) fail('any_of');
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter(valid).length !== 1) fail('one_of');
  if (schema.not !== undefined && valid(schema.not)) fail('not');
  if (schema.if !== undefined) {
    const branch = valid(schema.if) ? schema.then : schema.else;
    if (branch !== undefined) check(branch, data, root, property, schemaPath, out);
  }
};

const issuesOf = (schema: RJSFSchema, data: unknown, root: RJSFSchema = schema) => {
  const out: Issue[] = [];
  check(schema, data, root as Schema, '', '#', out);
  return out;
};

/** A validator whose messages `say` translates (keys `debug.check.<keyword>`). */
export const createValidator = (say: Say): ValidatorType => ({
  // This page passes rjsf neither `customValidate` nor `transformErrors`: the errors are the schema's.
  validateFormData(formData: unknown, schema: RJSFSchema): ValidationData<unknown> {
    const errors: RJSFValidationError[] = issuesOf(schema, formData).map(({ property, keyword, params, schemaPath }) => {
      const message = say(`debug.check.${keyword}`, params);
      return { name: keyword, property, message, params, stack: `${property.slice(1)} ${message}`.trim(), schemaPath };
    });
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid: (schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema) => issuesOf(schema, formData, rootSchema).length === 0,
  rawValidation: <Result>(schema: RJSFSchema, formData?: unknown) => ({ errors: issuesOf(schema, formData) as Result[] }),
});
