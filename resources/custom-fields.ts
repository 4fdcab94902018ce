import type { z } from 'zod';
import { customFieldRule, TEXT_TYPES, type CustomField } from '../schemas/custom-field.ts';
import type { AdminSpec, ApiSpec, Column, Filter, ResourceDef, StorageSpec } from './types.ts';

/**
 * A definition with its custom fields, as the server and the console both see it: pure, so the
 * same extension validates a write on the server and the form in the browser.
 */

/** Preset fields a BU may switch off: the optional ones (a required field or the status cannot go). */
export const presetFields = (def: ResourceDef): string[] =>
  Object.entries(def.schema.shape as Record<string, z.ZodType>)
    .filter(([name, rule]) => name !== def.api.status?.field && rule.safeParse(undefined).success)
    .map(([name]) => name);

const columnOf = (f: CustomField): Column => ({ field: f.field_name, ...(f.data_type === 'datetime' || f.data_type === 'date' ? { render: 'date' as const } : {}) });
const filterOf = (f: CustomField): Filter | undefined =>
  TEXT_TYPES.includes(f.data_type) ? { field: f.field_name, op: 'like' } : f.data_type === 'datetime' ? undefined : { field: f.field_name };

/** The lists a definition shows and searches (the console's definitions carry the same ones). */
type Lists = { api: Pick<ApiSpec, 'filters' | 'keyword'>; admin: Pick<AdminSpec, 'columns' | 'labels'>; storage?: Pick<StorageSpec, 'unique'> };

const enabled = (fields: readonly CustomField[], hidden: ReadonlySet<string>) => fields.filter((f) => f.status === 0 && !hidden.has(f.field_name));

/** `def`'s columns, filters, search, unique sets and labels with the enabled custom fields, without the fields in `off`. */
export const withCustomLists = <D extends Lists>(def: D, fields: readonly CustomField[], off: readonly string[] = []): D => {
  const hidden = new Set(off);
  const own = enabled(fields, hidden);
  return {
    ...def,
    api: {
      ...def.api,
      filters: [...(def.api.filters ?? []).filter((f) => !hidden.has(f.field)), ...own.map(filterOf).filter((f): f is Filter => !!f)],
      keyword: def.api.keyword?.filter((f) => !hidden.has(f)),
    },
    admin: {
      ...def.admin,
      columns: [...def.admin.columns.filter((c) => !hidden.has(c.field)), ...own.map(columnOf)],
      labels: { ...def.admin.labels, ...Object.fromEntries(own.map((f) => [f.field_name, f.display_name])) },
    },
    // The browser's definitions have no storage: the server's unique sets are its own.
    ...(def.storage ? { storage: { ...def.storage, unique: [...(def.storage.unique ?? []), ...own.filter((f) => f.formats.includes('DISTINCT')).map((f) => [f.field_name])] } } : {}),
  };
};

/** `schema` with the enabled custom fields' rules added and the fields in `off` taken out. */
export const withCustomSchema = (schema: z.ZodObject, fields: readonly CustomField[], off: readonly string[] = []): z.ZodObject => {
  const hidden = new Set(off);
  const omit = Object.fromEntries([...hidden].filter((f) => f in schema.shape).map((f) => [f, true as const]));
  return schema.omit(omit as never).extend(Object.fromEntries(enabled(fields, hidden).map((f) => [f.field_name, customFieldRule(f)])));
};

const memo = new WeakMap<ResourceDef, Map<string, ResourceDef>>();

/**
 * `def` with the enabled custom fields added and the fields in `off` (presets or custom fields a BU
 * switched off) taken out of its schema, columns, filters and search. The same inputs answer the
 * same object, so per-definition caches (schemas, columns) keep working.
 */
export const withCustomFields = (def: ResourceDef, fields: readonly CustomField[], off: readonly string[] = []): ResourceDef => {
  const key = JSON.stringify([fields, off]);
  let seen = memo.get(def);
  if (!seen) memo.set(def, (seen = new Map()));
  const hit = seen.get(key);
  if (hit) return hit;
  const extended: ResourceDef = { ...withCustomLists(def, fields, off), schema: withCustomSchema(def.schema, fields, off) };
  // Field sets change rarely; a bound keeps a busy editor from growing the cache.
  if (seen.size > 64) seen.clear();
  seen.set(key, extended);
  return extended;
};

/** The unique index that makes a DISTINCT field unique within its BU (named as the engine names unique sets). */
export const distinctIndexName = (def: ResourceDef, field: string) => `${def.storage.table}_bu_guid_${field}_uq`;
