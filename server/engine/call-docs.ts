import { z } from 'zod';
import type { CallSpec, Mount, ResourceDef } from '../../resources/types.ts';
import { datetime } from '../../schemas/common.ts';
import type { AnswerDoc } from '../http/calls.ts';
import { docSchema, nullable, shapeOf, type JsonSchema } from '../http/json-schema.ts';
import { fieldsOf } from './fields.ts';
import { joinedOf, type JoinedColumn } from './joins.ts';
import { resourceByName, resources } from '../../resources/index.ts';
import { STORED_NULLS } from '../open-api/stored-nulls.ts';
import { pagingInput } from './paging.ts';
import { keysetInput } from './keyset.ts';
import { managedAnswered, schemasOf, statusInputOf, deleteInput } from './verbs.ts';

/**
 * What a generic verb takes and answers, for the OpenAPI documents. Each body is the schema the
 * verb validates with; each answer is the definition's row as the verb selects it.
 */

const guid = z.object({ guid: z.uuid() });

/** A filter is a condition, never a value the server fills in: its field's type without the field's default. */
const withoutDefault = (schema: z.ZodType): z.ZodType => {
  let s = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodPrefault || s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  return s;
};

const filterSchema = (def: ResourceDef, f: NonNullable<ResourceDef['api']['filters']>[number]) => {
  const field = (name: string) => withoutDefault(({ bu_guid: z.uuid(), ...def.internal?.shape, ...def.schema.shape } as Record<string, z.ZodType>)[name] ?? z.unknown());
  if (f.type === 'boolean') return z.boolean();
  if (f.op === 'age') return z.number().int().min(0).max(36_500);
  // One value the array field holds: its element's type.
  if (f.op === 'has') return elementOf(field(f.of ?? f.field));
  return field(f.field);
};

/** An array schema's element, through its nullable or optional wrapping. */
const elementOf = (s: z.ZodType): z.ZodType => {
  const inner = s instanceof z.ZodNullable || s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType) : s;
  return inner instanceof z.ZodArray ? (inner.element as z.ZodType) : z.unknown();
};

/** A list's filters, each its field's own type (typed inputs in the debug console); `bu_guid` is managed. */
export const filtersOf = (def: ResourceDef, many = false) =>
  Object.fromEntries(
    (def.api.filters ?? []).map((f) => {
      const one = filterSchema(def, f);
      // A filter may name several values, any of which matches (server/engine/where.ts).
      return [f.field, (many ? z.union([one, z.array(one)]) : one).optional()];
    }),
  );

/** The zod schema of a joined column's field (server/engine/joins.ts): its definition's own; a list of them, or of texts with a `detail`. */
const joinedField = (j: JoinedColumn): z.ZodType => {
  const target = resourceByName.get(j.join.resource)!;
  const one = j.join.field === 'guid' ? z.uuid() : withoutDefault(({ ...target.internal?.shape, ...target.schema.shape } as Record<string, z.ZodType>)[j.join.field]);
  return !j.many ? one : z.array(j.join.detail ? z.string() : one);
};

/** A mount's joined filters, each its field's own type. */
const joinedFilters = (def: ResourceDef, mount?: Mount) => Object.fromEntries(joinedOf(def, mount).filter((j) => j.join.filter).map((j) => [j.name, joinedField(j).optional()]));

/** The singleton row's owner a body names: the row it belongs to (an app's security), or an operator's BU. */
const ownerInput = (def: ResourceDef, mount?: Mount) =>
  def.relations?.singletonPer ? z.object({ [def.relations?.singletonPer]: z.uuid() }) : mount?.scope === 'oversight' ? z.object({ bu_guid: z.uuid() }) : z.object({});

/** The request body a generic verb takes, with the conditions the call requires (`requires`: refused when absent). */
export const bodyDoc = (def: ResourceDef, spec: Pick<CallSpec, 'verb' | 'requires' | 'transition' | 'by'>, mount?: Mount): z.ZodType | undefined => {
  const body = verbBody(def, spec, mount);
  // A `within` mount's every call names its record (an operator's BU).
  const requires = [...(mount?.within && spec.verb ? [mount.within] : []), ...(spec.requires ?? [])];
  if (!requires.length || !(body instanceof z.ZodObject)) return body;
  const shape = body.shape as Record<string, z.ZodType>;
  return body.extend(Object.fromEntries(requires.map((f) => [f, withoutDefault(shape[f] ?? (def.schema.shape as Record<string, z.ZodType>)[f] ?? z.uuid())])));
};

