import type { Db, Queryable } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { sealed } from './crypto.ts';
import { emitEvent, type EventOut } from './emit.ts';
import type { Outcome, Outgoing } from './outgoing.ts';
import { ANSWER_LOG_MAX, BATCH, LEASE_S, MAX_ATTEMPTS, PAUSE_AFTER_MS, RETENTION_DAYS, RETRY_DELAYS_S } from './policy.ts';
import { DELIVERY } from '../../schemas/event.ts';
import { notify } from '../services/messages.ts';

interface Claimed {
  event_id: string;
  app_guid: string;
  bu_guid: string;
  event_type: string;
  payload: unknown;
  create_time: string;
  attempts: number;
  round_start: number;
}

interface Endpoint {
  app_guid: string;
  request_url: string | null;
  verification_token: string;
  encrypt_key: string | null;
  signing_secret: string;
  app_id: string;
  app_status: number;
}

export interface DeliveryOptions {
  /** The clock (tests inject one to step through the retry schedule). */
  now?: () => number;
  /** How often each instance looks for due events besides being woken by its own commits. */
  pollMs?: number;
  onError?: (e: unknown) => void;
}

/**
 * The outbox's delivery worker. A round claims due events with `FOR UPDATE SKIP LOCKED`, moving
 * them a lease ahead in the same statement, so instances sharing one PostgreSQL never claim the
 * same event; pushes them concurrently; then records every attempt and the next step of each
 * event in one statement. A process killed mid-push leaves its events due again when the lease
 * ends: at-least-once, with the same event_id.
 */
