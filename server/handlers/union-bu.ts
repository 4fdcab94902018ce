import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import { translate } from '../../i18n/index.ts';
import { UNION_BU_LIMITS, unionBuAppsInput, unionBuDeptUsersInput } from '../../schemas/union-bu.ts';
import { holds } from '../auth/caller.ts';
import type { Queryable } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { pageQuery, pagingInput, pagingOf } from '../engine/paging.ts';
import { add, findOne, update } from '../engine/verbs.ts';
import { escapeLike, Where } from '../engine/where.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { unionBuSchema } from '../../schemas/union-bu.ts';
import { named } from '../engine/named.ts';
import { pageAnswer, rowAnswer } from '../engine/call-docs.ts';

/**
 * Union BUs (docs/operator.md "Union BUs"): what a union shares is drawn only from its member BUs
 * (apps also from the platform's store), read and written here; the union's own fields, its
 * member BUs and its states go through the generic verbs and server/rules/union-bu.ts.
 */

const NAME = 'union-bu';
const ENABLED = 0;
const guid = () => z.uuid('validation.guid_format');
const keyword = () => z.string().trim().max(64, 'validation.max_64').optional();
const unionInput = z.object({ guid: guid() });

/** What the calls answer (the documents show them; the contract suite checks real answers against them). */
const text = () => z.string().nullable();
const buRow = z.object({ guid: z.uuid(), name: z.string(), alias: text(), code: text(), cover_url: text(), status: z.int(), created_at: datetime() });
const deptRow = z.object({ guid: z.uuid(), name: z.string(), code: text(), parent_guid: z.uuid().nullable(), sort: z.int().nullable(), bu_guid: z.uuid(), bu_name: z.string() });
const userRow = z.object({
  guid: z.uuid(), name: z.string(), english_name: text(), job_number: text(), phone: text(), email: text(), duty_status: z.int().nullable(),
  department_guid: z.uuid().nullable(), department_name: text(), bu_guid: z.uuid(), bu_name: z.string(),
});
const appRow = z.object({ guid: z.uuid(), name: z.string(), code: text(), icon: text(), type: z.int(), status: z.int(), bu_guid: z.uuid().nullable(), bu_name: text() });
const sharedDeptUsers = z.object({ guid: z.uuid(), dept_guids: z.array(z.uuid()), user_guids: z.array(z.uuid()), depts: z.array(deptRow), users: z.array(userRow) });
const sharedApps = z.object({ guid: z.uuid(), app_guids: z.array(z.uuid()), list: z.array(appRow) });

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const unique = (guids: readonly string[]) => [...new Set(guids)];
/** A keyword found in any of `columns` (fixed names of this file, never input). */
const anyLike = (columns: readonly string[], k: string) => (p: (v: unknown) => string) => {
  const pattern = p(`%${escapeLike(k)}%`);
  return `(${columns.map((c) => `${c} ilike ${pattern}`).join(' or ')})`;
};
const fieldLabel = (ctx: CallContext, field: string) => translate(ctx.lang, `resources.${NAME}.fields.${field}`);

/** The union the body names (any union: a platform row every operator with the code reaches), or a 201. */
const unionOf = async (ctx: CallContext, tx?: Queryable) => {
  const { guid: g } = parseOrWarn(ctx.lang, unionInput, ctx.input, NAME);
  const row = await findOne(ctx, g, tx);
  return { guid: g, row, members: list(row.bu_guids) };
};

/**
 * `save`: without a guid it creates a union (which needs the add code besides the update code the
 * call checks), with one it changes that union; either way through the generic verb, so the schema,
 * references, uniqueness and rules are the same as `add` and `update`.
 */
/**
 * `save` takes what `add` does, or the union's `guid` and the fields to change: without a guid
 * the fields `add` requires are refused by name, as the document's first alternative says.
 */
