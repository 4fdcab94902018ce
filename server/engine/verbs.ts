import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import type { CallSpec, Mount, ResourceDef, Transition } from '../../resources/types.ts';
import { joinedOf } from './joins.ts';
import { hashPassword } from '../auth/password.ts';
import { ident, type Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import type { CallContext, Rules, Services } from './context.ts';
import { fieldsOf, MANAGED } from './fields.ts';
import { filterWhere, scopeWhere, Where } from './where.ts';
import { checkReferences, checkTreeCycle, nest, withinOf } from './relations.ts';
import { defOf, resourceByName, type ResourceName } from '../../resources/index.ts';
import { transitionOf } from './transitions.ts';
import { pageQuery, pagingOf } from './paging.ts';
import { keysetPage, keysetRow } from './keyset.ts';
import { specOf } from './spec.ts';
import { guidInputOf } from './guid-input.ts';

export const LIST_CAP_DEFAULT = 1000;

const guidInput = guidInputOf('guid');

/** What a committed write makes stale on this server (other servers see it within their caches' few seconds). */
const dropCaches = (services: Services, rules: Rules) => {
  if (rules.affectsGrants) services.callers.invalidate();
  if (rules.affectsFields) services.fieldSets.invalidate();
};

/** Types answered as text, exactly as stored (a bigint beyond 2^53, a decimal, a date without a time zone). */
const AS_TEXT = new Set(['bigint', 'numeric', 'date']);

/**
 * The server's columns a row is answered with: its guid, its owner's (a member mount's rows have
 * none), who made it and when. A virtual definition answers no `created_by`: who made the row it
 * reads (an operator's union) is not what its schema carries.
 */
export const managedAnswered = (def: ResourceDef) => [
  'guid',
  ...new Set(def.api.mounts.map((m) => (m.scope === 'bu' && !m.member ? 'bu_guid' : m.scope === 'user' ? 'user_guid' : '')).filter(Boolean)),
  ...(def.storage.virtual ? [] : ['created_by']),
  'created_at',
  'updated_at',
];

/**
 * The columns returned to callers: everything but password and secret hashes, and what the mount
 * joins (server/engine/joins.ts) — with `where`, the statement's, whose placeholders they may share.
 */
export const selectList = (def: ResourceDef, mount?: Mount, where?: Where) => {
  const hidden = new Set(fieldsOf(def).filter((f) => f.hidden).map((f) => f.name));
  // A mount answering fewer fields (`answers`) reads only those and the guid.
  const shown = (name: string) => !mount?.answers || name === 'guid' || mount.answers.includes(name);
  return [
    ...managedAnswered(def).filter(shown).map(ident),
    ...fieldsOf(def).filter((f) => !hidden.has(f.name) && shown(f.name)).map((f) => (AS_TEXT.has(f.sqlType) ? `${ident(f.name)}::text as ${ident(f.name)}` : ident(f.name))),
    ...joinedOf(def, mount).map((j) => `${j.sql(where?.member)} as ${ident(j.name)}`),
  ].join(', ');
};

/** The ORDER BY of a read: the requested field (the row's own or a joined one), else the call's sort, else the definition's. */
const sortClause = (def: ResourceDef, requested: unknown, mount?: Mount, call?: CallSpec) => {
  const names = new Map<string, string>([...[...fieldsOf(def).filter((f) => !f.hidden).map((f) => f.name), 'created_at', 'updated_at'].map((n) => [n, ident(n)] as const), ...joinedOf(def, mount).filter((j) => !j.many).map((j) => [j.name, j.sql()] as const)]);
  const key = (s: string) => {
    const desc = s.startsWith('-');
    const sql = names.get(desc ? s.slice(1) : s);
    return sql ? `${sql} ${desc ? 'desc' : 'asc'}` : null;
  };
  const pick = (s: unknown) => (typeof s === 'string' ? key(s) : null);
  // A declared sort may name several keys; each must be a field, so a typo fails the first read rather than sorting by less.
  const declared = (s: string | undefined) => {
    if (!s) return null;
    const keys = s.split(',').map(key);
    if (keys.some((k) => k === null)) throw new Error(`${def.name}: sort ${s} names an unknown field`);
    return keys.join(', ');
  };
  const order = pick(requested) ?? declared(call?.sort) ?? declared(def.api.sort) ?? `${ident('created_at')} desc`;
  // The tie-breaker follows the sort's direction, so one index on (owner, field, guid) serves it backwards too.
  return ` order by ${order}, ${ident('guid')} ${order.endsWith('desc') ? 'desc' : 'asc'}`;
};

/** Accepts `sort: "-name"` or `sort: { field, order }` (react-admin's shape). */
const sortParam = (input: Record<string, unknown>) => {
  const s = input.sort;
  if (s && typeof s === 'object') {
    const { field, order } = s as { field?: string; order?: string };
    return `${String(order).toLowerCase() === 'desc' ? '-' : ''}${field}`;
  }
  return s;
};

const requireFilters = (ctx: CallContext) => {
  const missing = (ctx.call.requires ?? []).filter((f) => ctx.input[f] === undefined || ctx.input[f] === '');
  if (!missing.length) return;
  const labels = missing.map((f) => translate(ctx.lang, `resources.${ctx.def.name}.fields.${f}`));
  // The fields named as a validation failure names them, so a client reads both alike.
  const required = translate(ctx.lang, 'validation.required');
  throw new Warning('server.filter_required', { fields: labels.join(', ') }, missing.map((field, i) => ({ field, message: translate(ctx.lang, 'validation.field_error', { field: labels[i], message: required }) })));
};

const readWhere = (ctx: CallContext) => filterWhere(ctx.def, ctx.call, ctx.input, scopeWhere(ctx.def, ctx.mount, ctx.caller, new Where(), ctx.input), ctx.mount);

export const page = async (ctx: CallContext) => {
  if (ctx.def.storage.keyset) return keysetPage(ctx);
  requireFilters(ctx);
  const { def } = ctx;
  const paging = pagingOf(ctx.lang, ctx.input, def.name);
  const where = readWhere(ctx);
  const table = ident(def.storage.table);
  return pageQuery(
    ctx.services.db,
    {
      select: selectList(def, ctx.mount, where),
      from: `from ${table}${where.toSql()}`,
      countFrom: `from ${table}${where.toCountSql()}`,
      slices: { table, from: (range) => `from ${table}${where.toSql(range)}`, countFrom: (range) => `from ${table}${where.toCountSql(range)}` },
      order: sortClause(def, sortParam(ctx.input), ctx.mount, ctx.call),
      params: where.params,
    },
    paging,
  );
};

export const list = async (ctx: CallContext) => {
  requireFilters(ctx);
  const where = readWhere(ctx);
  const cap = ctx.def.api.listCap ?? LIST_CAP_DEFAULT;
  const rows = await ctx.services.db.query(`select ${selectList(ctx.def, ctx.mount, where)} from ${ident(ctx.def.storage.table)}${where.toSql()}${sortClause(ctx.def, sortParam(ctx.input), ctx.mount, ctx.call)} limit ${cap}`, where.params);
  return rows.rows;
};

/** One row the caller may reach, or a 201 "does not exist". */
export const findOne = async (ctx: CallContext, guid: string, tx: Queryable = ctx.services.db) => {
  const where = scopeWhere(ctx.def, ctx.mount, ctx.caller, new Where(), ctx.input).add((p) => `${ident('guid')} = ${p(guid)}`);
  const { rows } = await tx.query(`select ${selectList(ctx.def, ctx.mount, where)} from ${ident(ctx.def.storage.table)}${where.toSql()}`, where.params);
  if (!rows[0]) throw new Warning('server.record_not_found');
  return rows[0];
};

/** One row (a keyset search's with its exact time); a row holding files (`files` fields) comes with their names by address, `file_names`, for links named by them. */
export const get = async (ctx: CallContext) => {
  if (ctx.def.storage.keyset) return keysetRow(ctx);
  // A call naming the row by another field (`by`) still takes `guid`, as every get does: a body
  // naming neither is refused naming `guid`, the first of the two its document offers.
  const by = ctx.call.by && ctx.input.guid === undefined && ctx.input[ctx.call.by] !== undefined ? ctx.call.by : 'guid';
  const guid = parseOrWarn(ctx.lang, guidInputOf(by), ctx.input, ctx.def.name)[by] as string;
  const row = await findOne(ctx, guid);
  const files = fieldsOf(ctx.def).filter((f) => f.files);
  if (!files.length) return row;
  const addresses = files.flatMap((f) => [row[f.name]].flat().filter((a): a is string => typeof a === 'string'));
  return { ...row, file_names: await ctx.services.files.names(addresses) };
};

/** Schemas derived from the definition, never copied: create takes the editable fields, update a part of them. */
const writeSchemas = new WeakMap<ResourceDef, { create: z.ZodObject; update: z.ZodObject }>();
export const schemasOf = (def: ResourceDef) => {
  let s = writeSchemas.get(def);
  if (!s) {
    // The status field may be internal (set only by transitions), so omit only what the schema has.
    const noUpdate = Object.fromEntries([...(def.api.createOnly ?? []), ...(def.api.status ? [def.api.status.field] : [])].filter((f) => f in def.schema.shape).map((f) => [f, true as const]));
    s = { create: def.schema, update: def.schema.omit(noUpdate as Record<string, true> & Record<number, never>).partial().extend(guidInput.shape) };
    writeSchemas.set(def, s);
  }
  return s;
};

/** Turns parsed values into column values: hashes passwords and serialises JSON columns. */
const toColumns = async (def: ResourceDef, values: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  const fields = new Map(fieldsOf(def).map((f) => [f.name, f]));
  for (const [k, v] of Object.entries(values)) {
    const f = fields.get(k);
    if (!f || MANAGED.has(k)) continue;
    out[k] = f.password && typeof v === 'string' ? await hashPassword(v) : f.json && v !== undefined && v !== null ? JSON.stringify(v) : v;
  }
  return out;
};

/**
 * The one sentence for a unique violation: "<fields> already exists", naming the fields in the
 * caller's language; for a definition of one row per BU (`unique: [[]]`), that the BU has its one.
 */
export const duplicateOf = (lang: CallContext['lang'], resource: string, fields: readonly string[], labels?: ResourceDef['admin']['labels']) =>
  fields.length
    ? new Warning('server.duplicate', { fields: fields.map((f) => labels?.[f] ?? translate(lang, `resources.${resource}.fields.${f}`)).join(lang === 'en' ? ' and ' : '、') }, { fields })
    : new Warning('server.duplicate_one_per_bu', { resource: translate(lang, `resources.${resource}.name`, { smart_count: 1 }) }, { fields });

/**
 * A database unique violation as that sentence, naming the definition's unique set the constraint
 * belongs to (or `fields`); any other error passes through. Every writer, verb or handler, uses it.
 */
export const duplicateWarning = (lang: CallContext['lang'], def: Pick<ResourceDef, 'name' | 'storage' | 'admin'>, e: unknown, fields?: readonly string[]) => {
  const err = e as { code?: string; constraint?: string };
  if (err?.code !== '23505') return e;
  const unique = def.storage.unique ?? [];
  const hit = fields ?? unique.find((cols) => err.constraint?.endsWith(`${cols.join('_')}_uq`)) ?? unique[0] ?? [];
  return duplicateOf(lang, def.name, hit, def.admin.labels);
};

/**
 * A definition's event for a change of a BU's row (docs/events.md), written in the change's own
 * transaction; `def` is the changed row's when a handler changes rows of another definition.
 */
export const emitChange = async (ctx: CallContext, tx: Queryable, kind: 'created' | 'updated' | 'deleted', row: Record<string, unknown>, old?: Record<string, unknown>, def = ctx.def) => {
  const type = def.api.events?.[kind];
  if (!type || !row.bu_guid) return;
  await ctx.services.events.emit(ctx, tx, { type, buGuid: row.bu_guid as string, event: old ? { object: row, old_object: old } : { object: row } });
};

const hasBuColumn = (def: ResourceDef) => def.api.mounts.some((m) => m.scope === 'bu');

/**
 * The BU an operator's new row lands in: the one a rule derived (a payment's, from its order), else
 * the one the body names, which must exist.
 */
const oversightBu = async (ctx: CallContext, tx: Queryable, values: Record<string, unknown>) => {
  if (typeof values.bu_guid === 'string') return values.bu_guid;
  const { bu_guid } = parseOrWarn(ctx.lang, buInput, ctx.input, ctx.def.name);
  return existingBu(ctx, tx, bu_guid);
};

/** A BU the body names, or the refusal naming `bu_guid` when there is no such BU. */
const existingBu = async (ctx: CallContext, tx: Queryable, bu_guid: string) => {
  const { rows } = await tx.query(`select 1 from ${ident(resourceByName.get('bu')!.storage.table)} where guid = $1`, [bu_guid]);
  if (!rows.length) throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'common.fields.bu_guid') }, { field: 'bu_guid' });
  return bu_guid;
};

