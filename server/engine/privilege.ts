import { ROLE_TYPE } from '../../schemas/role.ts';
import { consoleOf, holds, type Caller } from '../auth/caller.ts';
import { ident, type Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import type { CallContext } from './context.ts';
import { transitionOf } from './transitions.ts';
import { singletonOwner } from './verbs.ts';
import { scopeWhere, Where } from './where.ts';

/**
 * "You cannot grant what you do not hold." Holding an update permission on roles or users must
 * not let a caller raise anyone's privileges, its own included, above its own: every change that
 * would give a super role type, permission grants or role membership is checked here, for every
 * call of every definition that declares `privileges`, before the call's verb or handler runs;
 * and every field of any definition that references `role` (a BU's SSO default role) names only
 * roles its writer could give.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.filter((g): g is string => typeof g === 'string' && UUID.test(g)))] : []);
const sameValue = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);

/** Refuses unless the caller holds every permission code of these nodes (a super holds all of its console). */
export const assertHoldsGrants = async (db: Queryable, caller: Caller, permissionGuids: string[]) => {
  if (!permissionGuids.length) return;
  const { rows } = await db.query<{ code: string; name: string; scene: string }>('select code, name, scene from permission where guid = any($1::uuid[])', [permissionGuids]);
  const missing = rows.filter((r) => !holds(caller, r.code, r.scene));
  if (missing.length) throw new Warning('server.grant_exceeds', { names: missing.slice(0, 5).map((r) => r.name).join(', ') });
};

/** Refuses unless the caller could hold each role itself: a super role only by a super, others only by holders of all their grants. */
export const assertMayGiveRoles = async (db: Queryable, caller: Caller, roleGuids: string[]) => {
  if (caller.isSuper || !roleGuids.length) return;
  const roles = await db.query<{ guid: string; type: number }>('select guid, type from role where guid = any($1::uuid[]) and bu_guid is not distinct from $2', [roleGuids, caller.buGuid]);
  if (roles.rows.some((r) => r.type === ROLE_TYPE.super)) throw new Warning('server.super_only');
  const grants = await db.query<{ permission_guid: string }>('select distinct permission_guid from role_permission where role_guid = any($1::uuid[])', [roles.rows.map((r) => r.guid)]);
  await assertHoldsGrants(db, caller, grants.rows.map((r) => r.permission_guid));
};

/** Nobody changes their own roles, whatever they hold: another administrator does. */
export const assertNotOwnRoles = (caller: Caller, targets: string[]) => {
  if (targets.includes(caller.userGuid)) throw new Warning('server.own_roles');
};

/** The rows of the definition a call names by `guid` / `guids`, within the caller's scope. */
const targetsOf = async (ctx: CallContext) => {
  const guids = uuids([ctx.input.guid, ...(Array.isArray(ctx.input.guids) ? ctx.input.guids : [])]);
  if (!guids.length) return [];
  const where = scopeWhere(ctx.def, ctx.mount, ctx.caller, new Where(), ctx.input).add((p) => `${ident('guid')} = any(${p(guids)}::uuid[])`);
  return (await ctx.services.db.query(`select * from ${ident(ctx.def.storage.table)}${where.toSql()}`, where.params)).rows;
};

const currentGrants = async (db: Queryable, roleGuid: string) =>
  (await db.query<{ permission_guid: string }>('select permission_guid from role_permission where role_guid = $1', [roleGuid])).rows.map((r) => r.permission_guid);

/** The rows a write changes: those it names by guid, or else a singleton's row of its owner (a BU's settings). */
const currentRowsOf = async (ctx: CallContext, targets: Record<string, unknown>[]) => {
  if (targets.length || !ctx.def.storage.unique?.some((u) => !u.length)) return targets;
  const { where } = await singletonOwner(ctx);
  return (await ctx.services.db.query(`select * from ${ident(ctx.def.storage.table)}${where.toSql()} limit 1`, where.params)).rows;
};

/**
 * A field referencing `role` gives that role's powers to whoever the record reaches (SSO's
 * just-in-time accounts), so only roles its writer could give are newly named: a tenant by
 * `assertMayGiveRoles`; an operator overseeing a BU holds none of the BU's codes, so naming one of
 * the BU's super roles takes a super operator. A value the record already holds is no change.
 */
const guardRoleReferences = async (ctx: CallContext, caller: Caller, targets: Record<string, unknown>[]) => {
  const fields = Object.entries(ctx.def.relations?.references ?? {}).filter(([f, to]) => to === 'role' && f !== ctx.def.access?.privileges?.roles && f in ctx.input).map(([f]) => f);
  if (!fields.length) return;
  const current = await currentRowsOf(ctx, targets);
  const asList = (v: unknown) => uuids(Array.isArray(v) ? v : [v]);
  const added = fields.flatMap((f) => {
    const held = new Set(current.length === 1 ? asList(current[0][f]) : []);
    return asList(ctx.input[f]).filter((g) => !held.has(g));
  });
  if (!added.length) return;
  if (ctx.mount.scope !== 'oversight') return assertMayGiveRoles(ctx.services.db, caller, added);
  const supers = await ctx.services.db.query('select 1 from role where guid = any($1::uuid[]) and type = $2', [added, ROLE_TYPE.super]);
  if (supers.rows.length && !caller.isSuper) throw new Warning('server.super_only');
};

/** The engine's check of every write to a definition with `privileges` or a role reference (reads give nothing). */
export const guardPrivileges = async (ctx: CallContext, action: string) => {
  const p = ctx.def.access?.privileges;
  const caller = ctx.caller;
  if (!caller || action === 'view') return;
  const roleRefs = Object.values(ctx.def.relations?.references ?? {}).includes('role');
  if (!p && !roleRefs) return;
  const db = ctx.services.db;
  const input = ctx.input;
  const targets = await targetsOf(ctx);
  if (roleRefs) await guardRoleReferences(ctx, caller, targets);
  if (!p) return;

  if (p.roleType) {
    const touchesSuper = targets.some((r) => r[p.roleType!] === ROLE_TYPE.super) || sameValue(input[p.roleType], ROLE_TYPE.super);
    if (touchesSuper && !caller.isSuper) throw new Warning('server.super_only');
  }
  if (p.roles && p.roles in input) {
    const wanted = uuids(input[p.roles]);
    const held = new Set(targets.length === 1 ? uuids(targets[0][p.roles]) : []);
    const changes = wanted.length !== held.size || wanted.some((g) => !held.has(g));
    if (changes) assertNotOwnRoles(caller, targets.map((r) => r.guid as string));
    await assertMayGiveRoles(db, caller, wanted.filter((g) => !held.has(g)));
  }
  if (p.grants && p.grants in input && targets.length === 1) {
    const held = new Set(await currentGrants(db, targets[0].guid as string));
    await assertHoldsGrants(db, caller, uuids(input[p.grants]).filter((g) => !held.has(g)));
  }
  // A node's code is granted in its own console: only a code of the caller's console could raise the caller.
  const code = p.code ? input[p.code] : undefined;
  if (typeof code === 'string' && !(targets.length && targets.every((r) => r[p.code!] === code))) {
    const scene = String(input.scene ?? targets[0]?.scene);
    if (scene === consoleOf(caller) && !holds(caller, code, scene)) throw new Warning('server.grant_exceeds', { names: code });
  }
  // Entering the state in which a record's privileges take effect gives them to its holders again.
  if (p.activeStatus !== undefined && action === 'status' && sameValue(transitionOf(ctx.def, ctx.mount, ctx.call, input)?.to, p.activeStatus)) {
    for (const row of targets) {
      if (p.grants) await assertHoldsGrants(db, caller, await currentGrants(db, row.guid as string));
      if (p.code && row.scene === consoleOf(caller) && !holds(caller, row[p.code] as string, row.scene as string)) throw new Warning('server.grant_exceeds', { names: row.name ?? row[p.code] });
    }
  }
};
