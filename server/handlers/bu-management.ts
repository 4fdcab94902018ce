import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { defOf, resourceByName } from '../../resources/index.ts';
import { buWithOwnerSchema } from '../../schemas/bu.ts';
import { code32, codes, name30, text, url } from '../../schemas/common.ts';
import { AUTH_STATE, orgSchema } from '../../schemas/org.ts';
import { ident, type Queryable } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { duplicateOf, duplicateWarning, findOne, one, selectList } from '../engine/verbs.ts';
import { withinOf } from '../engine/relations.ts';
import { rowAnswer } from '../engine/call-docs.ts';
import { escapeLike, scopeWhere, Where } from '../engine/where.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { operatorStepOf, recordOrgStep } from '../services/org-applications.ts';
import { named } from '../engine/named.ts';
import { installStoreApp, uninstallStoreApp } from '../services/installations.ts';
import { forgetAppCallers } from '../rules/app.ts';

/**
 * Operators' BU management (docs/operator.md, "BU management"): its business rules. An operator
 * names the BU it acts on with `bu_guid`, as the bu-management SSO and policy calls do; every call
 * here is mounted with the `oversight` scope and the `admin:bu` permission (resources/bu.ts, org.ts,
 * order.ts, app.ts, app-project.ts). The BU list and page, its organisation info and certification, the
 * installed apps' page and the project picker are generic verbs on those mounts (`joins`,
 * `within: 'bu_guid'`, `blank`).
 */

const buInput = z.object({ bu_guid: z.uuid('validation.guid_format') });

/* The BUs ---------------------------------------------------------------------------------------- */

/** A BU's profile, and optionally its owner: a main account named by its username. */
const addInput = buWithOwnerSchema;

/**
 * Adds a BU. With `owner_username` the BU belongs to that main account (as if it had created it:
 * it lists it and may switch to it); without, it is an operator-made BU nobody signs in to yet.
 */