const verbBody = (def: ResourceDef, spec: Pick<CallSpec, 'verb' | 'transition' | 'by'>, mount?: Mount): z.ZodType | undefined => {
  switch (spec.verb) {
    case 'add':
      return schemasOf(def).create;
    case 'update':
      return schemasOf(def).update;
    case 'get':
      return spec.by ? z.object({ guid: z.uuid().optional(), [spec.by]: z.uuid().optional() }).meta({ anyOf: [{ required: ['guid'] }, { required: [spec.by] }] }) : guid;
    case 'delete':
      return deleteInput;
    case 'status':
      return statusInputOf(def, spec, !!mount && Object.values(mount.calls).some((c) => typeof c !== 'string' ? c.verb === 'one' : c === 'one'));
    case 'one': {
      const owner = ownerInput(def, mount);
      return Object.keys(owner.shape).length ? owner : undefined;
    }
    case 'save':
      return def.schema.partial().extend(ownerInput(def, mount).shape);
    case 'page':
    case 'list':
    case 'tree':
      // A keyset search takes its window, equalities and cursor (server/engine/keyset.ts).
      if (spec.verb === 'page' && def.storage.keyset) return keysetInput(def);
      return pagingInput.extend({ keyword: z.string().optional(), sort: z.string().optional(), ...filtersOf(def), ...joinedFilters(def, mount) });
    default:
      return undefined;
  }
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The server's own instants (`created_at`, `updated_at`) as a stored `datetime()` field is answered. */
const instant = (): JsonSchema => shapeOf(docSchema(datetime(), 'output'));

/** Every column STORED_NULLS names is a stored field of its table: a column renamed or removed leaves no stale promise behind. */
let namesChecked = false;
const checkStoredNulls = () => {
  if (namesChecked) return;
  const stored = new Set(resources.flatMap((d) => fieldsOf(d).map((f) => `${d.storage.table}.${f.name}`)));
  const stale = Object.entries(STORED_NULLS).flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`)).filter((c) => !stored.has(c));
  if (stale.length) throw new Error(`STORED_NULLS names no stored field: ${stale.join(', ')}`);
  namesChecked = true;
};

/**
 * A definition's stored fields (`shape`) as its rows answer them, hashes left out: each is always
 * there (the verbs select every column), with its own type where every stored row holds a value —
 * the schema's output requires it and admits no null, and no older row or writer leaves it empty
 * (server/open-api/stored-nulls.ts) — else its type or null.
 */
export const storedFields = (def: ResourceDef, shape: Record<string, z.ZodType>): [string, JsonSchema][] => {
  checkStoredNulls();
  const hidden = new Set(fieldsOf(def).filter((f) => f.hidden).map((f) => f.name));
  const stored = docSchema(z.object(shape), 'output');
  const required = new Set((stored.required ?? []) as string[]);
  const unfilled = new Set(STORED_NULLS[def.storage.table] ?? []);
  return Object.entries((stored.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => !hidden.has(name))
    .map(([name, s]) => [name, required.has(name) && !unfilled.has(name) ? shapeOf(s) : nullable(shapeOf(s))]);
};

/** A row as the verbs select it: managed columns (the owner's and its author's may be null), then every stored field but hashes; custom fields beside them. */
const rowSchema = (def: ResourceDef): JsonSchema => {
  const fields = storedFields(def, { ...def.schema.shape, ...(def.internal?.shape ?? {}) });
  const uuid = { type: 'string', format: 'uuid' };
  const time = instant();
  const managed = managedAnswered(def).filter((m) => !['guid', 'created_at', 'updated_at'].includes(m));
  return {
    type: 'object',
    required: ['guid', ...managed, 'created_at', 'updated_at', ...fields.map(([name]) => name)],
    properties: {
      guid: uuid,
      ...Object.fromEntries(managed.map((o) => [o, nullable(uuid)])),
      created_at: time,
      updated_at: time,
      ...Object.fromEntries(fields),
    },
    // A BU's custom fields (resources/custom-fields.ts), and what a verb adds (a get's `file_names`).
    additionalProperties: true,
  };
};

/** The named schemas of a definition's rows: `<name>`, and `<name>.node` (a row with its `children`) for trees. */
const rowComponents = (def: ResourceDef): Record<string, JsonSchema> => ({
  [def.name]: rowSchema(def),
  ...(def.relations?.tree ? { [`${def.name}.node`]: { allOf: [ref(def.name)], type: 'object', required: ['children'], properties: { children: { type: 'array', items: ref(`${def.name}.node`) } } } } : {}),
});

/** The definition's row, with the columns the mount joins beside it (null where there is no such row, unless it falls back). */
const joinedRow = (def: ResourceDef, mount?: Mount): JsonSchema => {
  if (mount?.answers) {
    // Only the fields the mount answers, as the definition's row types them.
    const row = rowSchema(def) as { required: string[]; properties: Record<string, JsonSchema> };
    const names = ['guid', ...mount.answers].filter((n) => n in row.properties);
    return { type: 'object', required: row.required.filter((n) => names.includes(n)), properties: Object.fromEntries(names.map((n) => [n, row.properties[n]])) };
  }
  const joined = joinedOf(def, mount);
  if (!joined.length) return ref(def.name);
  const properties = Object.fromEntries(joined.map((j) => {
    const shape = shapeOf(docSchema(joinedField(j), 'output'));
    return [j.name, j.join.fallback === undefined && !j.many ? nullable(shape) : shape];
  }));
  return { allOf: [ref(def.name), { type: 'object', required: joined.map((j) => j.name), properties }] };
};

/** What a generic verb answers in `data` (through `mount`: with the columns it joins). */
export const answerDoc = (def: ResourceDef, spec: Pick<CallSpec, 'verb'>, mount?: Mount): AnswerDoc | undefined => {
  if (def.storage.keyset && (spec.verb === 'page' || spec.verb === 'get')) return logAnswers(def)[spec.verb === 'page' ? 'page' : 'row'];
  const row = joinedRow(def, mount);
  const json = ((): JsonSchema | undefined => {
    switch (spec.verb) {
      case 'page':
        return {
          type: 'object',
          required: ['list', 'count', 'count_capped', 'page', 'page_size'],
          properties: { list: { type: 'array', items: row }, count: { type: 'integer' }, count_capped: { type: 'boolean' }, page: { type: 'integer' }, page_size: { type: 'integer' } },
        };
      case 'list':
        return { type: 'array', items: row };
      case 'tree':
        return { type: 'array', items: ref(`${def.name}.node`) };
      case 'get':
      case 'add':
      case 'update':
      case 'status':
      case 'save':
        return row;
      case 'one':
        // No row yet: the mount's blank row or the schema's defaults, with a null guid (or null when the schema has required fields).
        return { anyOf: [row, { type: 'object', required: ['guid'], properties: { guid: { type: 'null' } }, additionalProperties: true }, { type: 'null' }] };
      case 'delete':
        return { type: 'object', required: ['deleted'], properties: { deleted: { type: 'integer' } } };
      default:
        return undefined;
    }
  })();
  return json && { json, components: rowComponents(def) };
};

/** What a paged handler answers: its rows, the capped total and the page asked for (server/engine/paging.ts `pageQuery`). */
export const pageAnswer = <R extends z.ZodType>(row: R) =>
  z.object({ list: z.array(row), count: z.int(), count_capped: z.boolean(), page: z.int(), page_size: z.int() });

/** A keyset page (server/engine/paging.ts `keysetAnswer`): the rows, the cursor after them, the capped total when counted. */
export const keysetAnswerOf = <R extends z.ZodType>(row: R) =>
  z.object({ list: z.array(row), page_size: z.int(), next: z.string().nullable(), count: z.int().optional(), count_capped: z.boolean().optional() });

/** A handler's answer that is the definition's row (a get) as `mount` reads it, with what the handler adds beside it. */
export const rowAnswer = (def: ResourceDef, extra?: z.ZodObject, mount?: Mount): AnswerDoc => {
  // The row's own fields are beside the extra ones: the extra part closes nothing.
  const { additionalProperties: _, ...more } = extra ? docSchema(extra, 'output') : {};
  const row = joinedRow(def, mount);
  return { json: extra ? { allOf: [row, more] } : row, components: rowComponents(def) };
};

/** A list of the definition's rows. */
export const rowsAnswer = (def: ResourceDef): AnswerDoc => ({ json: { type: 'array', items: ref(def.name) }, components: rowComponents(def) });

/**
 * An audit log's row as its searches answer it (server/services/audit-log.ts): its guid, when, and
 * its definition's fields, each always there, null where the schema says it may be. A page of them
 * is a keyset page, numbered (`page`) unless a cursor asked for it, with the total when counted.
 */
export const logAnswers = (def: ResourceDef) => {
  const fields = storedFields(def, def.schema.shape);
  const row: JsonSchema = {
    type: 'object',
    required: ['guid', ...fields.map(([name]) => name), 'created_at'],
    properties: { guid: { type: 'string', format: 'uuid' }, ...Object.fromEntries(fields), created_at: instant() },
  };
  const name = `${def.name}.entry`;
  const components = { [name]: row };
  return {
    row: { json: ref(name), components } satisfies AnswerDoc,
    page: {
      json: {
        type: 'object',
        required: ['list', 'page_size', 'next'],
        properties: {
          list: { type: 'array', items: ref(name) }, page_size: { type: 'integer' }, next: { type: ['string', 'null'] },
          count: { type: 'integer' }, count_capped: { type: 'boolean' }, page: { type: 'integer' },
        },
      },
      components,
    } satisfies AnswerDoc,
  };
};