const saveInput = unionBuSchema
  .partial()
  .extend({ guid: guid().optional() })
  .superRefine((v, ctx) => {
    // Fields present were checked by the partial schema above; only what `add` lacks is added.
    if (!v.guid) for (const issue of unionBuSchema.safeParse(v).error?.issues ?? []) if ((v as Record<string, unknown>)[String(issue.path[0])] === undefined) ctx.addIssue({ ...issue, message: issue.message });
  })
  .meta({ anyOf: [{ required: (z.toJSONSchema(unionBuSchema, { io: 'input' }) as { required?: string[] }).required ?? [] }, { required: ['guid'] }] });
export const unionBuSave = named({ input: saveInput, output: (_mount, def) => rowAnswer(def) }, async (ctx) => {
  const { guid: g, ...rest } = ctx.input;
  if (g !== undefined && g !== null && g !== '') return update(ctx);
  if (!holds(ctx.caller!, `${ctx.mount.perm}:add`)) throw new Warning('server.no_access');
  return add({ ...ctx, input: rest });
});

const buListInput = z.object({ guid: guid().optional(), keyword: keyword() });

/**
 * `bu-list`: with a union's guid, its member BUs (whatever their state); without, the enabled BUs an
 * operator may add to a union. Paged, searched by name, alias or code.
 */
export const unionBuBuList = named({ input: buListInput.extend(pagingInput.shape), output: pageAnswer(buRow) }, async (ctx, input) => {
  const paging = pagingOf(ctx.lang, ctx.input, NAME);
  const where = new Where();
  if (input.guid) {
    const members = list((await findOne(ctx, input.guid)).bu_guids);
    where.add((p) => `guid = any(${p(members)}::uuid[])`);
  } else where.add((p) => `status = ${p(ENABLED)}`);
  if (input.keyword) where.add(anyLike(['name', 'alias', 'code'], input.keyword));
  return pageQuery(ctx.services.db, { select: 'guid, name, alias, code, cover_url, status, created_at', from: `from bu${where.toSql()}`, order: 'order by name, guid', params: where.params }, paging);
});

const DEPT_COLUMNS = 'd.guid, d.name, d.code, d.parent_guid, d.sort, d.bu_guid, b.name as bu_name';
const deptListInput = z.object({ guid: guid(), bu_guid: guid().optional(), keyword: keyword() });

/**
 * `get-dept-list`: the departments of the union's member BUs (or of one of them, `bu_guid`), flat
 * with `parent_guid` for a tree, each with its BU's name; searched by name or code.
 */
export const unionBuDeptList = named({ input: deptListInput, output: z.array(deptRow) }, async (ctx, input) => {
  const { members } = await unionOf(ctx);
  const where = new Where().add((p) => `d.bu_guid = any(${p(members)}::uuid[])`);
  if (input.bu_guid) where.add((p) => `d.bu_guid = ${p(input.bu_guid)}`);
  if (input.keyword) where.add(anyLike(['d.name', 'd.code'], input.keyword));
  const { rows } = await ctx.services.db.query(
    `select ${DEPT_COLUMNS} from department d join bu b on b.guid = d.bu_guid${where.toSql()} order by b.name, d.bu_guid, d.sort, d.name, d.guid limit ${UNION_BU_LIMITS.depts}`,
    where.params,
  );
  return rows;
});

const USER_COLUMNS = 'm.guid, m.name, m.english_name, m.job_number, m.phone, m.email, m.duty_status, m.department_guid, d.name as department_name, m.bu_guid, b.name as bu_name';
const USER_FROM = 'from member m join bu b on b.guid = m.bu_guid left join department d on d.guid = m.department_guid';
const userListInput = z.object({ guid: guid(), bu_guid: guid().optional(), dept_guid: guid().optional(), keyword: keyword() });

/**
 * `get-user-list`: a page of the users (members) of the union's member BUs, narrowed to one BU
 * (`bu_guid`) or to one department's own members (`dept_guid`); searched by name, English name,
 * job number, phone or e-mail.
 */
