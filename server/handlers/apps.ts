import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { auditRecordSchema, AUDIT, SCOPE } from '../../schemas/app-scope.ts';
import { datetime, permCode } from '../../schemas/common.ts';
import { eventMessageKey } from '../../schemas/event.ts';
import type { CallContext } from '../engine/context.ts';
import { pagingInput, pagingOf } from '../engine/paging.ts';
import { routeApplication } from '../services/processes.ts';
import { seededText } from '../services/seeded-text.ts';
import { checkReferences } from '../engine/relations.ts';
import { findOne } from '../engine/verbs.ts';
import type { Queryable } from '../db/driver.ts';
import { defOf } from '../../resources/index.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { openApiCalls, summaryOf } from '../open-api/calls.ts';
import { resetSecret } from '../services/app-credentials.ts';
import { checkGroups, scopesChanged, setScopes } from '../services/app-scopes.ts';
import { askConsent } from '../services/installations.ts';
import { named } from '../engine/named.ts';
import { capability } from '../../schemas/store-answers.ts';

/** Apps' named calls: secret reset, scopes, applications for them and the scope tables (docs/apps.md). */

const one = z.object({ guid: z.uuid('validation.guid_format') });

/** `reset-secret`: a new secret for an app of the caller's BU, answered once. */
export const appResetSecret = named({ input: one, output: z.object({ guid: z.uuid(), app_id: z.string(), app_secret: z.string().describe('Shown this once') }) }, async (ctx, { guid }) => {
  const answer = await ctx.services.db.transaction(async (tx) => {
    const app = await findOne(ctx, guid, tx);
    return { guid, app_id: app.app_id, app_secret: await resetSecret(tx, guid) };
  });
  // The old secret's tokens are gone from the database; from this process's cache too.
  ctx.services.appTokens.forget();
  return answer;
});

/**
 * `debug/app-token`: the debug console's one-click token for an app of the caller's BU. The person
 * may edit the app, so may act as it; no secret crosses the page. Lark's rules apply as for
 * `/open/api/auth/app-access-token` (the same token is answered while 30 minutes or more are left).
 */
export const appDebugToken = named({ input: one, output: z.object({ app_access_token: z.string(), expire: z.int().describe('Seconds the token has left') }) }, async (ctx, { guid }) => {
  const app = await findOne(ctx, guid);
  if (app.status !== 0) throw new Warning('server.app_disabled');
  return ctx.services.appTokens.issue(guid, app.token_ttl as number);
});

const bindInput = z.object({ guid: z.uuid('validation.guid_format'), ability_codes: z.array(z.string().max(64, 'validation.max_64')).max(50, 'validation.too_many') });
/** `ability/bind`: the abilities an app of the caller's BU uses, replacing the set it had. */
export const appBindAbilities = named({ input: bindInput, output: z.object({ guid: z.uuid(), ability_codes: z.array(z.string()) }) }, async (ctx, { guid, ability_codes }) => {
  const codes = [...new Set(ability_codes)];
  return ctx.services.db.transaction(async (tx) => {
    await findOne(ctx, guid, tx);
    const { rows } = await tx.query<{ code: string }>('select code from ability where code = any($1::text[]) and status = 0', [codes]);
    if (rows.length !== codes.length) throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'resources.app.fields.ability_codes') }, { field: 'ability_codes' });
    await tx.query('update app set ability_codes = $1, updated_at = now() where guid = $2', [JSON.stringify(codes), guid]);
    return { guid, ability_codes: codes };
  });
});

/** `apply-permissions`: a tenant applies for scopes of one of its BU's apps; they go under review. */
const applied = z.object({ guid: z.uuid(), app_guid: z.uuid(), group_codes: z.array(z.string()), status: z.int(), remark: z.string().nullable(), created_at: datetime() });
export const auditApply = named({ input: auditRecordSchema, output: applied }, async (ctx, { app_guid, group_codes }) => {
  const codes = [...new Set(group_codes)];
  return ctx.services.db.transaction(async (tx) => {
    // The app must be one of the caller's BU: the definition's `references`, checked as every write checks them.
    await checkReferences(ctx, tx, { app_guid });
    await checkGroups(ctx, tx, codes);
    const { rows: held } = await tx.query<{ group_code: string }>('select group_code from app_scope where app_guid = $1 and group_code = any($2::text[]) and status <> $3', [app_guid, codes, SCOPE.closed]);
    if (held.length) throw new Warning('server.scope_held', { scopes: held.map((h) => h.group_code).join(', ') }, { field: 'group_codes' });
    const { rows } = await tx.query(
      `insert into audit_record (guid, bu_guid, created_by, app_guid, group_codes, status) values (gen_random_uuid(), $1, $2, $3, $4, $5)
       returning guid, app_guid, group_codes, status, remark, created_at`,
      [ctx.caller!.buGuid, ctx.caller!.userGuid, app_guid, JSON.stringify(codes), AUDIT.pending],
    );
    await setScopes(tx, app_guid, codes, SCOPE.review);
    // A BU that approves its scope applications first: the application waits for its process.
    if (await routeApplication(tx, { buGuid: ctx.caller!.buGuid!, guid: rows[0].guid as string, appGuid: app_guid, codes, by: ctx.caller!.userGuid })) rows[0].status = AUDIT.bu_review;
    return rows[0];
  });
});


/** The app named by `guid`, within the caller's mount's scope (the app's mounts and `app-scope`'s alike). */
const findApp = (ctx: CallContext, guid: string, tx?: Queryable) => findOne({ ...ctx, def: defOf('app') }, guid, tx);

