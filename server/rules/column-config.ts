import type { CallSpec, Mount, ResourceDef } from '../../resources/types.ts';
import { resourceByName } from '../../resources/index.ts';
import { listColumnsOf, shownFields } from '../../resources/shown-columns.ts';
import { displayNameIn } from '../../schemas/custom-field.ts';
import type { CallContext, Rules } from '../engine/context.ts';
import { customFieldsOf } from '../engine/custom-fields.ts';
import { permissionOf, specOf } from '../engine/spec.ts';
import type { Queryable } from '../db/driver.ts';
import { refusal } from '../http/validation.ts';
import { hasKey, translate } from '../../i18n/index.ts';

/**
 * Column sets, preferences and views name a list and its fields: checked against the registry when
 * saved, so nothing names a field the definition does not expose (docs/views.md). What a definition
 * later drops is skipped when read, never refused then.
 */
const listOf = (ctx: CallContext, name: unknown) => {
  const def = typeof name === 'string' ? resourceByName.get(name) : undefined;
  if (!def?.admin.columns.length) throw refusal(ctx.lang, 'server.list_unknown', { resource: String(name) }, 'resource');
  return def;
};

/** The columns a list may show: its screens' (`listColumnsOf`), and its custom fields (staff's). */
const columnsOf = async (tx: Queryable, def: ResourceDef) => {
  const custom = def.api.customFields ? (await customFieldsOf(tx, def.name)).map((f) => f.field_name) : [];
  return new Set([...listColumnsOf(def).map((c) => c.field), ...custom]);
};

/** The list's columns as a set shows them: its screens' (`listColumnsOf`), then its enabled custom fields. */
export const listColumns = async (db: Queryable, def: ResourceDef) => [
  ...listColumnsOf(def),
  ...(def.api.customFields ? (await customFieldsOf(db, def.name)).filter((f) => f.status === 0).map((f) => ({ field: f.field_name })) : []),
];

/** A field by its label in the caller's language (a custom field by its display name), for sentences. */
const labelOf = async (ctx: CallContext, tx: Queryable, def: ResourceDef, field: string) => {
  const key = `resources.${def.name}.fields.${field}`;
  if (hasKey(ctx.lang, key)) return translate(ctx.lang, key);
  const custom = def.api.customFields ? (await customFieldsOf(tx, def.name)).find((f) => f.field_name === field) : undefined;
  return custom ? displayNameIn(custom, ctx.lang) : field;
};

const LIST_VERBS = new Set(['page', 'list', 'tree']);

/**
 * Whether holders of a role open the list: it is a screen of the role's console (the operator's for
 * a platform role, the tenant's for a BU's; src/console/ListDesign.tsx lists them the same way), and
 * one of its mounts' list calls is granted to the role there.
 */
