import { translate } from '../../i18n/index.ts';
import { resourceByName } from '../../resources/index.ts';
import { distinctIndexName } from '../../resources/custom-fields.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { displayNameIn, FORM_TYPES_OF, INTEGER_RANGES, LENGTH_LIMITS, sqlTypeOf, TEXT_TYPES, type CustomField, type DataType } from '../../schemas/custom-field.ts';
import { ident, type Queryable } from '../db/driver.ts';
import type { CallContext, Rules } from '../engine/context.ts';
import { MANAGED } from '../engine/fields.ts';
import { duplicateOf } from '../engine/verbs.ts';
import { refusal } from '../http/validation.ts';

/**
 * A custom field is a real column (docs/operator.md "Custom fields"): adding the field adds the
 * column, changing its type changes the column only when no stored value would be lost, a DISTINCT
 * format is a unique index within the BU, and deleting the field drops the column — each in the
 * field's own transaction. Names reach SQL only after the allow-pattern (`FIELD_NAME`, and `ident`
 * again) and the reserved-word check; lengths only as checked integers.
 */

/** PostgreSQL's reserved key words, its system columns, and the names the calls take as parameters. */
const RESERVED = new Set(`all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate
collation column concurrently constraint create cross current_catalog current_date current_role current_schema current_time
current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze from full
grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit localtime
localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references returning right
select session_user similar some symmetric system_user table tablesample then to trailing true union unique user using
variadic verbose when where window with oid tableoid xmin xmax cmin cmax ctid id q keyword page page_size sort cursor format
commit guids status file`.split(/\s+/));

const INTEGERS: readonly DataType[] = ['tinyint', 'int', 'bigint'];
const NUMBERS: readonly DataType[] = [...INTEGERS, 'decimal'];
const TIMES: readonly DataType[] = ['date', 'datetime'];

const subjectOf = (resource: string): ResourceDef => {
  const def = resourceByName.get(resource);
  if (!def?.api.customFields) throw new Error(`${resource} takes no custom fields`);
  return def;
};

const refuse = (ctx: CallContext, key: string, params: Record<string, unknown>, field?: string) => refusal(ctx.lang, key, params, field);

/** `varchar(50)`, `decimal(10,2)`, `int`: how sentences name a type. */
const typeLabel = (f: Pick<CustomField, 'data_type' | 'text_length' | 'scale'>) =>
  f.data_type === 'decimal' ? `decimal(${f.text_length},${f.scale})` : TEXT_TYPES.includes(f.data_type) ? `${f.data_type}(${f.text_length})` : f.data_type;

/** Fills lengths from the type's defaults and refuses what the type does not take. */
const normalise = (ctx: CallContext, v: Record<string, unknown>) => {
  const type = v.data_type as DataType;
  if (!FORM_TYPES_OF[type].includes(v.form_type as never)) {
    throw refuse(ctx, 'server.field_form_type', { form: translate(ctx.lang, `resources.custom-field.values.form_type.${String(v.form_type)}`), type }, 'form_type');
  }
  const limit = LENGTH_LIMITS[type];
  if (limit) {
    const length = Number(v.text_length ?? limit.default);
    if (length > limit.max) throw refuse(ctx, 'server.field_length_range', { type, max: limit.max }, 'text_length');
    v.text_length = length;
  } else v.text_length = null;
  if (type === 'decimal') {
    v.scale = Number(v.scale ?? 2);
    if ((v.scale as number) >= (v.text_length as number)) throw refuse(ctx, 'server.field_scale_range', { digits: v.text_length }, 'scale');
  } else v.scale = null;
  const formats = [...new Set((v.formats as string[] | undefined) ?? [])];
  if (!TEXT_TYPES.includes(type) && formats.some((f) => f !== 'DISTINCT')) throw refuse(ctx, 'server.field_formats_text', {}, 'formats');
  v.formats = formats;
};

/** Whether the name is free: no reserved word, managed column, field of the definition or column of its table. */
const checkName = async (ctx: CallContext, tx: Queryable, def: ResourceDef, name: string) => {
  if ((await tx.query('select 1 from custom_field where resource = $1 and field_name = $2', [def.name, name])).rows.length) throw duplicateOf(ctx.lang, 'custom-field', ['field_name']);
  const taken = RESERVED.has(name) || MANAGED.has(name) || name in def.schema.shape || name in (def.internal?.shape ?? {});
  const column = (await tx.query(
    `select 1 from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = current_schema()::regnamespace and c.relname = $1 and a.attname = $2 and a.attnum > 0 and not a.attisdropped`,
    [def.storage.table, name],
  )).rows.length > 0;
  if (taken || column) throw refuse(ctx, 'server.field_name_reserved', { name }, 'field_name');
};

const int = (n: unknown) => String(Math.trunc(Number(n)));

