import type { Queryable } from '../db/driver.ts';
import { COUNT_CAP, keysetAnswer } from '../engine/paging.ts';
import { DELIVERY } from '../../schemas/event.ts';
import { REPLAY_MAX } from './policy.ts';

export interface EventLogSearch {
  app_guid: string;
  from: Date;
  to: Date;
  event_type?: string;
  event_id?: string;
  /** `ok`: 2xx attempts; `failed`: every other. */
  result?: 'ok' | 'failed';
  /** A store app's buyer, by the key its installation gave it: that buyer's events only. */
  tenant_key?: string;
  cursor?: string;
  with_total: boolean;
  pageSize: number;
}

/** The filters of a search as SQL over `event_attempt` (alias `t`), numbering its parameters. */
const whereOf = (q: Omit<EventLogSearch, 'cursor' | 'with_total' | 'pageSize'>, params: unknown[]) => {
  const p = (v: unknown) => `$${params.push(v)}`;
  return [
    `t.app_guid = ${p(q.app_guid)}`,
    `t.created_at >= ${p(q.from.toISOString())}`,
    `t.created_at <= ${p(q.to.toISOString())}`,
    ...(q.event_type ? [`t.event_type = ${p(q.event_type)}`] : []),
    ...(q.event_id ? [`t.event_id = ${p(q.event_id)}`] : []),
    ...(q.result === 'ok' ? ['t.http_status between 200 and 299'] : q.result === 'failed' ? ['t.http_status not between 200 and 299'] : []),
    ...(q.tenant_key
      ? [`exists (select 1 from event_message m2 join installed_app i2 on i2.app_guid = m2.app_guid and i2.bu_guid = m2.bu_guid
           where m2.event_id = t.event_id and i2.tenant_key = ${p(q.tenant_key)})`]
      : []),
  ].join(' and ');
};

/**
 * One page of an app's push attempts, newest first, by keyset over (created_at, id), each with its
 * event's state now: delivered, retrying (and when), failed, or paused with its endpoint. The total
 * is capped at COUNT_CAP and counted only when asked.
 */
export const searchEventLog = async (db: Queryable, q: EventLogSearch) => {
  const params: unknown[] = [];
  const where = whereOf(q, params);
  const cursor = q.cursor?.split('|');
  const after = cursor ? ` and (t.created_at, t.id) < ($${params.push(cursor[0])}::timestamptz, $${params.push(cursor[1])}::uuid)` : '';
  const { rows } = await db.query<{ list: (Record<string, unknown> & { id: string; at: string })[]; total: number | null }>(
    `with page as (
       select t.id, t.event_id, t.event_type, t.attempt, t.http_status, t.ms, t.answer, t.failure,
         to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
         to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
         case when m.event_id is null then null
              when m.state = ${DELIVERY.delivered} then 'delivered'
              when m.state = ${DELIVERY.failed} then 'failed'
              when c.paused_at is not null then 'paused' else 'retrying' end as state,
         case when m.state = ${DELIVERY.pending} then to_char(m.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as next_attempt_at
       from event_attempt t
       left join event_message m on m.event_id = t.event_id
       left join event_config c on c.app_guid = t.app_guid
       where ${where}${after}
       order by t.created_at desc, t.id desc limit ${q.pageSize})
     select coalesce((select json_agg(page order by page.at desc, page.id desc) from page), '[]'::json) as list,
       ${q.with_total ? `(select count(*) from (select 1 from event_attempt t where ${where} limit ${COUNT_CAP + 1}) capped)::int` : 'null::int'} as total`,
    params,
  );
  const { list, total } = rows[0];
  return keysetAnswer(list, total, q.pageSize);
};

export interface ReplayPick {
  app_guid: string;
  event_ids?: string[];
  from: Date;
  to: Date;
  event_type?: string;
  /** Only events in this state now. */
  state?: 'delivered' | 'failed' | 'retrying';
}

const STATE_CODE = { delivered: DELIVERY.delivered, failed: DELIVERY.failed, retrying: DELIVERY.pending } as const;

/**
 * Sends stored events again, by id or by filter, at most REPLAY_MAX, created within the window: each
 * is due now with a fresh retry schedule and keeps its event_id (a push is signed when it is sent).
 * Null when more than REPLAY_MAX match.
 */
export const replayEvents = async (db: Queryable, pick: ReplayPick, now: Date) => {
  const params: unknown[] = [pick.app_guid, pick.from.toISOString(), pick.to.toISOString()];
  const p = (v: unknown) => `$${params.push(v)}`;
  const filters = [
    ...(pick.event_ids ? [`event_id = any(${p(pick.event_ids)}::text[])`] : []),
    ...(pick.event_type ? [`event_type = ${p(pick.event_type)}`] : []),
    ...(pick.state ? [`state = ${p(STATE_CODE[pick.state])}`] : []),
  ];
  const { rows: picked } = await db.query<{ event_id: string }>(
    `select event_id from event_message
     where app_guid = $1 and created_at >= $2 and created_at <= $3${filters.map((f) => ` and ${f}`).join('')}
     limit ${REPLAY_MAX + 1}`,
    params,
  );
  // A batch past the limit is refused whole rather than cut somewhere the person cannot see.
  if (picked.length > REPLAY_MAX) return null;
  const { rows } = await db.query<{ event_id: string }>(
    `update event_message set state = ${DELIVERY.pending}, next_attempt_at = $2, round_start = attempts
     where app_guid = $1 and event_id = any($3::text[]) returning event_id`,
    [pick.app_guid, now.toISOString(), picked.map((r) => r.event_id)],
  );
  return rows.map((r) => r.event_id);
};