export const unionBuUserList = named({ input: userListInput.extend(pagingInput.shape), output: pageAnswer(userRow) }, async (ctx, input) => {
  const paging = pagingOf(ctx.lang, ctx.input, NAME);
  const { members } = await unionOf(ctx);
  const where = new Where().add((p) => `m.bu_guid = any(${p(members)}::uuid[])`);
  if (input.bu_guid) where.add((p) => `m.bu_guid = ${p(input.bu_guid)}`);
  if (input.dept_guid) where.add((p) => `m.department_guid = ${p(input.dept_guid)}`);
  if (input.keyword) where.add(anyLike(['m.name', 'm.english_name', 'm.job_number', 'm.phone', 'm.email'], input.keyword));
  return pageQuery(ctx.services.db, { select: USER_COLUMNS, from: `${USER_FROM}${where.toSql()}`, order: 'order by m.name, m.guid', params: where.params }, paging);
});

/** The departments and users a union shares that are still rows of its member BUs. */
const selectedDeptUsers = async (db: Queryable, guidOf: string, row: Record<string, unknown>) => {
  const members = list(row.bu_guids);
  const depts = (
    await db.query<{ guid: string }>(
      `select ${DEPT_COLUMNS} from department d join bu b on b.guid = d.bu_guid where d.guid = any($1::uuid[]) and d.bu_guid = any($2::uuid[]) order by b.name, d.bu_guid, d.sort, d.name, d.guid`,
      [list(row.dept_guids), members],
    )
  ).rows;
  const users = (
    await db.query<{ guid: string }>(`select ${USER_COLUMNS} ${USER_FROM} where m.guid = any($1::uuid[]) and m.bu_guid = any($2::uuid[]) order by m.name, m.guid`, [list(row.user_guids), members])
  ).rows;
  return { guid: guidOf, dept_guids: depts.map((d) => d.guid), user_guids: users.map((u) => u.guid), depts, users };
};

/** `get-selected-user-dept-list`: the departments and users the union shares, with their BUs' names. */
export const unionBuSelectedDeptUsers = named({ input: unionInput, output: sharedDeptUsers }, async (ctx) => {
  const { guid: g, row } = await unionOf(ctx);
  return selectedDeptUsers(ctx.services.db, g, row);
});

