import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import { resourceByName } from '../../resources/index.ts';
import { translate } from '../../i18n/index.ts';
import { LOGIN_TYPES } from '../../schemas/sso.ts';
import { AUTH_STATE } from '../../schemas/org.ts';
import { emitChange, findOne } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { named } from '../engine/named.ts';

/** Sends the BU's certification data for review: from unverified or failed to in progress. */
const COUNTED = [
  ['members', 'member'],
  ['departments', 'department'],
  ['positions', 'position'],
  ['companies', 'company'],
  ['projects', 'project'],
  ['roles', 'role'],
] as const;

/** The enterprise panel: the BU, its certification and real counts of what it holds. */
const counted = z.object(Object.fromEntries([...COUNTED.map(([k]) => k), 'sub_accounts', 'accounts'].map((k) => [k, z.int()])));
const dashboardAnswer = z.object({
  bu: z.object({
    guid: z.uuid(), name: z.string(), alias: z.string().nullable(), code: z.string().nullable(), cover_url: z.string().nullable(), abbreviation: z.string().nullable(),
    portal_domain: z.string().nullable(), custom_domain: z.string().nullable(), status: z.int(), created_at: datetime(),
  }).nullable(),
  auth_state: z.int(),
  company_name: z.string().nullable(),
  counts: counted,
});

export const dashboard = named({ output: dashboardAnswer }, async (ctx) => {
  const db = ctx.services.db;
  const bu = ctx.caller!.buGuid;
  const counts = await db.query<Record<string, number>>(
    `select ${COUNTED.map(([k, t]) => `(select count(*)::int from ${t} where bu_guid = $1) as ${k}`).join(', ')},
            (select count(*)::int from users where bu_guid = $1 and user_type = 2) as sub_accounts,
            (select count(*)::int from user_bu where bu_guid = $1) as accounts`,
    [bu],
  );
  const info = (await db.query('select guid, name, alias, code, cover_url, abbreviation, portal_domain, custom_domain, status, created_at from bu where guid = $1', [bu])).rows[0] ?? null;
  const org = (await db.query<{ auth_state: number; company_name: string }>('select auth_state, company_name from org where bu_guid = $1', [bu])).rows[0];
  return { bu: info, auth_state: org?.auth_state ?? AUTH_STATE.unverified, company_name: org?.company_name ?? null, counts: counts.rows[0] };
});

/** Breakdowns by state: sub-accounts by account state, members by duty, projects by opening status. */
/** How many rows have each code: the code's digits to the count. */
const byCode = z.record(z.string().regex(/^-?\d+$/), z.int());
const statisticsAnswer = z.object({
  sub_accounts_by_status: byCode, members_by_duty_status: byCode, members_by_account_type: byCode, projects_by_opening_status: byCode, companies_by_type: byCode,
});

export const statistics = named({ output: statisticsAnswer }, async (ctx) => {
  const db = ctx.services.db;
  const bu = ctx.caller!.buGuid;
  const group = async (sql: string) => Object.fromEntries((await db.query<{ k: number; n: number }>(sql, [bu])).rows.map((r) => [String(r.k), r.n]));
  return {
    sub_accounts_by_status: await group('select status as k, count(*)::int as n from users where bu_guid = $1 and user_type = 2 group by status'),
    members_by_duty_status: await group('select duty_status as k, count(*)::int as n from member where bu_guid = $1 group by duty_status'),
    members_by_account_type: await group('select account_type as k, count(*)::int as n from member where bu_guid = $1 group by account_type'),
    projects_by_opening_status: await group('select opening_status as k, count(*)::int as n from project where bu_guid = $1 group by opening_status'),
    companies_by_type: await group('select type as k, count(*)::int as n from company where bu_guid = $1 group by type'),
  };
});

const bindInput = z.object({ guid: z.uuid('validation.guid_format'), user_guids: z.array(z.uuid('validation.guid_format')).max(1000) });

/** Puts members of the BU into a department (a member has one department). */
export const bindUsers = named({ input: bindInput, output: z.object({ guid: z.uuid(), user_guids: z.array(z.uuid()) }) }, async (ctx, { guid, user_guids }) => {
  const wanted = [...new Set(user_guids)];
  await ctx.services.db.transaction(async (tx) => {
    await findOne(ctx, guid, tx);
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from member where guid = any($1::uuid[]) and bu_guid = $2', [wanted, ctx.caller!.buGuid]);
    if (rows[0].n !== wanted.length) throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'resources.member.name').split('|')[0].trim() }, { field: 'user_guids' });
    const { rows: before } = await tx.query('select * from member where guid = any($1::uuid[]) and department_guid is distinct from $2', [wanted, guid]);
    const { rows: after } = await tx.query('update member set department_guid = $1, updated_at = now() where guid = any($2::uuid[]) and bu_guid = $3 and department_guid is distinct from $1 returning *', [guid, wanted, ctx.caller!.buGuid]);
    // Each member moved is a member changed, for apps that receive members' events.
    const old = new Map(before.map((r) => [r.guid, r]));
    for (const row of after) await emitChange(ctx, tx, 'updated', row, old.get(row.guid), resourceByName.get('member')!);
  });
  return { guid, user_guids: wanted };
});

/**
 * The sandbox certificate of the current BU: a stable HMAC of the BU under a server secret, for
 * calling the sandbox before an app is approved.
 */
export const sandboxCertificate = named({ output: z.object({ bu_guid: z.uuid(), certificate: z.string() }) }, async (ctx) => {
  const bu = ctx.caller?.buGuid;
  if (!bu) throw new Warning('server.bu_required');
  const db = ctx.services.db;
  await db.query("insert into server_secret (name, value) values ('sandbox', $1) on conflict (name) do nothing", [randomBytes(32).toString('base64url')]);
  const secret = (await db.query<{ value: string }>("select value from server_secret where name = 'sandbox'")).rows[0].value;
  return { bu_guid: bu, certificate: createHmac('sha256', secret).update(`sandbox:${bu}`).digest('base64url') };
});

export const loginTypes = named({ output: z.array(z.object({ type: z.enum(LOGIN_TYPES), name: z.string() })) }, async (ctx) =>
  LOGIN_TYPES.map((type) => ({ type, name: translate(ctx.lang, `resources.auth-config.values.login_types.${type}`) })),
);
