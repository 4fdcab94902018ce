import type { ResourceDef } from '../../resources/types.ts';
import { resourceByName } from '../../resources/index.ts';
import type { CallContext, Rules } from '../engine/context.ts';
import { customFieldsOf } from '../engine/custom-fields.ts';
import type { Queryable } from '../db/driver.ts';
import { refusal } from '../http/validation.ts';
import { translate } from '../../i18n/index.ts';

/**
 * Column sets, preferences and views name a list and its fields: checked against the registry when
 * saved, so nothing names a field the definition does not expose (docs/views.md). What a definition
 * later drops is skipped when read, never refused then.
 */
const listOf = (ctx: CallContext, name: unknown) => {
  const def = typeof name === 'string' ? resourceByName.get(name) : undefined;
  if (!def?.columns.length) throw refusal(ctx.lang, 'server.list_unknown', { resource: String(name) }, 'resource');
  return def;
};

/** The columns a list may show: the definition's, and its custom fields (staff's). */
const columnsOf = async (tx: Queryable, def: ResourceDef) => {
  const custom = def.customFields ? (await customFieldsOf(tx, def.name)).map((f) => f.field_name) : [];
  return new Set([...def.columns.map((c) => c.field), ...custom]);
};

const checkFields = (ctx: CallContext, fields: readonly string[], known: ReadonlySet<string>, at: string) => {
  const unknown = fields.find((f) => !known.has(f));
  if (unknown !== undefined) throw refusal(ctx.lang, 'server.list_field_unknown', { field: unknown }, at);
  if (new Set(fields).size !== fields.length) throw refusal(ctx.lang, 'server.list_field_twice', {}, at);
};

/** The role a set or view is for must exist (the platform's or a BU's); its name is kept for the lists. */
const nameAudience = async (ctx: CallContext, tx: Queryable, values: Record<string, unknown>) => {
  if (!('role_guid' in values)) return;
  if (!values.role_guid) {
    values.role_name = null;
    return;
  }
  const { rows } = await tx.query<{ name: string; bu_name: string | null }>(
    'select r.name, b.name as bu_name from role r left join bu b on b.guid = r.bu_guid where r.guid = $1',
    [values.role_guid],
  );
  if (!rows[0]) throw refusal(ctx.lang, 'server.reference_not_found', { field: translate(ctx.lang, `resources.${ctx.def.name}.fields.role_guid`) }, 'role_guid');
  values.role_name = rows[0].bu_name ? `${rows[0].name} · ${rows[0].bu_name}` : rows[0].name;
};

interface Setting { field: string; sortable?: boolean; filterable?: boolean }

const columnSetRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const def = listOf(ctx, values.resource ?? existing?.resource);
    await nameAudience(ctx, tx, values);
    if (!values.columns) return;
    const settings = values.columns as Setting[];
    checkFields(ctx, settings.map((s) => s.field), await columnsOf(tx, def), 'columns');
    const sortable = new Set(def.columns.filter((c) => c.sortable).map((c) => c.field));
    const filterable = new Set((def.filters ?? []).map((f) => f.field));
    const bad = settings.find((s) => (s.sortable && !sortable.has(s.field)) || (s.filterable && !filterable.has(s.field)));
    if (bad) throw refusal(ctx.lang, bad.sortable && !sortable.has(bad.field) ? 'server.list_not_sortable' : 'server.list_not_filterable', { field: bad.field }, 'columns');
  },
};

const preferenceRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const def = listOf(ctx, values.resource ?? existing?.resource);
    if (values.hidden) checkFields(ctx, values.hidden as string[], await columnsOf(tx, def), 'hidden');
  },
};

/** A view's columns are the list's, its filters those the list offers, its sort a column that sorts. */
const viewRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const def = listOf(ctx, values.resource ?? existing?.resource);
    await nameAudience(ctx, tx, values);
    if (values.columns) checkFields(ctx, values.columns as string[], await columnsOf(tx, def), 'columns');
    if (values.filters) {
      const offered = new Set([...(def.filters ?? []).map((f) => f.field), ...(def.keyword?.length ? ['q'] : [])]);
      const unknown = Object.keys(values.filters as object).find((k) => !offered.has(k));
      if (unknown !== undefined) throw refusal(ctx.lang, 'server.list_filter_unknown', { field: unknown }, 'filters');
    }
    const sort = values.sort as { field: string } | null | undefined;
    if (sort) {
      const sorts = new Set([...def.columns.filter((c) => c.sortable).map((c) => c.field), (def.sort ?? 'created_at').replace(/^-/, '')]);
      if (!sorts.has(sort.field)) throw refusal(ctx.lang, 'server.list_not_sortable', { field: sort.field }, 'sort');
    }
  },
};

export const listSettingsRules: Record<string, Rules> = {
  'column-config': columnSetRules,
  'column-preference': preferenceRules,
  'saved-view': viewRules,
  'published-view': viewRules,
};