const appScopesInput = z.object({ guid: z.uuid('validation.guid_format') });
/** `permissions/list`: every enabled scope with the app's state in it (the app reachable through the caller's mount). */
const scopeOfApp = z.object({ guid: z.uuid(), code: z.string(), name: z.string(), description: z.string().nullable(), status: z.int().describe("The app's scope: 0 closed, else its state") });
export const appScopes = named({ input: appScopesInput, output: z.array(scopeOfApp) }, async (ctx, { guid }) => {
  await findApp(ctx, guid);
  const { rows } = await ctx.services.db.query(
    `select g.guid, g.code, g.name, g.description, coalesce(s.status, 0) as status from api_group g
     left join app_scope s on s.group_code = g.code and s.app_guid = $1 where g.status = 0 order by g.code`,
    [guid],
  );
  // Seeded scopes in the reader's language while they keep their seeded words.
  return rows.map((g) => ({
    ...g,
    name: seededText(ctx.lang, g.name as string, `resources.api-group.seeded.${g.code}.name`),
    description: seededText(ctx.lang, g.description as string | null, `resources.api-group.seeded.${g.code}.description`),
  }));
});

const activateInput = z.object({ guid: z.uuid('validation.guid_format'), group_codes: z.array(permCode()).min(1, 'validation.required').max(50, 'validation.too_many') });
/** `active-permissions`: an operator opens scopes of an app directly. */
export const activatePermissions = named({ input: activateInput, output: z.array(scopeOfApp) }, async (ctx, { guid, group_codes }) => {
  await ctx.services.db.transaction(async (tx) => {
    await findApp(ctx, guid, tx);
    await checkGroups(ctx, tx, group_codes);
    await setScopes(tx, guid, group_codes, SCOPE.open);
    // A store app's buyers are asked before it gets them in their BUs.
    await askConsent(tx, guid);
    await scopesChanged(ctx, tx, guid);
  });
  ctx.services.appTokens.forget();
  return appScopes({ ...ctx, input: { guid } }, { guid } as never);
});

/** A scope by its guid (the scope table) or its code (an application's scopes, for its reviewer). */
const groupDetailInput = pagingInput
  .extend({ guid: z.uuid('validation.guid_format').optional(), code: permCode().optional() })
  .refine((v) => v.guid || v.code, { message: 'validation.required', path: ['guid'] })
  .meta({ anyOf: [{ required: ['guid'] }, { required: ['code'] }] });
const groupOf = async (ctx: CallContext) => {
  const by = parseOrWarn(ctx.lang, groupDetailInput, ctx.input, 'api-group');
  const { rows } = by.guid
    ? await ctx.services.db.query<{ code: string }>('select code from api_group where guid = $1', [by.guid])
    : await ctx.services.db.query<{ code: string }>('select code from api_group where code = $1', [by.code]);
  if (!rows[0]) throw new Warning('server.record_not_found');
  return rows[0];
};
/** `api-field/group-api-detail`: the open-API calls a scope unlocks, paged (`{ list, count }`); the scope by guid or code. */
const groupPage = <R extends z.ZodType>(row: R) => z.object({ list: z.array(row), count: z.int(), page: z.int(), page_size: z.int() });
export const groupApis = named({ input: groupDetailInput, output: groupPage(z.object({ name: z.string(), api_code: z.string(), path: z.string(), category: z.literal(1) })) }, async (ctx) => {
  const { page, page_size } = pagingOf(ctx.lang, ctx.input, 'api-group');
  const group = await groupOf(ctx);
  const all = openApiCalls.filter((c) => c.scope === group.code).map((c) => ({ name: summaryOf(ctx.lang, c.path), api_code: c.apiCode, path: c.path, category: 1 }));
  return { list: all.slice((page - 1) * page_size, page * page_size), count: all.length, page, page_size };
});

/** `api-field/group-event-detail`: the event types a scope unlocks, paged (`{ list, count }`). */
export const groupEvents = named({ input: groupDetailInput, output: groupPage(z.object({ name: z.string(), api_code: z.string(), description: z.string().nullable(), category: z.literal(2) })) }, async (ctx) => {
  const { page, page_size } = pagingOf(ctx.lang, ctx.input, 'api-group');
  const group = await groupOf(ctx);
  const { rows } = await ctx.services.db.query<{ list: { name: string; api_code: string; description: string | null }[]; count: number }>(
    `select coalesce((select json_agg(t) from (select name, code as api_code, description, 2 as category from event_info
       where group_code = $1 and status = 0 order by code limit $2 offset $3) t), '[]'::json) as list,
     (select count(*)::int from event_info where group_code = $1 and status = 0) as count`,
    [group.code, page_size, (page - 1) * page_size],
  );
  const list = rows[0].list.map((e) => {
    const key = `resources.event-info.seeded.${eventMessageKey(e.api_code)}`;
    return { ...e, name: seededText(ctx.lang, e.name, `${key}.name`), description: seededText(ctx.lang, e.description, `${key}.description`) };
  });
  return { list, count: rows[0].count, page, page_size };
});

/**
 * The open capabilities (public): each enabled scope with how many APIs and events it opens, for
 * the capabilities page, which links each to its documentation.
 */
export const capacities = named({ output: z.array(capability) }, async (ctx) => {
  const { rows } = await ctx.services.db.query<{ code: string; name: string; description: string | null; event_count: number }>(
    `select g.code, g.name, g.description, (select count(*)::int from event_info e where e.group_code = g.code and e.status = 0) as event_count
       from api_group g where g.status = 0 order by g.code`,
  );
  return rows.map((g) => ({
    ...g,
    name: seededText(ctx.lang, g.name, `resources.api-group.seeded.${g.code}.name`),
    description: seededText(ctx.lang, g.description, `resources.api-group.seeded.${g.code}.description`),
    api_count: openApiCalls.filter((c) => c.scope === g.code).length,
  }));
});
