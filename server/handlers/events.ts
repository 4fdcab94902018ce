import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import { datetime, webUrl } from '../../schemas/common.ts';
import { DELIVERY_MODES, eventCode, eventRelSaveSchema } from '../../schemas/event.ts';
import type { CallContext } from '../engine/context.ts';
import { pagingInput, pagingOf } from '../engine/paging.ts';
import { keysetAnswerOf } from '../engine/call-docs.ts';
import { reachRow } from '../engine/verbs.ts';
import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import { runChallenge, type ChallengeResult } from '../events/challenge.ts';
import { newKey, webhookSecret } from '../events/crypto.ts';
import { replayEvents, searchEventLog } from '../events/log.ts';
import { REPLAY_MAX } from '../events/policy.ts';
import { DAY_MS, LOG_WINDOW_DAYS, outsideLogWindow } from '../../schemas/log-window.ts';
import { sampleOf } from '../events/sample.ts';
import { eventTypes } from '../seed/event-types.ts';
import { named } from '../engine/named.ts';
import type { EventCode } from '../../resources/event-codes.ts';

/** Events' named calls (docs/events.md): the endpoint and its challenge, subscriptions, the log and replay. */

const appOnly = z.object({ app_guid: z.uuid('validation.guid_format') });
const CONFIG_COLUMNS = `guid, bu_guid, app_guid, request_url, coalesce(delivery_mode, 'push') as delivery_mode, verification_token, encrypt_key, signing_secret,
  case when previous_secret_until > now() then previous_secret_until end as previous_secret_until, verified_at, failing_since, paused_at, created_at, updated_at`;

type Config = { guid: string; request_url: string | null; verification_token: string; encrypt_key: string | null; signing_secret: string } & Record<string, unknown>;

/** The app's endpoint row, created with fresh keys the first time anyone needs them. */
const endpointOf = async (ctx: CallContext, tx: Queryable, app: { guid: string; bu_guid: string | null }) => {
  await tx.query(
    `insert into event_config (guid, bu_guid, created_by, app_guid, verification_token, encrypt_key, signing_secret)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6) on conflict do nothing`,
    [app.bu_guid, ctx.caller?.userGuid ?? null, app.guid, newKey(), newKey(), newKey()],
  );
  return answered((await tx.query<Config>(`select ${CONFIG_COLUMNS} from event_config where app_guid = $1`, [app.guid])).rows[0]);
};

/** The endpoint as its calls answer it: with the signing secret in Standard Webhooks' form beside it. */
const answered = <R extends Record<string, unknown>>(row: R) => ({ ...row, webhook_secret: typeof row.signing_secret === 'string' ? webhookSecret(row.signing_secret) : null });

/** How long the signing secret before a reset keeps signing beside the new one: receivers switch within it. */
export const SECRET_OVERLAP_HOURS = 24;

/** The app's endpoint and its keys, as every endpoint call answers it. */
const config = z.object({
  guid: z.uuid(), bu_guid: z.uuid().nullable(), app_guid: z.uuid(), request_url: z.string().nullable(), delivery_mode: z.enum(DELIVERY_MODES),
  verification_token: z.string().nullable(), encrypt_key: z.string().nullable(), signing_secret: z.string().nullable(),
  webhook_secret: z.string().nullable().describe("The signing secret as Standard Webhooks' libraries take it (`whsec_…`)"),
  previous_secret_until: datetime().nullable().describe('Until when the signing secret before the last reset still signs, beside the new one'),
  verified_at: datetime().nullable(), failing_since: datetime().nullable(), paused_at: datetime().nullable(), created_at: datetime(), updated_at: datetime(),
});
/** A challenge of the endpoint: whether it echoed in time, and why not in words. */
const challenged = z.object({
  ok: z.boolean(), ms: z.number(), budget_ms: z.number(), status: z.int().describe('HTTP status; 0 without an answer'), reason: z.string().optional(), reason_text: z.string().optional(),
});

/** A challenge's finding as the person reads it: the sentence for its reason, beside the figures. */
const described = (ctx: CallContext, r: ChallengeResult) => ({ ...r, ...(r.reason ? { reason_text: translate(ctx.lang, `server.event_failure.${r.reason}`, { status: r.status, ms: r.budget_ms }) } : {}) });

/** `subscribe-config/get`: the app's endpoint and its keys (created with fresh keys on first read). */
export const getConfig = named({ input: appOnly, output: config }, async (ctx, { app_guid }) => {
  return endpointOf(ctx, ctx.services.db, await reachRow(ctx, 'app', app_guid));
});

const saveInput = appOnly.extend({
  request_url: webUrl().nullable().optional(),
  delivery_mode: z.enum(DELIVERY_MODES, { error: 'validation.invalid_option' }).default('push'),
});
/**
 * `subscribe-config/save-update`: the request URL is kept only once it has answered Lark's
 * challenge within 1 s (the answer says how long it took); saving it again resumes a paused
 * endpoint. `null` stops the pushes (events are no longer written for the app). With
 * `delivery_mode: long_connection` the events go over the app's long connections instead
 * (server/lark/ws/), the URL kept as it is for a return to push.
 */
