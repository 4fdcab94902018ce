import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppCaller } from '../auth/app-tokens.ts';
import type { Handler, Services } from '../engine/context.ts';
import { inputOf, routeCall, type AnswerDoc, type CallDoc } from '../http/calls.ts';
import { langOf, ok, unauthorized, Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { searchApiLog } from '../services/api-log.ts';
import { listAdmits } from '../services/policy.ts';
import { secretMatches } from '../services/app-credentials.ts';
import { OPEN_API_CALLS, openApiCalls, summaryOf, type OpenApiCall } from '../open-api/calls.ts';
import type { ResourceDef, Verb } from '../../resources/types.ts';
import type { Rules } from '../engine/context.ts';
import { answerDoc, bodyDoc, keysetAnswerOf } from '../engine/call-docs.ts';
import { once, type Later } from '../engine/once.ts';
import { selectList, verbs } from '../engine/verbs.ts';
import { USER_TYPE, type Caller } from '../auth/caller.ts';
import { pagingInput, pagingOf } from '../engine/paging.ts';
import { runCall, type EngineCall } from '../engine/run-call.ts';
import { specOf } from '../engine/spec.ts';
import { authorize } from '../engine/authorize.ts';
import { bespoke } from './bespoke.ts';
import { issueAppToken, refuseOutsideWhitelist, resendAppTicket, tenantToken } from '../auth/app-token-calls.ts';
import { datetime } from '../../schemas/common.ts';
import { LOG_WINDOW_DAYS, outsideLogWindow } from '../../schemas/log-window.ts';
import type { Counters } from '../services/counters.ts';
import { appAuthBlockedFor, appAuthFailed } from '../auth/app-auth-failures.ts';
import { processStartInput } from '../../schemas/process.ts';
import { appMessageInput } from '../../schemas/message.ts';
import { workOrderRecordSchema } from '../../schemas/work-order.ts';
import { notify } from '../services/messages.ts';
import { translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/languages.ts';
import { ident, type Queryable } from '../db/driver.ts';
import { startInstance, type ProcessRow } from '../services/processes.ts';
import type { ResourceName } from '../../resources/index.ts';

/** An open-API call as the app made it, with the path it called (the operation log names it). */
interface AppRequest { app: AppCaller; input: Record<string, unknown>; lang: Lang; req: FastifyRequest; reply: FastifyReply; path: string }
type AppRun = (r: AppRequest) => Promise<unknown>;

/** Calls per minute per app and API unless OPEN_API_RATE_LIMIT says otherwise. */
export const OPEN_API_RATE_DEFAULT = 600;

const tokenInput = z.object({
  app_id: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  app_secret: z.string().min(1, 'validation.required').max(128, 'validation.too_big'),
});

/** What the open API answers in `data` where no definition's row is the answer (the documents show them). */
const tokenAnswer = z.object({ app_access_token: z.string(), expire: z.number().int().describe('Seconds the token has left') });
const tenantInput = z.object({
  app_access_token: z.string().min(1, 'validation.required').max(256, 'validation.too_big'),
  tenant_key: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
});
const tenantAnswer = z.object({ tenant_access_token: z.string(), expire: z.number().int().describe('Seconds the token has left') });
const ticketAnswer = z.object({ event_id: z.string().describe('The push carrying the ticket, in the event log') });
const appAnswer = z.object({
  guid: z.uuid(), app_id: z.string(), name: z.string(), code: z.string(), type: z.number().int(), icon: z.string().nullable(),
  description: z.string().nullable(), token_ttl: z.number().int(), status: z.number().int(), bu_guid: z.uuid().nullable(),
});
const instanceFields = {
  guid: z.uuid(), process_name: z.string(), title: z.string(), data: z.record(z.string(), z.unknown()).nullable(),
  step: z.number().int(), step_name: z.string().nullable(), state: z.number().int(), created_at: datetime(), updated_at: datetime(),
};
const instanceStarted = z.object({ ...instanceFields, process_guid: z.uuid(), subject_kind: z.string(), subject_guid: z.uuid().nullable(), app_guid: z.uuid().nullable() });
const instanceRead = z.object({
  ...instanceFields,
  history: z.array(z.object({ step_name: z.string().nullable(), action: z.string(), by_name: z.string().nullable(), remark: z.string().nullable(), created_at: datetime() })),
});
const instanceInput = z.object({ guid: z.uuid('validation.guid_format') });

const APP_TOKEN_INVALID = unauthorized('server.app_token_invalid');
/** The `permission` an open-API call's doc names: an app token, not a console one (the suites read it). */
export const APP_TOKEN = 'app';

/**
 * The open API: the calls apps make with their own tokens (docs/apps.md). A console token is not
 * an app token, and an app token opens no console call: the two never meet.
 */
export const mountOpenApi = (app: FastifyInstance, services: Services, docs: CallDoc[], opts: OpenApiOptions) => {

  bespoke(app, services, docs, 'open-api')(
    { path: '/open/api/auth/app-access-token', summary: summaryOf('en', '/open/api/auth/app-access-token'), body: tokenInput, answer: tokenAnswer, limit: { max: 60, timeWindow: '1 minute' } },
    { public: true },
    async ({ req, input, lang }) => issueAppToken(services, parseOrWarn(lang, tokenInput, input, 'app'), req.ip),
  );
  // A store app's flow (server/auth/store-app-tokens.ts): its ticket pushed again, and a tenant token per buyer.
  bespoke(app, services, docs, 'open-api')(
    { path: '/open/api/auth/app-ticket/resend', summary: summaryOf('en', '/open/api/auth/app-ticket/resend'), body: tokenInput, answer: ticketAnswer, limit: { max: 60, timeWindow: '1 minute' } },
    { public: true },
    async ({ req, input, lang }) => resendAppTicket(services, parseOrWarn(lang, tokenInput, input, 'app'), req.ip),
  );
  bespoke(app, services, docs, 'open-api')(
    { path: '/open/api/auth/tenant-access-token', summary: summaryOf('en', '/open/api/auth/tenant-access-token'), body: tenantInput, answer: tenantAnswer, limit: { max: 60, timeWindow: '1 minute' } },
    { public: true },
    async ({ req, input, lang }) => {
      const { app_access_token, expire } = await tenantToken(services, parseOrWarn(lang, tenantInput, input, 'app'), req.ip);
      return { tenant_access_token: app_access_token, expire };
    },
  );


  /**
   * A call made with an app token: 401 in the envelope without one, or with a console token. Each
   * call an app makes is logged (docs/apps.md) and answers its request id in `X-Request-Id`. It runs
   * through the one pipeline (`runCall`) as the app: a definition's verb by `engineAsApp`, which is
   * that pipeline; the API's own calls by `own`, which declares the definition a write changes.
   */
  const appCall = (call: OpenApiCall, body: Later<z.ZodType | undefined>, answer: Later<AnswerDoc | undefined>, run: AppRun) => {
    const { apiCode, scope } = call;
    // What it takes and answers is worked out when a document first needs it (JSON Schema from zod costs), not at start.
    const bodyOf = once(() => (typeof body === 'function' ? body() : body));
    const answerOf = once(() => (typeof answer === 'function' ? answer() : answer));
    docs.push({
      method: 'POST', tag: 'open-api', public: false, path: call.path, summary: summaryOf('en', call.path), permission: APP_TOKEN, apiCode, scope, throttled: true,
      get body() {
        return bodyOf();
      },
      get answer() {
        return answerOf();
      },
    });
    routeCall(app, 'POST', call.path, async (req, reply) =>
      ok(req, (await asApp(services, opts.ratePerMinute, req, reply, call, (caller) => run({ app: caller, input: inputOf(req), lang: langOf(req), req, reply, path: call.path }))) ?? null),
    );
  };
  // The API's own calls act as the app's BU, which a person's token never does: they take app and tenant tokens only.
  const own = (handler: (r: AppRequest) => Promise<unknown>, writes?: ResourceName): AppRun => (r) => {
    if (r.app.person) throw new Warning('server.oauth.user_token_not_here');
    return runCall(services, { path: r.path, writes: writes ? { resource: writes, action: 'add' } : undefined, run: () => handler(r) }, { caller: asBu(r.app), lang: r.lang, input: r.input, req: r.req, reply: r.reply });
  };

  for (const call of openApiCalls) {
    if (!call.resource || !call.verb) continue;
    const verb = call.verb;
    const { def, mount, spec, handler } = appServed(opts, call.resource, verb);
    const declared = <T>(d: T | ((m: typeof mount, r: typeof def) => T) | undefined) => (typeof d === 'function' ? (d as (m: typeof mount, r: typeof def) => T)(mount, def) : d);
    appCall(call, () => declared(handler?.input) ?? bodyDoc(def, spec, mount), () => declared(handler?.output) ?? answerDoc(def, spec), ({ app: caller, lang, input, req, path }) =>
      // A served definition's own name (it came from `opts.defs`).
      engineAsApp(services, opts, def.name as ResourceName, verb, caller, lang, input, undefined, { req, path }));
  }

  appCall(OPEN_API_CALLS.appInfo, undefined, appAnswer, own(async ({ app: caller }) => {
    const { rows } = await services.db.query('select guid, app_id, name, code, type, icon, description, token_ttl, status, bu_guid from app where guid = $1', [caller.appGuid]);
    return rows[0];
  }));

  /** The process engine (docs/tenant-console.md "Approval processes"): apps that bound it start and read runs of their BU's processes. */
  const requireAbility = async (caller: AppCaller, ability: string) => {
    const { rows } = await services.db.query<{ bound: boolean }>('select coalesce(ability_codes ? $2, false) as bound from app where guid = $1', [caller.appGuid, ability]);
    if (!rows[0]?.bound) throw new Warning('server.ability_missing', { ability, url: `${services.publicUrl}/business/app/${caller.appGuid}/ability` });
  };
  appCall(OPEN_API_CALLS.processStart, processStartInput, instanceStarted, own(async ({ app: caller, input, lang }) => {
    await requireAbility(caller, OPEN_API_CALLS.processStart.ability);
    const body = parseOrWarn(lang, processStartInput, input, 'process-instance');
    return services.db.transaction(async (tx) => {
      const process = (await tx.query<ProcessRow>("select guid, name, steps from process where bu_guid = $1 and code = $2 and trigger = 'open_api' and status = 0", [caller.buGuid, body.process_code])).rows[0];
      if (!process) throw new Warning('server.process_code_unknown', { code: body.process_code });
      const appName = (await tx.query<{ name: string }>('select name from app where guid = $1', [caller.appGuid])).rows[0]?.name ?? '';
      return startInstance(tx, { buGuid: caller.buGuid, process, kind: 'open-api', subject: null, title: body.title, data: body.data ?? null, appGuid: caller.appGuid, by: caller.appGuid, byName: appName });
    });
  }, 'process-instance'));
  appCall(OPEN_API_CALLS.processGet, instanceInput, instanceRead, own(async ({ app: caller, input, lang }) => {
    await requireAbility(caller, OPEN_API_CALLS.processGet.ability);
    const { guid } = parseOrWarn(lang, instanceInput, input, 'process-instance');
    const { rows } = await services.db.query(
      `select guid, process_name, title, data, step, step_name, state, created_at, updated_at,
        (select coalesce(jsonb_agg(jsonb_build_object('step_name', s.step_name, 'action', s.action, 'by_name', s.by_name, 'remark', s.remark, 'created_at', s.created_at) order by s.created_at), '[]'::jsonb)
           from process_step s where s.instance_guid = i.guid) as history
       from process_instance i where guid = $1 and bu_guid = $2 and app_guid = $3`,
      [guid, caller.buGuid, caller.appGuid],
    );
    if (!rows[0]) throw new Warning('server.record_not_found');
    return rows[0];
  }));

  const buDef = opts.defs.find((d) => d.name === 'bu');
  if (buDef) {
    appCall(OPEN_API_CALLS.buInfo, undefined, () => answerDoc(buDef, { verb: 'get' }), own(async ({ app: caller }) => {
      if (!caller.buGuid) throw new Warning('server.bu_required');
      const { rows } = await services.db.query(`select ${selectList(buDef)} from ${ident(buDef.storage.table)} where guid = $1`, [caller.buGuid]);
      if (!rows[0]) throw new Warning('server.record_not_found');
      return rows[0];
    }));
  }

  // A reply to one of the BU's work orders, as the tenant's side: the console's reply call (`workOrder.reply`) as the app.
  const reply = appServed(opts, 'work-order-record', 'add', 'save');
  const replyOut = reply.handler?.output;
  appCall(OPEN_API_CALLS.workOrderReply, workOrderRecordSchema, () => (typeof replyOut === 'function' ? replyOut(reply.mount, reply.def) : replyOut), ({ app: caller, lang, input, req, path }) =>
    engineAsApp(services, opts, 'work-order-record', 'add', caller, lang, input, 'save', { req, path }));

  appCall(OPEN_API_CALLS.messageSend, appMessageInput, messageSent, own(async ({ app: caller, input, lang }) => {
    const body = parseOrWarn(lang, appMessageInput, input, 'message');
    const bu = caller.buGuid;
    if (!bu) throw new Warning('server.bu_required');
    return services.db.transaction(async (tx) => {
      const readers = body.all ? null : await readersOf(tx, lang, bu, body);
      await notify.fromApp(tx, bu, caller.appGuid, readers, body);
      return { readers: readers?.length ?? null };
    });
  }, 'message'));

  const call = bespoke(app, services, docs, 'app');
  call(
    { path: '/open/app/api-log/page', summary: "Search an app's open-API call log (a window of at most 7 days), newest first, by keyset (`cursor`)", body: logSearchInput.extend(pagingInput.shape), answer: keysetAnswerOf(apiLogEntry) },
    { scope: 'bu', perm: 'tenant:app', action: 'view' },
    async ({ caller, input, lang }) => {
      const q = parseOrWarn(lang, logSearchInput, input, 'app');
      const { page_size } = pagingOf(lang, input, 'app');
      const to = q.to ? new Date(q.to) : new Date();
      const from = q.from ? new Date(q.from) : new Date(to.getTime() - 86_400_000);
      if (outsideLogWindow(from, to)) throw new Warning('server.log_window', { days: LOG_WINDOW_DAYS }, { field: 'from' });
      // Every call made before this search is in it.
      await services.apiLog.flush();
      const found = await searchApiLog(services.db, { ...q, bu_guid: caller.buGuid!, from, to, pageSize: page_size });
      if (!found) throw new Warning('server.record_not_found');
      return found;
    },
  );
};

/** One open-API call of an app. */
const apiLogEntry = z.object({
  id: z.string(), api_code: z.string(), http_status: z.int(), code: z.int().nullable().describe("The envelope's code; null when the call failed"), ms: z.number(), request_id: z.string().nullable(), created_at: datetime(),
});

const messageSent = z.object({ readers: z.number().int().nullable().describe('Accounts it went to; null: everyone in the BU') });

/**
 * The accounts an app's message goes to: of the department's or the chosen members of the BU (each
 * must be the BU's), the BU's accounts with their e-mail.
 */
const readersOf = async (tx: Queryable, lang: Lang, bu: string, body: z.output<typeof appMessageInput>) => {
  const missing = (resource: string, field: string) => new Warning('server.reference_not_found', { field: translate(lang, `resources.${resource}.name`).split('|')[0].trim() }, { field });
  if (body.department_guid) {
    if (!(await tx.query('select 1 from department where guid = $1 and bu_guid = $2', [body.department_guid, bu])).rows.length) throw missing('department', 'department_guid');
  } else {
    const wanted = [...new Set(body.member_guids)];
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from member where guid = any($1::uuid[]) and bu_guid = $2', [wanted, bu]);
    if (rows[0].n !== wanted.length) throw missing('member', 'member_guids');
  }
  const { rows } = await tx.query<{ guid: string }>(
    `select distinct u.guid from member m
       join users u on lower(u.email) = lower(m.email)
       join user_bu ub on ub.user_guid = u.guid and ub.bu_guid = m.bu_guid
      where m.bu_guid = $1 and ${body.department_guid ? 'm.department_guid = $2' : 'm.guid = any($2::uuid[])'}`,
    [bu, body.department_guid ?? body.member_guids],
  );
  return rows.map((r) => r.guid);
};

/** How a failed call is written in the call log: this API's envelope (HTTP status, code 201), unless a dialect says otherwise. */
export type LoggedAs = (e: unknown) => { http: number; code: number | null };
const envelopeLogged: LoggedAs = (e) => (e instanceof Warning ? { http: e.http, code: 201 } : { http: 500, code: null });

/**
 * One call made with an app token, whichever dialect it is spoken in: the token (a 401 Warning
 * without a live one), the IP whitelist, the per-app rate, the scope, then `handler` as that app;
 * each call is written in the app's call log (docs/apps.md) and answers its request id in `X-Request-Id`.
 */
export const asApp = async <T>(
  services: Services, ratePerMinute: number, req: FastifyRequest, reply: FastifyReply, call: Pick<OpenApiCall, 'apiCode' | 'scope'>,
  handler: (caller: AppCaller) => Promise<T>, logged: { ok: number; failed: LoggedAs } = { ok: 200, failed: envelopeLogged },
): Promise<T> => {
  const { apiCode, scope } = call;
  reply.header('x-request-id', req.id);
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  // An app's (or a buyer's tenant) token, else a person's OAuth token (docs/oauth.md).
  const caller = token ? ((await services.appTokens.verify(token)) ?? (await services.userTokens.verify(token))) : null;
  if (!caller) throw APP_TOKEN_INVALID;
  req.callerKind = 'app';
  const log = (httpStatus: number, code: number | null) =>
    services.apiLog.record({ appGuid: caller.appGuid, buGuid: caller.buGuid, apiCode, httpStatus, code, ms: Math.round(reply.elapsedTime * 10) / 10, requestId: String(req.id) });
  try {
    refuseOutsideWhitelist(caller.ipWhitelist, req.ip);
    const wait = await rateWait(services.counters, `api ${caller.appGuid} ${apiCode}`, ratePerMinute);
    if (wait) {
      reply.header('retry-after', wait).header('x-ratelimit-reset', wait);
      throw new Warning('server.app_rate_limited', { seconds: wait, limit: ratePerMinute }, null, 429);
    }
    if (scope) checkScope(services, caller, scope);
    const answer = await handler(caller);
    log(200, logged.ok);
    return answer;
  } catch (e) {
    const { http, code } = logged.failed(e);
    log(http, code);
    throw e;
  }
};

/** A scope the app has not had opened: a sentence naming it and where to apply (Lark's permission_violations). */
const checkScope = (services: Services, caller: AppCaller, scope: string) => {
  if (caller.scopes.has(scope)) return;
  const url = `${services.publicUrl}/business/app/${caller.appGuid}/permission`;
  throw new Warning('server.scope_missing', { scope, url }, { permission_violations: [{ type: 'action_scope_required', subject: scope }], help_url: url });
};

/**
 * What serves a definition's verb for apps: its BU mount's call of that verb (the same spec, so the
 * same handler, action and permission the console's call has). A definition whose `openApi` names
 * a verb its BU mount lacks fails at start.
 */
const appServed = (opts: Pick<OpenApiOptions, 'defs' | 'handlers'>, resource: string, verb: Verb, segment?: string) => {
  const def = opts.defs.find((d) => d.name === resource);
  const mount = def?.api.mounts.find((m) => m.scope === 'bu');
  const name = mount && (segment ?? Object.keys(mount.calls).find((k) => specOf(mount.calls[k]).verb === verb));
  const raw = mount && name ? mount.calls[name] : undefined;
  const spec = raw ? specOf(raw) : undefined;
  if (!def || !mount || !spec || (!spec.handler && !verbs[verb])) throw new Error(`open API: ${resource} has no BU mount with a ${segment ?? verb} call`);
  const handler = spec.handler ? opts.handlers[spec.handler] : undefined;
  if (spec.handler && !handler) throw new Error(`open API: ${resource} ${verb} names an unknown handler ${spec.handler}`);
  return { def, mount, spec, handler, path: `${mount.base}/${name}` };
};

/**
 * A definition's engine verb (or, by `segment`, a named call) through its BU mount, as the app's BU:
 * the console's pipeline (`runCall`: the definition as that BU sees it, its custom fields, the
 * privilege guard, schemas, rules, events, the operation log naming the app, after-commit effects
 * that never fail the answer). `at` names the request and the path the app called, for the log.
 */
export const engineAsApp = (
  services: Services, opts: Pick<OpenApiOptions, 'defs' | 'rules' | 'handlers'>, resource: ResourceName, verbName: Verb, caller: AppCaller, lang: Lang, input: Record<string, unknown>, segment?: string,
  at?: { req: FastifyRequest; path: string },
) => {
  const { def, mount, spec, handler, path } = appServed(opts, resource, verbName, segment);
  // A handler standing in for the verb on the console's mount runs for apps too, with its declared body.
  const bodyOf = typeof handler?.input === 'function' ? handler.input(mount, def) : handler?.input;
  const call: EngineCall = { def, mount, spec, rules: opts.rules[def.name] ?? {}, run: (handler ?? verbs[verbName]) as EngineCall['run'], bodyOf, path: at?.path ?? path };
  // A person's token acts as the person: the call's permission as the console checks it, on top of the scope `asApp` checked.
  const person = caller.person;
  if (person) return runCall(services, { ...call, authorize: (c) => authorize(mount, spec, c) }, { caller: person, lang, input, req: at?.req });
  return runCall(services, call, { caller: asBu(caller), lang, input, req: at?.req });
};


/**
 * The engine's caller for a call an app makes: a member of the app's BU holding no console
 * permission. The engine's BU scope then reads and writes that BU's rows only; rows an app
 * writes name the app as their creator, and the operation log names it by guid and `app_id`.
 */
const asBu = (caller: AppCaller): Caller => ({ userGuid: caller.appGuid, username: caller.appId, userType: USER_TYPE.main, buGuid: caller.buGuid, jti: caller.tokenId, exp: 0, isSuper: false, codes: new Set(), roleGuids: [], appGuid: caller.appGuid });

export interface OpenApiOptions {
  defs: readonly ResourceDef[];
  rules: Record<string, Rules>;
  /** The engine's named handlers: a BU mount's call an app makes may be one. */
  handlers: Record<string, Handler>;
  /** Calls per minute an app may make to one API (OPEN_API_RATE_LIMIT). */
  ratePerMinute: number;
}

/**
 * Counts a call of `key` in the current minute (shared by every instance on PostgreSQL): 0 when it
 * may go, else the seconds until the next window.
 */
const rateWait = async (counters: Counters, key: string, perMinute: number) => {
  const { count, resetSeconds } = await counters.hit(key, 60);
  return count > perMinute ? resetSeconds : 0;
};

const logSearchInput = z.object({
  app_guid: z.uuid('validation.guid_format'),
  from: datetime().optional(),
  to: datetime().optional(),
  api_code: z.string().trim().max(64, 'validation.max_64').optional(),
  http_status: z.number().int().min(100).max(599).optional(),
  request_id: z.string().trim().max(64, 'validation.max_64').optional(),
  /** The `next` of the previous page: the rows after it. */
  cursor: z.string().regex(/^[0-9T:.+-]+Z?\|[0-9a-f-]{36}$/, 'validation.cursor_format').optional(),
  /** False skips counting the matching rows (a later page needs no new total). */
  with_total: z.boolean().default(true),
});