/** Every guid must be a row of `table` in one of the member BUs, or the whole save is refused naming the field. */
const mustBeInMembers = async (ctx: CallContext, tx: Queryable, table: 'department' | 'member', field: string, guids: string[], members: string[]) => {
  if (!guids.length) return;
  const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from ${table} where guid = any($1::uuid[]) and bu_guid = any($2::uuid[])`, [guids, members]);
  if (rows[0].n !== guids.length) throw new Warning('server.union_bu_outside', { field: fieldLabel(ctx, field) }, { field });
};

/**
 * `save-dept-users`: replaces the departments (`dept_guids`) and users (`user_guids`) the union
 * shares; a list left out stays as it is. Each must belong to one of the union's member BUs.
 */
export const unionBuSaveDeptUsers = named({ input: unionBuDeptUsersInput, output: sharedDeptUsers }, async (ctx, input) => {
  return ctx.services.db.transaction(async (tx) => {
    await findOne(ctx, input.guid, tx);
    // Held until the end, so a concurrent change of the member BUs cannot slip between check and write.
    const row = (await tx.query('select * from union_bu where guid = $1 for update', [input.guid])).rows[0];
    const members = list(row.bu_guids);
    const sets: Record<string, string[]> = {};
    if (input.dept_guids) {
      sets.dept_guids = unique(input.dept_guids);
      await mustBeInMembers(ctx, tx, 'department', 'dept_guids', sets.dept_guids, members);
    }
    if (input.user_guids) {
      sets.user_guids = unique(input.user_guids);
      await mustBeInMembers(ctx, tx, 'member', 'user_guids', sets.user_guids, members);
    }
    const names = Object.keys(sets);
    if (names.length) {
      await tx.query(`update union_bu set ${names.map((n, i) => `${n} = $${i + 2}::jsonb`).join(', ')}, updated_at = now() where guid = $1`, [input.guid, ...names.map((n) => JSON.stringify(sets[n]))]);
    }
    return selectedDeptUsers(tx, input.guid, { ...row, ...sets });
  });
});

const APP_COLUMNS = 'a.guid, a.name, a.code, a.icon, a.type, a.status, a.bu_guid, b.name as bu_name';
const APP_FROM = 'from app a left join bu b on b.guid = a.bu_guid';
/** An app the union may share: the platform's own (the store's) or one of a member BU. */
const appReach = (where: Where, members: string[]) => where.add((p) => `(a.bu_guid is null or a.bu_guid = any(${p(members)}::uuid[]))`);
const appListInput = z.object({ guid: guid(), keyword: keyword() });

/**
 * `get-app-list`: a page of the apps the union may share: the enabled store apps (the platform's
 * own) and the enabled apps of its member BUs, store apps first; searched by name or code.
 */
export const unionBuAppList = named({ input: appListInput.extend(pagingInput.shape), output: pageAnswer(appRow) }, async (ctx, input) => {
  const paging = pagingOf(ctx.lang, ctx.input, NAME);
  const { members } = await unionOf(ctx);
  const where = appReach(new Where(), members).add((p) => `a.status = ${p(ENABLED)}`);
  if (input.keyword) where.add(anyLike(['a.name', 'a.code'], input.keyword));
  return pageQuery(ctx.services.db, { select: APP_COLUMNS, from: `${APP_FROM}${where.toSql()}`, order: 'order by a.bu_guid is not null, b.name, a.name, a.guid', params: where.params }, paging);
});

/** The apps the union shares that it may still share (whatever their state now). */
const selectedApps = async (db: Queryable, guidOf: string, row: Record<string, unknown>) => {
  const where = appReach(new Where().add((p) => `a.guid = any(${p(list(row.app_guids))}::uuid[])`), list(row.bu_guids));
  const { rows } = await db.query<{ guid: string }>(`select ${APP_COLUMNS} ${APP_FROM}${where.toSql()} order by a.bu_guid is not null, b.name, a.name, a.guid`, where.params);
  return { guid: guidOf, app_guids: rows.map((r) => r.guid), list: rows };
};

/** `get-selected-app-list`: the apps the union shares. */
export const unionBuSelectedApps = named({ input: unionInput, output: sharedApps }, async (ctx) => {
  const { guid: g, row } = await unionOf(ctx);
  return selectedApps(ctx.services.db, g, row);
});

/**
 * `save-apps`: replaces the apps the union shares. Each must be one `get-app-list` offers (enabled,
 * the store's or a member BU's); one already shared stays allowed after it was disabled.
 */
export const unionBuSaveApps = named({ input: unionBuAppsInput, output: sharedApps }, async (ctx, input) => {
  const wanted = unique(input.app_guids);
  return ctx.services.db.transaction(async (tx) => {
    await findOne(ctx, input.guid, tx);
    const row = (await tx.query('select * from union_bu where guid = $1 for update', [input.guid])).rows[0];
    if (wanted.length) {
      const where = appReach(new Where().add((p) => `a.guid = any(${p(wanted)}::uuid[])`), list(row.bu_guids)).add(
        (p) => `(a.status = ${p(ENABLED)} or a.guid = any(${p(list(row.app_guids))}::uuid[]))`,
      );
      const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n ${APP_FROM}${where.toSql()}`, where.params);
      if (rows[0].n !== wanted.length) throw new Warning('server.union_bu_app_outside', {}, { field: 'app_guids' });
    }
    await tx.query('update union_bu set app_guids = $2::jsonb, updated_at = now() where guid = $1', [input.guid, JSON.stringify(wanted)]);
    return selectedApps(tx, input.guid, { ...row, app_guids: wanted });
  });
});