const roleOpens = async (tx: Queryable, def: ResourceDef, roleGuid: string) => {
  const { rows } = await tx.query<{ type: number; bu_guid: string | null }>('select type, bu_guid from role where guid = $1', [roleGuid]);
  if (!rows[0]) return true;
  const scene = rows[0].bu_guid ? 'tenant' : 'admin';
  const screen = scene === 'admin' ? !!def.admin.screens?.some((s) => s.scene === 'admin') : !!def.admin.screens?.some((s) => s.scene === 'tenant');
  if (!screen) return false;
  // A super role (type 0) holds every code of its console.
  const codes = rows[0].type === 0
    ? null
    : new Set((await tx.query<{ code: string }>(
      'select p.code from role_permission rp join permission p on p.guid = rp.permission_guid where rp.role_guid = $1 and p.status = 0 and p.scene = $2',
      [roleGuid, scene],
    )).rows.map((r) => r.code));
  const opens = (m: Mount, spec: CallSpec) => {
    const code = permissionOf(m, spec);
    if (!code) return m.side === 'operator' ? scene === 'admin' : m.scope === 'bu' ? scene === 'tenant' : true;
    return (code.startsWith('admin:') ? 'admin' : 'tenant') === scene && (!codes || codes.has(code));
  };
  return def.api.mounts.some((m) => Object.values(m.calls).map(specOf).some((spec) => LIST_VERBS.has(spec.verb ?? '') && opens(m, spec)));
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

/**
 * A set is for a list its audience opens, and shows at least one column: a set hiding every column
 * would leave its audience a list of bare row links.
 */
const columnSetRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const def = listOf(ctx, values.resource ?? existing?.resource);
    await nameAudience(ctx, tx, values);
    const roleGuid = ('role_guid' in values ? values.role_guid : existing?.role_guid) as string | null | undefined;
    if (roleGuid && !(await roleOpens(tx, def, roleGuid))) {
      throw refusal(ctx.lang, 'server.list_role_cannot_open', { role: values.role_name ?? existing?.role_name ?? '' }, 'role_guid');
    }
    if (!values.columns) return;
    const settings = values.columns as Setting[];
    checkFields(ctx, settings.map((s) => s.field), await columnsOf(tx, def), 'columns');
    if (!shownFields(await listColumns(tx, def), settings).length) throw refusal(ctx.lang, 'server.list_no_column', {}, 'columns');
    const sortable = new Set(listColumnsOf(def).filter((c) => c.sortable).map((c) => c.field));
    const filterable = new Set((def.api.filters ?? []).map((f) => f.field));
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

/**
 * The set a view's audience sees (a role's, else everyone's; none: `null`), which bounds the
 * columns a view published to that audience may show.
 */
export const audienceSet = async (db: Queryable, resource: string, roleGuid: string | null) =>
  (await db.query<{ columns: Setting[] }>(
    'select columns from column_config where resource = $1 and (role_guid is null or role_guid = $2) order by role_guid is null limit 1',
    [resource, roleGuid],
  )).rows[0] ?? null;

/** A published view shows only columns its audience's column set allows (docs/views.md, precedence). */
const checkBounded = async (ctx: CallContext, tx: Queryable, def: ResourceDef, columns: readonly string[], roleGuid: string | null, roleName: unknown) => {
  const set = await audienceSet(tx, def.name, roleGuid);
  if (!set || !columns.length) return;
  const allowed = new Set(shownFields(await listColumns(tx, def), set.columns));
  const hidden = columns.find((f) => !allowed.has(f));
  if (hidden === undefined) return;
  const field = await labelOf(ctx, tx, def, hidden);
  throw refusal(ctx.lang, roleGuid ? 'server.view_column_hidden' : 'server.view_column_hidden_everyone', { role: String(roleName ?? ''), field }, 'columns');
};

/** A view's columns are the list's, its filters those the list offers, its sort a column that sorts. */
const viewRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const def = listOf(ctx, values.resource ?? existing?.resource);
    await nameAudience(ctx, tx, values);
    if (values.columns) checkFields(ctx, values.columns as string[], await columnsOf(tx, def), 'columns');
    if (ctx.def.name === 'published-view' && (values.columns || 'role_guid' in values)) {
      const roleGuid = ('role_guid' in values ? values.role_guid : existing?.role_guid) as string | null | undefined;
      await checkBounded(ctx, tx, def, (values.columns ?? existing?.columns ?? []) as string[], roleGuid ?? null, values.role_name ?? existing?.role_name);
    }
    if (values.filters) {
      const offered = new Set([...(def.api.filters ?? []).map((f) => f.field), ...(def.api.keyword?.length ? ['q'] : [])]);
      const unknown = Object.keys(values.filters as object).find((k) => !offered.has(k));
      if (unknown !== undefined) throw refusal(ctx.lang, 'server.list_filter_unknown', { field: unknown }, 'filters');
    }
    const sort = values.sort as { field: string } | null | undefined;
    if (sort) {
      const sorts = new Set([...listColumnsOf(def).filter((c) => c.sortable).map((c) => c.field), (def.api.sort ?? 'created_at').split(',')[0].replace(/^-/, '')]);
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