/** The create schema with the BU an operator's add names, made once per definition, as `schemasOf`'s are. */
const createsNamingBu = new WeakMap<ResourceDef, z.ZodObject>();
const createNamingBu = (def: ResourceDef) => {
  let create = createsNamingBu.get(def);
  if (!create) createsNamingBu.set(def, (create = schemasOf(def).create.extend(buInput.shape)));
  return create;
};

export const add = async (ctx: CallContext) => {
  const { def, services, caller, mount } = ctx;
  // An operator's add that requires its BU (`requires: ['bu_guid']`) takes it with the row, refused with
  // the row's own fields, and knows it before references and rules look within it.
  const namesBu = mount.scope === 'oversight' && hasBuColumn(def) && !!ctx.call.requires?.includes('bu_guid');
  const create = namesBu ? createNamingBu(def) : schemasOf(def).create;
  const values: Record<string, unknown> = { ...parseOrWarn(ctx.lang, create, ctx.input, def.name, def.admin.labels), ...(mount.fixed ?? {}) };
  const rules = ctx.rules;
  try {
    const row = await services.db.transaction(async (tx) => {
      if (namesBu) await existingBu(ctx, tx, values.bu_guid as string);
      await checkReferences(ctx, tx, values);
      await rules.beforeWrite?.(ctx, tx, values);
      const cols: Record<string, unknown> = { guid: randomUUID(), created_by: caller?.userGuid ?? null, ...(await toColumns(def, values)) };
      if (mount.scope === 'bu') cols.bu_guid = caller?.buGuid;
      if (mount.scope === 'user') cols.user_guid = caller?.userGuid;
      if (mount.scope === 'oversight' && hasBuColumn(def)) cols.bu_guid = await oversightBu(ctx, tx, values);
      const names = Object.keys(cols);
      await tx.query(`insert into ${ident(def.storage.table)} (${names.map(ident).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(cols));
      const row = await findOne(ctx, cols.guid as string, tx);
      await rules.afterWrite?.(ctx, tx, row);
      await emitChange(ctx, tx, 'created', row);
      return row;
    });
    dropCaches(services, rules);
    return row;
  } catch (e) {
    throw duplicateWarning(ctx.lang, ctx.def, e);
  }
};

export const update = async (ctx: CallContext) => {
  const { def, services } = ctx;
  const parsed = parseOrWarn(ctx.lang, schemasOf(def).update, ctx.input, def.name, def.admin.labels) as Record<string, unknown>;
  // Only what the body names changes: defaults of a partial schema must not reset other fields.
  const values = Object.fromEntries(Object.entries(parsed).filter(([k]) => k !== 'guid' && k in ctx.input));
  const rules = ctx.rules;
  try {
    const row = await services.db.transaction(async (tx) => {
      const existing = await findOne(ctx, parsed.guid as string, tx);
      await checkReferences(ctx, tx, values, existing);
      await checkTreeCycle(ctx, tx, values, existing);
      await rules.beforeWrite?.(ctx, tx, values, existing);
      const cols = await toColumns(def, values);
      const names = Object.keys(cols);
      if (names.length) {
        const where = scopeWhere(def, ctx.mount, ctx.caller, new Where(), ctx.input);
        const offset = where.params.length;
        const sets = names.map((n, i) => `${ident(n)} = $${offset + i + 1}`).join(', ');
        await tx.query(
          `update ${ident(def.storage.table)} set ${sets}, updated_at = now()${where.toSql()}${where.parts.length ? ' and' : ' where'} guid = $${offset + names.length + 1}`,
          [...where.params, ...Object.values(cols), parsed.guid],
        );
      }
      const row = await findOne(ctx, parsed.guid as string, tx);
      await rules.afterWrite?.(ctx, tx, row, existing);
      if (names.length) await emitChange(ctx, tx, 'updated', row, existing);
      return row;
    });
    dropCaches(services, rules);
    return row;
  } catch (e) {
    throw duplicateWarning(ctx.lang, ctx.def, e);
  }
};

/** One row (`guid`) or several (`guids`): the document says one of the two is needed, as the refusal of neither names `guid`. */
export const deleteInput = z
  .object({ guid: z.uuid('validation.guid_format').optional(), guids: z.array(z.uuid('validation.guid_format')).min(1).max(500).optional() })
  .meta({ anyOf: [{ required: ['guid'] }, { required: ['guids'] }] });

/** Deletes one row (`guid`) or several (`guids`); all must be reachable or nothing is deleted. */
export const remove = async (ctx: CallContext) => {
  const { def, services } = ctx;
  const parsed = parseOrWarn(ctx.lang, deleteInput, ctx.input, def.name);
  const guids = [...new Set(parsed.guids ?? (parsed.guid ? [parsed.guid] : []))];
  if (!guids.length) throw parseOrWarn(ctx.lang, guidInput, ctx.input, def.name);
  const rules = ctx.rules;
  const deleted = await services.db.transaction(async (tx) => {
    const where = scopeWhere(def, ctx.mount, ctx.caller, new Where(), ctx.input).add((p) => `guid = any(${p(guids)}::uuid[])`);
    const { rows } = await tx.query(`select ${selectList(def)} from ${ident(def.storage.table)}${where.toSql()}`, where.params);
    if (rows.length !== guids.length) throw new Warning('server.record_not_found');
    await rules.beforeDelete?.(ctx, tx, rows);
    await tx.query(`delete from ${ident(def.storage.table)} where guid = any($1::uuid[])`, [guids]);
    await rules.afterDelete?.(ctx, tx, rows);
    for (const row of rows) await emitChange(ctx, tx, 'deleted', row);
    return rows.length;
  });
  dropCaches(services, rules);
  return { deleted };
};

const reasonInput = (column: string) => z.object({ [column]: z.string().trim().min(1, 'validation.required').max(200, 'validation.max_200') });

const statusInputs = new WeakMap<ResourceDef, Map<string, z.ZodObject>>();
/**
 * The body of a status call, which the call validates and the documents show: the row (none for
 * the owner's single row), the state or action unless the call is bound to a transition, and the
 * reason and fields the transition takes (required for a bound one, optional otherwise).
 */
export const statusInputOf = (def: ResourceDef, spec: Pick<CallSpec, 'transition'>, single: boolean) => {
  const key = `${spec.transition ?? ''}|${single}`;
  const cached = statusInputs.get(def)?.get(key);
  if (cached) return cached;
  const uuid = z.uuid('validation.guid_format');
  const bound = spec.transition ? def.api.status?.transitions.find((t) => t.name === spec.transition) : undefined;
  const internal = (def.internal?.shape ?? {}) as Record<string, z.ZodType>;
  const taken = (t: Transition) => ({ ...(t.reason ? reasonInput(t.reason).shape : {}), ...Object.fromEntries((t.takes ?? []).map((f) => [f, internal[f]])) });
  const schema = z.object({
    guid: single ? uuid.optional() : uuid,
    ...(bound ? taken(bound) : { status: z.union([z.number(), z.string()]).optional(), action: z.string().max(64).optional(), ...z.object(Object.assign({}, ...(def.api.status?.transitions ?? []).map(taken))).partial().shape }),
  });
  statusInputs.set(def, (statusInputs.get(def) ?? new Map()).set(key, schema));
  return schema;
};

/**
 * The columns a transition writes besides the status: its own reason (required), every other one
 * cleared, and the internal fields it `takes`.
 */
const reasonsOf = (ctx: CallContext, transition: Transition): Record<string, unknown> => {
  const columns = new Set(ctx.def.api.status!.transitions.flatMap((t) => (t.reason ? [t.reason] : [])));
  const out: Record<string, unknown> = Object.fromEntries([...columns].map((c) => [c, null]));
  if (transition.reason) out[transition.reason] = (parseOrWarn(ctx.lang, reasonInput(transition.reason), ctx.input, ctx.def.name) as Record<string, string>)[transition.reason];
  if (transition.takes?.length && ctx.def.internal) {
    const shape = Object.fromEntries(transition.takes.map((f) => [f, (ctx.def.internal!.shape as Record<string, z.ZodType>)[f]]));
    const taken = parseOrWarn(ctx.lang, z.object(shape), ctx.input, ctx.def.name) as Record<string, unknown>;
    for (const f of transition.takes) out[f] = taken[f] ?? null;
  }
  return out;
};

/** A named transition: allowed only from the states the definition lists, atomically. */
export const status = async (ctx: CallContext) => {
  const { def, services } = ctx;
  const sm = def.api.status;
  if (!sm) throw new Warning('server.record_not_found');
  // A definition with one row per owner (a `one` call) transitions that row when no guid is given.
  const single = !('guid' in ctx.input) && Object.values(ctx.mount.calls).some((c) => specOf(c).verb === 'one');
  const ownRow = single ? ((await one(ctx)) as { guid: string | null } | null) : null;
  if (single && !ownRow?.guid) throw new Warning(def.api.missing ?? 'server.record_not_found');
  const input = ownRow?.guid ? { ...ctx.input, guid: ownRow.guid } : ctx.input;
  const { guid, status: to, action } = parseOrWarn(ctx.lang, statusInputOf(def, ctx.call, single), input, def.name) as { guid: string; status?: number | string; action?: string };
  const transition = transitionOf(def, ctx.mount, ctx.call, ctx.input);
  const valueLabel = (v: unknown) => translate(ctx.lang, `resources.${def.name}.values.${sm.field}.${String(v)}`);
  if (!transition) throw new Warning('server.unknown_status', { to: String(to ?? action ?? '') });
  const rules = ctx.rules;
  const reasons = reasonsOf(ctx, transition);
  const row = await services.db.transaction(async (tx) => {
    const existing = await findOne(ctx, guid, tx);
    await rules.beforeTransition?.(ctx, tx, transition.to, existing);
    const where = scopeWhere(def, ctx.mount, ctx.caller, new Where(), ctx.input);
    const n = where.params.length;
    const set = Object.keys(reasons).map((col, i) => `, ${ident(col)} = $${n + 4 + i}`).join('');
    const { rows } = await tx.query(
      `update ${ident(def.storage.table)} set ${ident(sm.field)} = $${n + 1}, updated_at = now()${set}${where.toSql()}${where.parts.length ? ' and' : ' where'} guid = $${n + 2} and ${ident(sm.field)}::text = any($${n + 3}::text[]) returning guid`,
      [...where.params, transition.to, guid, transition.from.map(String), ...Object.values(reasons)],
    );
    if (!rows[0]) {
      throw new Warning('server.transition_forbidden', { from: valueLabel(existing[sm.field]), action: translate(ctx.lang, `actions.${transition.name}`) }, { from: existing[sm.field], to: transition.to });
    }
    const row = await findOne(ctx, guid, tx);
    await rules.afterTransition?.(ctx, tx, row, existing);
    await emitChange(ctx, tx, 'updated', row, existing);
    return row;
  });
  dropCaches(services, rules);
  return row;
};

/** Every row of the scope nested by the definition's parent field. */
export const tree = async (ctx: CallContext) => {
  if (!ctx.def.relations?.tree) throw new Error(`${ctx.def.name} has no tree`);
  return nest((await list(ctx)) as Record<string, unknown>[], ctx.def.relations?.tree.parent);
};

/**
 * A row of another definition the caller reaches through its mount's scope (the app an endpoint
 * or a subscription belongs to), read through that definition's mount of the same scope; or a 201
 * "does not exist".
 */
export const reachRow = async (ctx: CallContext, defName: ResourceName, guid: string, tx: Queryable = ctx.services.db) => {
  const target = defOf(defName);
  const mount = target.api.mounts.find((m) => m.scope === ctx.mount.scope) ?? ctx.mount;
  const reach = scopeWhere(target, mount, ctx.caller).add((p) => `guid = ${p(guid)}`);
  const { rows } = await tx.query(`select ${selectList(target)} from ${ident(target.storage.table)}${reach.toSql()}`, reach.params);
  if (!rows[0]) throw new Warning('server.record_not_found');
  return rows[0] as Record<string, unknown> & { guid: string; bu_guid: string | null };
};

const buInput = z.object({ bu_guid: z.uuid('validation.guid_format') });

/** The owner of a singleton row: the caller's BU (or the caller), or for operators the BU the body names. */
export const singletonOwner = async (ctx: CallContext) => {
  const per = ctx.def.relations?.singletonPer;
  if (per) {
    // One row per row of the referenced definition (an app's security), which the caller must reach.
    const guid = parseOrWarn(ctx.lang, z.object({ [per]: z.uuid('validation.guid_format') }), ctx.input, ctx.def.name)[per] as string;
    // A reference names a registered definition (the registry test checks every one).
    const parent = await reachRow(ctx, ctx.def.relations!.references![per] as ResourceName, guid);
    // The row lands in its parent's BU, where the definition keeps BUs at all (a store listing does not).
    const owner = ctx.def.api.mounts.some((m) => m.scope === 'bu') ? { bu_guid: parent.bu_guid } : {};
    return { where: new Where().add((p) => `${ident(per)} = ${p(guid)}`), cols: { [per]: guid, ...owner } };
  }
  if (ctx.mount.scope === 'oversight') {
    const { bu_guid } = parseOrWarn(ctx.lang, buInput, ctx.input, ctx.def.name);
    return { where: new Where().add((p) => `${ident('bu_guid')} = ${p(bu_guid)}`), cols: { bu_guid } };
  }
  const cols: Record<string, unknown> = {};
  if (ctx.mount.scope === 'bu') cols.bu_guid = ctx.caller?.buGuid;
  if (ctx.mount.scope === 'user') cols.user_guid = ctx.caller?.userGuid;
  return { where: scopeWhere(ctx.def, ctx.mount, ctx.caller), cols };
};

/**
 * A singleton owner's row before it exists (`Mount.blank`): every field null but the mount's blank
 * values, the owner's columns and the joined columns, which read the owner's columns through a
 * one-row stand-in named as the table (server/engine/joins.ts correlates on it).
 */
const blankRow = async (ctx: CallContext, cols: Record<string, unknown>) => {
  const { def, mount } = ctx;
  const nulls = Object.fromEntries(['created_by', 'created_at', 'updated_at', ...fieldsOf(def).filter((f) => !f.hidden).map((f) => f.name)].map((n) => [n, null]));
  const joined = joinedOf(def, mount);
  const owner = Object.keys(cols);
  const stand = `(select null::uuid as ${ident('guid')}${owner.map((n, i) => `, $${i + 1}::uuid as ${ident(n)}`).join('')}) as ${ident(def.storage.table)}`;
  const values = joined.length ? (await ctx.services.db.query(`select ${joined.map((j) => `${j.sql()} as ${ident(j.name)}`).join(', ')} from ${stand}`, Object.values(cols))).rows[0] : {};
  return { guid: null, ...nulls, ...cols, ...mount.blank, ...values };
};

/**
 * The owner's row of a singleton definition, with what its mount joins; when there is none yet, the
 * mount's blank row (`blank`), else the schema's defaults (guid null), else null.
 */
export const one = async (ctx: CallContext) => {
  const { where, cols } = await singletonOwner(ctx);
  const { rows } = await ctx.services.db.query(`select ${selectList(ctx.def, ctx.mount, where)} from ${ident(ctx.def.storage.table)}${where.toSql()} limit 1`, where.params);
  if (rows[0]) return rows[0];
  if (ctx.mount.blank) return blankRow(ctx, cols);
  // The owner's columns the schema holds (an app's security names its app) join the defaults.
  const defaults = ctx.def.schema.safeParse(cols);
  return defaults.success ? { guid: null, ...defaults.data } : null;
};

/** Creates the owner's singleton row (defaults filling the rest) or changes the fields the body names. */
export const save = async (ctx: CallContext) => {
  const { def, services } = ctx;
  const owner = await singletonOwner(ctx);
  const rules = ctx.rules;
  try {
    const row = await services.db.transaction(async (tx) => {
      const found = (await tx.query(`select ${selectList(def)} from ${ident(def.storage.table)}${owner.where.toSql()} limit 1`, owner.where.params)).rows[0];
      let guid: string;
      if (found) {
        const parsed = parseOrWarn(ctx.lang, def.schema.partial(), ctx.input, def.name) as Record<string, unknown>;
        const values = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in ctx.input && k !== def.relations?.singletonPer));
        await checkReferences(ctx, tx, values, found);
        await rules.beforeWrite?.(ctx, tx, values, found);
        const cols = await toColumns(def, values);
        const names = Object.keys(cols);
        if (names.length) {
          await tx.query(`update ${ident(def.storage.table)} set ${names.map((n, i) => `${ident(n)} = $${i + 1}`).join(', ')}, updated_at = now() where guid = $${names.length + 1}`, [...Object.values(cols), found.guid]);
        }
        guid = found.guid as string;
      } else {
        const values = parseOrWarn(ctx.lang, def.schema, ctx.input, def.name) as Record<string, unknown>;
        await checkReferences(ctx, tx, values);
        await rules.beforeWrite?.(ctx, tx, values);
        const cols: Record<string, unknown> = { guid: randomUUID(), created_by: ctx.caller?.userGuid ?? null, ...(await toColumns(def, values)), ...owner.cols };
        const names = Object.keys(cols);
        await tx.query(`insert into ${ident(def.storage.table)} (${names.map(ident).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(cols));
        guid = cols.guid as string;
      }
      const saved = (await tx.query(`select ${selectList(def)} from ${ident(def.storage.table)} where guid = $1`, [guid])).rows[0];
      await rules.afterWrite?.(ctx, tx, saved, found);
      return saved;
    });
    dropCaches(services, rules);
    return row;
  } catch (e) {
    throw duplicateWarning(ctx.lang, ctx.def, e);
  }
};

const generic = { page, list, get, add, update, delete: remove, status, tree, one, save } as const;

/** On a `within` mount every verb first checks the record its body names (server/engine/relations.ts). */
const withinFirst = (verb: (ctx: CallContext) => Promise<unknown>) => async (ctx: CallContext) => {
  await withinOf(ctx);
  return verb(ctx);
};

export const verbs = Object.fromEntries(Object.entries(generic).map(([name, verb]) => [name, withinFirst(verb)])) as Record<keyof typeof generic, (ctx: CallContext) => Promise<unknown>>;