export class EventDelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Rounds run by themselves only once started; otherwise the caller steps them with runOnce (tests). */
  private started = false;
  readonly now: () => number;

  constructor(
    private readonly db: Db,
    readonly outgoing: Outgoing,
    private readonly opts: DeliveryOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Writes an event in the change's transaction and wakes this instance's worker once it commits. */
  async emit(ctx: Pick<CallContext, 'afterCommit'>, tx: Queryable, e: EventOut) {
    const ids = await emitEvent(tx, e);
    if (ids.length) ctx.afterCommit(async () => this.kick());
    return ids;
  }

  start() {
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 500);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    this.outgoing.close();
  }

  /** Runs rounds until nothing is due (a kick during a round runs another). */
  kick() {
    if (this.stopped || !this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.runOnce()) === BATCH && !this.stopped);
        } while (this.again && !this.stopped);
      } catch (e) {
        this.opts.onError?.(e);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Waits for the round under way, if any (tests). */
  settled() {
    return this.running ?? Promise.resolve();
  }

  /** One round: claims up to BATCH due events, pushes them, records the outcome. Answers how many. */
  async runOnce(): Promise<number> {
    const now = new Date(this.now());
    const { rows } = await this.db.query<Claimed>(
      `with due as (
         select m.event_id from event_message m
         where m.state = $1 and m.next_attempt_at <= $2
           and not exists (select 1 from event_config c where c.app_guid = m.app_guid and c.paused_at is not null)
         order by m.next_attempt_at limit $3 for update of m skip locked)
       update event_message m set attempts = m.attempts + 1, next_attempt_at = $2::timestamptz + make_interval(secs => $4)
       from due where m.event_id = due.event_id
       returning m.event_id, m.app_guid, m.bu_guid, m.event_type, m.payload, m.create_time, m.attempts, m.round_start`,
      [DELIVERY.pending, now.toISOString(), BATCH, LEASE_S],
    );
    if (!rows.length) return 0;
    const { rows: endpoints } = await this.db.query<Endpoint>(
      `select c.app_guid, c.request_url, c.verification_token, c.encrypt_key, c.signing_secret, a.app_id, a.status as app_status
       from event_config c join app a on a.guid = c.app_guid where c.app_guid = any($1::uuid[])`,
      [[...new Set(rows.map((r) => r.app_guid))]],
    );
    const byApp = new Map(endpoints.map((e) => [e.app_guid, e]));
    const outcomes = await Promise.all(rows.map((m) => this.push(m, byApp.get(m.app_guid), now)));
    await this.record(rows, outcomes, new Date(this.now()));
    return rows.length;
  }

  private push(m: Claimed, ep: Endpoint | undefined, now: Date): Promise<Outcome> {
    // The app was disabled or its URL removed since the event was written: a failed attempt, retried.
    if (!ep?.request_url || ep.app_status !== 0) return Promise.resolve({ status: 0, ms: 0, answer: '', failure: 'endpoint_gone' });
    const { body, headers } = sealed(
      {
        schema: '2.0',
        header: { event_id: m.event_id, event_type: m.event_type, create_time: m.create_time, token: ep.verification_token, app_id: ep.app_id, tenant_key: m.bu_guid },
        event: m.payload,
      },
      ep,
      now.getTime(),
    );
    return this.outgoing.post(ep.request_url, body, { ...headers, 'x-open-event-id': m.event_id, 'x-open-attempt': String(m.attempts) });
  }

  private async record(rows: Claimed[], outcomes: Outcome[], now: Date) {
    const ok = (o: Outcome) => !o.failure && o.status >= 200 && o.status <= 299;
    const next = rows.map((m, i) => {
      if (ok(outcomes[i])) return { state: DELIVERY.delivered, at: null };
      const n = m.attempts - m.round_start;
      return n >= MAX_ATTEMPTS ? { state: DELIVERY.failed, at: null } : { state: DELIVERY.pending, at: new Date(now.getTime() + RETRY_DELAYS_S[n - 1] * 1000).toISOString() };
    });
    const col = <T>(f: (m: Claimed, i: number) => T) => rows.map(f);
    const { rows: paused } = await this.db.query<{ app_guid: string; bu_guid: string; name: string | null; paused_now: boolean }>(
      `with r as (
         select * from unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::smallint[], $6::smallint[], $7::real[], $8::text[], $9::text[], $10::smallint[], $11::timestamptz[])
           as r(event_id, app_guid, bu_guid, event_type, attempt, http_status, ms, answer, failure, state, next_at)),
       logged as (
         insert into event_attempt (id, event_id, app_guid, bu_guid, event_type, attempt, http_status, ms, answer, failure, created_at)
         select gen_random_uuid(), event_id, app_guid, bu_guid, event_type, attempt, http_status, ms, answer, failure, $12 from r),
       moved as (
         update event_message m set state = r.state, next_attempt_at = coalesce(r.next_at, m.next_attempt_at), last_status = r.http_status,
           delivered_at = case when r.state = ${DELIVERY.delivered} then $12::timestamptz else m.delivered_at end
         from r where m.event_id = r.event_id),
       health as (select app_guid, bool_or(state = ${DELIVERY.delivered}) as ok from r group by app_guid)
       update event_config c set
         failing_since = case when h.ok then null else coalesce(c.failing_since, $12) end,
         paused_at = case when not h.ok and coalesce(c.failing_since, $12) <= $12::timestamptz - make_interval(secs => $13) then coalesce(c.paused_at, $12) else c.paused_at end
       from health h where c.app_guid = h.app_guid
       returning c.app_guid, c.bu_guid, c.paused_at = $12::timestamptz as paused_now, (select name from app a where a.guid = c.app_guid) as name`,
      [
        col((m) => m.event_id), col((m) => m.app_guid), col((m) => m.bu_guid), col((m) => m.event_type), col((m) => m.attempts),
        col((_, i) => outcomes[i].status), col((_, i) => outcomes[i].ms), col((_, i) => outcomes[i].answer.slice(0, ANSWER_LOG_MAX).replaceAll('\u0000', '')),
        col((_, i) => outcomes[i].failure ?? null), col((_, i) => next[i].state), col((_, i) => next[i].at),
        now.toISOString(), PAUSE_AFTER_MS / 1000,
      ],
    );
    // An endpoint paused just now (its paused time is this round's): its BU hears of it once.
    for (const p of paused.filter((r) => r.paused_now)) {
      await notify.app(this.db, p.bu_guid, p.app_guid, { key: 'endpoint_paused', params: { app: p.name ?? '' }, link: `/business/app/${p.app_guid}/eventSubscriptions` });
    }
  }
}

/** The hourly upkeep: attempts and events older than the retention go (the log's window is 7 days). */
export const pruneEvents = async (db: Queryable, now = Date.now()) => {
  const cutoff = new Date(now - RETENTION_DAYS * 86_400_000).toISOString();
  await db.query('delete from event_attempt where created_at < $1', [cutoff]);
  await db.query('delete from event_message where created_at < $1', [cutoff]);
};