export const saveConfig = named({ input: saveInput, output: config.extend({ challenge: challenged.optional() }) }, async (ctx, { app_guid, request_url: given, delivery_mode }) => {
  const app = await reachRow(ctx, 'app', app_guid);
  const config = await endpointOf(ctx, ctx.services.db, app);
  if (delivery_mode === 'long_connection') {
    const { rows } = await ctx.services.db.query(
      `update event_config set delivery_mode = $2, failing_since = null, paused_at = null, updated_at = now() where guid = $1 returning ${CONFIG_COLUMNS}`,
      [config.guid, delivery_mode],
    );
    ctx.services.events.kick();
    return answered(rows[0]);
  }
  const request_url = given ?? null;
  let challenge: ReturnType<typeof described> | undefined;
  if (request_url) {
    challenge = described(ctx, await runChallenge(ctx.services.events.outgoing, request_url, config));
    if (!challenge.ok) throw new Warning('server.event_url_refused', { reason: challenge.reason_text, ms: challenge.ms }, { field: 'request_url', challenge });
  }
  const { rows } = await ctx.services.db.query(
    `update event_config set delivery_mode = 'push', request_url = $2, verified_at = case when $2::text is null then null else now() end, failing_since = null, paused_at = null, updated_at = now()
     where guid = $1 returning ${CONFIG_COLUMNS}`,
    [config.guid, request_url],
  );
  // Events waiting for a paused endpoint go now.
  ctx.services.events.kick();
  // Back from the long connection: its sockets close on every instance (server/lark/ws/connections.ts `recheck`).
  if (config.delivery_mode === 'long_connection') ctx.services.appTokens.forget();
  return { ...answered(rows[0]), ...(challenge ? { challenge } : {}) };
});

const KEYS = ['verification_token', 'encrypt_key', 'signing_secret'] as const;
const resetInput = appOnly.extend({ key: z.enum(KEYS, { error: 'validation.invalid_option' }), clear: z.boolean().default(false) });
/** `subscribe-config/reset`: a new key (the receiver needs it before the next push); the Encrypt Key may also be removed. */
export const resetKey = named({ input: resetInput, output: config }, async (ctx, { app_guid, key, clear }) => {
  if (clear && key !== 'encrypt_key') throw new Warning('server.event_key_required', {}, { field: 'clear' });
  const app = await reachRow(ctx, 'app', app_guid);
  return ctx.services.db.transaction(async (tx) => {
    const config = await endpointOf(ctx, tx, app);
    // A new signing secret keeps the one before signing too, for SECRET_OVERLAP_HOURS: a receiver that still holds it goes on verifying.
    const roll = key === 'signing_secret' ? `, previous_signing_secret = signing_secret, previous_secret_until = now() + make_interval(hours => ${SECRET_OVERLAP_HOURS})` : '';
    const { rows } = await tx.query(`update event_config set ${key} = $2${roll}, updated_at = now() where guid = $1 returning ${CONFIG_COLUMNS}`, [config.guid, clear ? null : newKey()]);
    return answered(rows[0]);
  });
});

/** `subscribe-config/check`: the debug console's self-test, the challenge against the saved URL with what went wrong. */
export const checkEndpoint = named({ input: appOnly, output: challenged.extend({ request_url: z.string() }) }, async (ctx, { app_guid }) => {
  const app = await reachRow(ctx, 'app', app_guid);
  const config = await endpointOf(ctx, ctx.services.db, app);
  if (!config.request_url) throw new Warning('server.event_no_url', {}, { field: 'request_url' });
  return { request_url: config.request_url, ...described(ctx, await runChallenge(ctx.services.events.outgoing, config.request_url, config)) };
});

/**
 * `subscribe-rel/save`: adds event types to an app's subscriptions (at least one); each must be an
 * enabled type whose scope the app has opened. Answers the app's subscriptions.
 */
const subscription = z.object({ guid: z.uuid(), app_guid: z.uuid(), event_code: z.string(), created_at: datetime() });
export const subscribe = named({ input: eventRelSaveSchema, output: z.array(subscription) }, async (ctx, { app_guid, event_codes }) => {
  const codes = [...new Set(event_codes)];
  const app = await reachRow(ctx, 'app', app_guid);
  return ctx.services.db.transaction(async (tx) => {
    const { rows: types } = await tx.query<{ code: string; open: boolean }>(
      `select i.code, (i.group_code is null or exists (select 1 from app_scope s where s.app_guid = $2 and s.group_code = i.group_code and s.status = $3)) as open
       from event_info i where i.code = any($1::text[]) and i.status = 0`,
      [codes, app_guid, SCOPE.open],
    );
    if (types.length !== codes.length) throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'resources.event-rel.fields.event_code') }, { field: 'event_codes' });
    const closed = types.filter((t) => !t.open).map((t) => t.code);
    if (closed.length) throw new Warning('server.event_scope_closed', { events: closed.join(', ') }, { field: 'event_codes', events: closed });
    await tx.query(
      `insert into event_rel (guid, bu_guid, created_by, app_guid, event_code) select gen_random_uuid(), $1, $2, $3, code from unnest($4::text[]) as code
       on conflict do nothing`,
      [app.bu_guid, ctx.caller?.userGuid ?? null, app_guid, codes],
    );
    const { rows } = await tx.query('select guid, app_guid, event_code, created_at from event_rel where app_guid = $1 order by event_code', [app_guid]);
    return rows;
  });
});