export const buAdd = named({ input: addInput }, async (ctx, { owner_username, ...values }) => {
  const def = resourceByName.get('bu')!;
  try {
    const row = await ctx.services.db.transaction(async (tx) => {
      let owner: string | null = null;
      if (owner_username) {
        const u = (await tx.query<{ guid: string }>('select guid from users where username = $1 and user_type = 1', [owner_username])).rows[0];
        if (!u) throw new Warning('server.bu_owner_not_found', { username: owner_username }, [{ field: 'owner_username', message: translate(ctx.lang, 'server.bu_owner_not_found', { username: owner_username }) }]);
        owner = u.guid;
      }
      // BU names are unique per owner; operator-made BUs (no owner) among themselves.
      const taken = await tx.query('select 1 from bu where user_guid is not distinct from $1 and name = $2', [owner, values.name]);
      if (taken.rows[0]) throw duplicateOf(ctx.lang, 'bu', ['name']);
      const guid = randomUUID();
      const cols: Record<string, unknown> = { guid, user_guid: owner, created_by: ctx.caller!.userGuid, ...values };
      const names = Object.keys(cols);
      await tx.query(`insert into bu (${names.map(ident).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(cols));
      if (owner) await tx.query('insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, true, $3) on conflict do nothing', [owner, guid, '[]']);
      return findOne(ctx, guid, tx);
    });
    ctx.services.callers.invalidate();
    return row;
  } catch (e) {
    throw duplicateWarning(ctx.lang, def, e);
  }
});

/* Organisation info and certification ------------------------------------------------------------ */

/** The BU's organisation row, if it has one. */
const orgOf = async (tx: Queryable, bu: string) => (await tx.query(`select ${selectList(defOf('org'))} from org where bu_guid = $1`, [bu])).rows[0];

const buFields = z.object({ bu_name: name30().optional(), bu_code: code32().optional(), bu_cover_url: url().optional() });
const ORG_FIELDS = Object.keys(orgSchema.shape);
/** A change to an organisation that exists: any of its fields. */
const orgChange = orgSchema.partial();

/**
 * Changes a BU's organisation info (and its name, code or cover), answering it as `org/bu-org-info`
 * does. An operator's correction keeps the certification state (no `org` rule runs); the first
 * organisation info of a BU needs the fields an application needs.
 */
export const orgUpdate = async (ctx: CallContext) => {
  const named = Object.fromEntries(Object.entries(ctx.input).filter(([k]) => ORG_FIELDS.includes(k)));
  const bus = parseOrWarn(ctx.lang, buFields, ctx.input, 'org');
  await ctx.services.db.transaction(async (tx) => {
    const bu = (await withinOf(ctx, tx))!;
    const existing = await orgOf(tx, bu);
    if (existing) {
      const values = parseOrWarn(ctx.lang, orgChange, named, 'org') as Record<string, unknown>;
      const names = Object.keys(values).filter((k) => k in named);
      if (names.length) await tx.query(`update org set ${names.map((n, i) => `${ident(n)} = $${i + 2}`).join(', ')}, updated_at = now() where guid = $1`, [existing.guid, ...names.map((n) => values[n])]);
    } else if (Object.keys(named).length) {
      const values = parseOrWarn(ctx.lang, orgSchema, named, 'org') as Record<string, unknown>;
      const cols: Record<string, unknown> = { guid: randomUUID(), bu_guid: bu, created_by: ctx.caller!.userGuid, auth_state: AUTH_STATE.unverified, ...values };
      const names = Object.keys(cols);
      await tx.query(`insert into org (${names.map(ident).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(cols));
    }
    const sets = ([['name', bus.bu_name], ['code', bus.bu_code], ['cover_url', bus.bu_cover_url]] as const).filter(([, v]) => v !== undefined);
    if (sets.length) {
      // BU names are unique per owner, as when it was added.
      if (bus.bu_name !== undefined && (await tx.query('select 1 from bu where user_guid is not distinct from (select user_guid from bu where guid = $1) and name = $2 and guid <> $1', [bu, bus.bu_name])).rows[0]) {
        throw duplicateOf(ctx.lang, 'org', ['bu_name']);
      }
      await tx.query(`update bu set ${sets.map(([c], i) => `${ident(c)} = $${i + 2}`).join(', ')}, updated_at = now() where guid = $1`, [bu, ...sets.map(([, v]) => v)]);
    }
  });
  ctx.services.callers.invalidate();
  return one(ctx);
};

const authInput = buInput.extend({
  /** 2 certified, 0 uncertified (withdrawn), 3 failed; 1 (certifying) is the tenant's application. */
  auth_state: codes(0, 2, 3),
  remark: text(200).optional(),
});

/**
 * Sets a BU's certification outside the review of an application, a step of its certification
 * history: certifies it (its organisation info must exist), withdraws a certification, or fails it
 * with a reason. Setting the state it has changes nothing. Answers as `auth/info`.
 */
export const authUpdate = named({ input: authInput, output: (mount, def) => rowAnswer(def, undefined, mount) }, async (ctx, { auth_state, remark }) => {
  if (auth_state === AUTH_STATE.failed && !remark) {
    const message = translate(ctx.lang, 'validation.field_error', { field: translate(ctx.lang, 'resources.org.fields.remark'), message: translate(ctx.lang, 'validation.required') });
    throw new Warning('server.validation_failed', { details: message }, [{ field: 'remark', message }]);
  }
  await ctx.services.db.transaction(async (tx) => {
    const org = await orgOf(tx, (await withinOf(ctx, tx))!);
    if (!org) throw new Warning('server.org_missing');
    if (org.auth_state === auth_state) return;
    await tx.query('update org set auth_state = $2, remark = $3, updated_at = now() where guid = $1', [org.guid, auth_state, auth_state === AUTH_STATE.failed ? remark : (remark ?? null)]);
    await recordOrgStep(tx, org, operatorStepOf(auth_state), ctx.caller?.userGuid);
  });
  ctx.services.callers.invalidate();
  return one(ctx);
});

/* Installed apps --------------------------------------------------------------------------------- */

/** An installation named by its `guid` or by its app (`app_guid`). */
const appInput = buInput.extend({ guid: z.uuid('validation.guid_format').optional(), app_guid: z.uuid('validation.guid_format').optional() });
const installation = async (ctx: CallContext, tx: Queryable) => {
  const { guid, app_guid } = parseOrWarn(ctx.lang, appInput, ctx.input, 'installed-app');
  const bu = (await withinOf(ctx, tx))!;
  if (!guid && !app_guid) throw parseOrWarn(ctx.lang, z.object({ app_guid: z.uuid('validation.guid_format') }), ctx.input, 'installed-app');
  const row = await installedRow(ctx, tx, guid ? 'guid' : 'app_guid', (guid ?? app_guid)!);
  return { bu, row, app_guid: app_guid ?? (row?.app_guid as string | undefined) };
};

/** The named BU's installation whose `field` holds `value`, as the mount's page lists it (resources/order.ts). */
const installedRow = async (ctx: CallContext, tx: Queryable, field: 'guid' | 'app_guid', value: string) => {
  const where = scopeWhere(ctx.def, ctx.mount, ctx.caller, new Where(), ctx.input).add((p) => `${ident(field)} = ${p(value)}`);
  return (await tx.query(`select ${selectList(ctx.def, ctx.mount)} from ${ident(ctx.def.storage.table)}${where.toSql()}`, where.params)).rows[0] as Record<string, unknown> | undefined;
};

/** One installed app of the BU, with the projects of the BU it is bound to. */
const boundProjects = z.object({ projects: z.array(z.object({ guid: z.uuid(), project_guid: z.uuid(), project_name: z.string(), remark: z.string().nullable() })) });
export const appDetail = named({ input: appInput, output: (mount, def) => rowAnswer(def, boundProjects, mount) }, async (ctx) => {
  const { bu, row } = await installation(ctx, ctx.services.db);
  if (!row) throw new Warning('server.record_not_found');
  const projects = await ctx.services.db.query(
    `select ap.guid, ap.project_guid, p.name as project_name, ap.remark from app_project ap join project p on p.guid = ap.project_guid
      where ap.bu_guid = $1 and ap.app_guid = $2 order by p.name, ap.guid`,
    [bu, row.app_guid],
  );
  return { ...row, projects: projects.rows };
});

const installInput = buInput.extend({ app_guid: z.uuid('validation.guid_format') });

/**
 * Installs a store app (the platform's, enabled) in the BU, as a purchase does but without an order:
 * an operator's installation is a grant, billed, if at all, through order management. Installing an
 * installed app answers the installation there is (`already`).
 */
const already = z.object({ already: z.boolean().describe('It was installed before') });
export const install = named({ input: installInput, output: (mount, def) => rowAnswer(def, already, mount) }, async (ctx, { app_guid }) => {
  return ctx.services.db.transaction(async (tx) => {
    const bu = (await withinOf(ctx, tx))!;
    const app = (await tx.query<{ guid: string; name: string; icon: string | null }>('select guid, name, icon from app where guid = $1 and bu_guid is null and type = 0 and status = 0', [app_guid])).rows[0];
    if (!app) throw new Warning('server.store_app_not_found');
    // An operator's grant is no consent: the app gets no scope in the BU until the BU itself consents (docs/store.md).
    const made = await installStoreApp(tx, { bu, by: ctx.caller!.userGuid, app, orderGuid: null, consented: [] });
    return { ...(await installedRow(ctx, tx, 'app_guid', app.guid)), already: !made };
  });
});

/**
 * Uninstalls an app from the BU, with the BU's bindings of it to projects; its order, if any, stays
 * (billing history). Uninstalling an app the BU does not have answers `already`.
 */
export const uninstall = named({ input: appInput, output: z.object({ deleted: z.int(), already: z.boolean().describe('It was not installed'), app_guid: z.uuid().nullable() }) }, async (ctx) =>
  ctx.services.db.transaction(async (tx) => {
    const { bu, row, app_guid } = await installation(ctx, tx);
    if (!row) return { deleted: 0, already: true, app_guid: app_guid ?? null };
    await uninstallStoreApp(tx, row.guid as string);
    // The app's tenant tokens for this BU are refused on every instance from now on.
    forgetAppCallers(ctx);
    return { deleted: 1, already: false, app_guid: row.app_guid };
  }));

/** A picker's typed words (`keyword`) as an ILIKE pattern on names; none matches every row. */
const pickerKeyword = (ctx: CallContext) => `%${escapeLike(typeof ctx.input.keyword === 'string' ? ctx.input.keyword.trim().slice(0, 64) : '')}%`;

/** Enabled store apps (the platform's, type 0) the BU has not installed: what an operator may install. */
export const installable = named({ input: buInput }, async (ctx) => {
  const bu = await withinOf(ctx);
  const { rows } = await ctx.services.db.query(
    `select guid, name, code, icon from app where bu_guid is null and type = 0 and status = 0
      and guid not in (select app_guid from installed_app where bu_guid = $1) and name ilike $2 order by name, guid limit 1000`,
    [bu, pickerKeyword(ctx)],
  );
  return rows;
});

/** The apps a BU's projects may be bound to: its own apps and the store apps installed in it. */
export const buApps = named({ input: buInput }, async (ctx) => {
  const bu = await withinOf(ctx);
  const { rows } = await ctx.services.db.query(
    `select * from (select guid, name, code, type from app where bu_guid = $1
      union select a.guid, a.name, a.code, a.type from installed_app i join app a on a.guid = i.app_guid where i.bu_guid = $1) x
      where name ilike $2 order by name, guid limit 1000`,
    [bu, pickerKeyword(ctx)],
  );
  return rows;
});
