import type { Queryable } from '../db/driver.ts';
import { DELIVERY } from '../../schemas/event.ts';
import { notify } from '../services/messages.ts';
import type { Claimed } from './claim.ts';
import type { Outcome } from './outgoing.ts';
import { ANSWER_LOG_MAX, MAX_ATTEMPTS, PAUSE_AFTER_MS, RETRY_DELAYS_S } from './policy.ts';

export interface Attempt {
  m: Claimed;
  o: Outcome;
}

const ok = (o: Outcome) => !o.failure && o.status >= 200 && o.status <= 299;

/**
 * Records attempts in one statement: each attempt's row, each event's next step (delivered, a
 * retry at its time in the schedule, or failed), and each endpoint's health (failing since when,
 * paused after PAUSE_AFTER_MS of failures). The BU of an endpoint paused by this statement hears
 * of it once: later statements find it paused already, and a peer's finds another paused time.
 */
export const recordAttempts = async (db: Queryable, attempts: readonly Attempt[], now: Date) => {
  const next = attempts.map(({ m, o }) => {
    if (ok(o)) return { state: DELIVERY.delivered, at: null };
    const n = m.attempts - m.round_start;
    return n >= MAX_ATTEMPTS ? { state: DELIVERY.failed, at: null } : { state: DELIVERY.pending, at: new Date(now.getTime() + RETRY_DELAYS_S[n - 1] * 1000).toISOString() };
  });
  const col = <T>(f: (a: Attempt, i: number) => T) => attempts.map(f);
  const { rows: paused } = await db.query<{ app_guid: string; bu_guid: string; name: string | null; paused_now: boolean }>(
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
      col(({ m }) => m.event_id), col(({ m }) => m.app_guid), col(({ m }) => m.bu_guid), col(({ m }) => m.event_type), col(({ m }) => m.attempts),
      col(({ o }) => o.status), col(({ o }) => o.ms), col(({ o }) => o.answer.slice(0, ANSWER_LOG_MAX).replaceAll('\u0000', '')),
      col(({ o }) => o.failure ?? null), col((_, i) => next[i].state), col((_, i) => next[i].at),
      now.toISOString(), PAUSE_AFTER_MS / 1000,
    ],
  );
  for (const p of paused.filter((r) => r.paused_now)) {
    await notify.app(db, p.bu_guid, p.app_guid, { key: 'endpoint_paused', params: { app: p.name ?? '' }, link: `/business/app/${p.app_guid}/eventSubscriptions` });
  }
};

/**
 * Records attempts as their answers arrive, one statement at a time: each statement takes every
 * attempt answered since the last one began, so a quiet instance records each answer at once and
 * a busy one in batches, never waiting for a slow push to answer.
 */
export class AttemptRecorder {
  private waiting: (Attempt & { resolve: () => void; reject: (e: unknown) => void })[] = [];
  private writing = false;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  /** Settles once the attempt is recorded (rejects with its statement's error). */
  add(a: Attempt) {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ ...a, resolve, reject });
      void this.drain();
    });
  }

  private async drain() {
    if (this.writing) return;
    this.writing = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0);
      try {
        await recordAttempts(this.db, batch, new Date(this.now()));
        for (const a of batch) a.resolve();
      } catch (e) {
        for (const a of batch) a.reject(e);
      }
    }
    this.writing = false;
  }
}