const testInput = appOnly.extend({ event_code: eventCode() });
/** `test-send`: a sample event of a type the app subscribes to, through the outbox like any other (its id answered). */
export const testSend = named({ input: testInput, output: z.object({ event_id: z.string() }) }, async (ctx, { app_guid, event_code }) => {
  await reachRow(ctx, 'app', app_guid);
  const type = (await ctx.services.db.query<{ payload_schema: Record<string, unknown> }>('select payload_schema from event_info where code = $1', [event_code])).rows[0];
  if (!type) throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'resources.event-rel.fields.event_code') }, { field: 'event_code' });
  // A catalogued code: event_info holds only the seeded types (server/seed/event-types.ts), which EVENT_CODES types.
  // A row change's sample is a row, as the outbox keeps it; the push then shapes it as any other (server/events/shapes.ts).
  const stored = eventTypes().find((t) => t.code === event_code)?.change?.stored ?? type.payload_schema;
  const ids = await ctx.services.db.transaction((tx) => ctx.services.events.emit(ctx, tx, { type: event_code as EventCode, appGuid: app_guid, event: sampleOf(stored) }));
  if (!ids.length) throw new Warning('server.event_not_subscribed', {}, { field: 'event_code' });
  return { event_id: ids[0] };
});

const when = datetime().optional();
/** The search's window: at most LOG_WINDOW_DAYS, ending now unless given. */
const windowOf = (ctx: CallContext, from: string | undefined, to: string | undefined, defaultDays: number) => {
  const end = to ? new Date(to) : new Date(ctx.services.events.now());
  const start = from ? new Date(from) : new Date(end.getTime() - defaultDays * DAY_MS);
  if (outsideLogWindow(start, end)) throw new Warning('server.log_window', { days: LOG_WINDOW_DAYS }, { field: 'from' });
  return { from: start, to: end };
};

const logInput = appOnly.extend({
  from: when,
  to: when,
  event_type: z.string().trim().max(64, 'validation.max_64').optional(),
  event_id: z.string().trim().max(64, 'validation.max_64').optional(),
  result: z.enum(['ok', 'failed'], { error: 'validation.invalid_option' }).optional(),
  tenant_key: z.string().trim().max(64, 'validation.max_64').optional().describe("A store app's buyer (its installation's key): that buyer's events only"),
  cursor: z.string().regex(/^[0-9T:.+-]+Z?\|[0-9a-f-]{36}$/, 'validation.cursor_format').optional(),
  with_total: z.boolean().default(true),
});
/** One push attempt, with the state of its event. */
const attempt = z.object({
  id: z.uuid(), event_id: z.string(), event_type: z.string(), attempt: z.int(), http_status: z.int().nullable(), ms: z.number().nullable(), answer: z.string().nullable(),
  failure: z.string().nullable(), created_at: datetime(), state: z.enum(['delivered', 'failed', 'paused', 'retrying']).nullable(), next_attempt_at: datetime().nullable(),
});
/** `log/page`: the app's push attempts, newest first (keyset `cursor`, total capped), each with its event's state. */
export const logPage = named({ input: logInput.extend(pagingInput.shape), output: keysetAnswerOf(attempt) }, async (ctx, q) => {
  const { page_size } = pagingOf(ctx.lang, ctx.input, 'event-config');
  await reachRow(ctx, 'app', q.app_guid);
  return searchEventLog(ctx.services.db, { ...q, ...windowOf(ctx, q.from, q.to, 1), pageSize: page_size });
});

const replayInput = appOnly.extend({
  event_ids: z.array(z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64')).min(1, 'validation.required').max(REPLAY_MAX, 'validation.too_many').optional(),
  from: when,
  to: when,
  event_type: z.string().trim().max(64, 'validation.max_64').optional(),
  state: z.enum(['delivered', 'failed', 'retrying'], { error: 'validation.invalid_option' }).optional(),
});
/** `log/replay`: sends events again with their own event_id, by id or a filtered batch of up to 1,000 within 7 days. */
export const replay = named({ input: replayInput, output: z.object({ replayed: z.int(), event_ids: z.array(z.string()) }) }, async (ctx, q) => {
  await reachRow(ctx, 'app', q.app_guid);
  const ids = await replayEvents(ctx.services.db, { ...q, ...windowOf(ctx, q.from, q.to, LOG_WINDOW_DAYS) }, new Date(ctx.services.events.now()));
  if (ids === null) throw new Warning('server.replay_too_many', { max: REPLAY_MAX });
  if (!ids.length) throw new Warning('server.replay_none');
  ctx.services.events.kick();
  return { replayed: ids.length, event_ids: ids };
});