/** SQL true for a stored value the new type would not hold exactly. */
const lossOf = (from: CustomField, to: CustomField, c: string): string => {
  const t = `trim(${c}::text)`;
  const guarded = (pattern: string, cond: (v: string) => string) => `(not (${t} ~ '${pattern}') or ${cond(`(case when ${t} ~ '${pattern}' then ${t}::numeric end)`)})`;
  if (TEXT_TYPES.includes(to.data_type)) return to.data_type === 'char' ? `char_length(${t}) <> ${int(to.text_length)}` : `char_length(${t}) > ${int(to.text_length)}`;
  if (INTEGERS.includes(to.data_type)) {
    const [min, max] = INTEGER_RANGES[to.data_type as keyof typeof INTEGER_RANGES];
    const outside = (v: string) => `(${v} <> trunc(${v}) or ${v} < ${min} or ${v} > ${max})`;
    if (NUMBERS.includes(from.data_type)) return outside(`${c}::numeric`);
    return TEXT_TYPES.includes(from.data_type) ? guarded('^-?[0-9]{1,19}$', outside) : 'true';
  }
  if (to.data_type === 'decimal') {
    const outside = (v: string) => `(${v} <> round(${v}, ${int(to.scale)}) or abs(${v}) >= power(10::numeric, ${int(Number(to.text_length) - Number(to.scale))}))`;
    if (NUMBERS.includes(from.data_type)) return outside(`${c}::numeric`);
    return TEXT_TYPES.includes(from.data_type) ? guarded('^-?[0-9]+(\\.[0-9]+)?$', outside) : 'true';
  }
  if (NUMBERS.includes(from.data_type)) return 'true';
  if (to.data_type === 'date') {
    if (from.data_type === 'datetime') return `${c} <> date_trunc('day', ${c})`;
    return TIMES.includes(from.data_type) ? 'false' : `not (${t} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`;
  }
  return TIMES.includes(from.data_type) ? 'false' : `not (${t} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}([ T][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?$')`;
};

/** Changes the column's type, refused with a sentence when any stored value would be lost. */
const changeType = async (ctx: CallContext, tx: Queryable, def: ResourceDef, from: CustomField, to: CustomField) => {
  const c = ident(to.field_name);
  const table = ident(def.storage.table);
  const sqlType = sqlTypeOf(to);
  const stored = Number((await tx.query<{ n: number }>(`select count(*)::int as n from ${table} where ${c} is not null`)).rows[0].n);
  const names = { field: displayNameIn(to, ctx.lang), from: typeLabel(from), to: typeLabel(to) };
  if (stored) {
    const lost = Number((await tx.query<{ n: number }>(`select count(*)::int as n from ${table} where ${c} is not null and (${lossOf(from, to, c)})`)).rows[0].n);
    if (lost) throw refuse(ctx, 'server.field_type_lossy', { ...names, smart_count: lost }, 'data_type');
  }
  const using = !stored ? `null::${sqlType}` : NUMBERS.includes(from.data_type) && NUMBERS.includes(to.data_type) ? `${c}::${sqlType}` : `trim(${c}::text)::${sqlType}`;
  try {
    await tx.query(`alter table ${table} alter column ${c} type ${sqlType} using ${using}`);
  } catch (e) {
    // A value the checks let through but the cast refuses (a text date such as 2026-02-30).
    if (String((e as { code?: string }).code ?? '').startsWith('22')) throw refuse(ctx, 'server.field_type_lossy_some', names, 'data_type');
    throw e;
  }
};

const hasDistinct = (f: Pick<CustomField, 'formats'>) => (f.formats ?? []).includes('DISTINCT');

const addDistinct = async (ctx: CallContext, tx: Queryable, def: ResourceDef, f: CustomField) => {
  try {
    await tx.query(`create unique index ${ident(distinctIndexName(def, f.field_name))} on ${ident(def.storage.table)} (${ident('bu_guid')}, ${ident(f.field_name)})`);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw refuse(ctx, 'server.field_distinct_duplicates', { field: displayNameIn(f, ctx.lang) }, 'formats');
    throw e;
  }
};

export const customFieldRules: Rules = {
  affectsFields: true,
  async beforeWrite(ctx, tx, values, existing) {
    const merged = { ...existing, ...values };
    normalise(ctx, merged);
    for (const k of ['text_length', 'scale', 'formats'] as const) values[k] = merged[k];
    if (!existing) await checkName(ctx, tx, subjectOf(String(values.resource)), String(values.field_name));
  },
  async afterWrite(ctx, tx, row, existing) {
    const def = subjectOf(String(row.resource));
    const to = row as unknown as CustomField;
    if (!existing) {
      await tx.query(`alter table ${ident(def.storage.table)} add column ${ident(to.field_name)} ${sqlTypeOf(to)}`);
      if (hasDistinct(to)) await addDistinct(ctx, tx, def, to);
      return;
    }
    const from = existing as unknown as CustomField;
    if (sqlTypeOf(from) !== sqlTypeOf(to)) await changeType(ctx, tx, def, from, to);
    if (hasDistinct(to) && !hasDistinct(from)) await addDistinct(ctx, tx, def, to);
    if (!hasDistinct(to) && hasDistinct(from)) await tx.query(`drop index if exists ${ident(distinctIndexName(def, to.field_name))}`);
  },
  async afterDelete(_ctx, tx, rows) {
    for (const row of rows) {
      const def = subjectOf(String(row.resource));
      await tx.query(`alter table ${ident(def.storage.table)} drop column if exists ${ident(String(row.field_name))}`);
      await tx.query('delete from custom_field_status where resource = $1 and field = $2', [row.resource, row.field_name]);
    }
  },
};
