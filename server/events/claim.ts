import type { Queryable } from '../db/driver.ts';
import { DELIVERY } from '../../schemas/event.ts';
import { APP_IN_FLIGHT } from './policy.ts';

/** A claimed event with its app's endpoint as it is now (the endpoint's fields are null when the app has none). */
export interface Claimed {
  event_id: string;
  app_guid: string;
  /** The app's own BU, or the buyer's for a store app's event; none for a platform store app's ticket. */
  bu_guid: string | null;
  /** The buyer's installation's key (a store app's event from a BU that installed it). */
  tenant_key: string | null;
  event_type: string;
  payload: unknown;
  create_time: string;
  attempts: number;
  round_start: number;
  request_url: string | null;
  verification_token: string | null;
  encrypt_key: string | null;
  signing_secret: string | null;
  /** The secret before the last reset, while it still signs (its overlap). */
  previous_signing_secret: string | null;
  app_id: string | null;
  /** The app's own BU, its provider (Lark's union_id is per provider). */
  app_bu_guid: string | null;
  app_status: number | null;
  delivery_mode: string | null;
}

/**
 * Claims due events, fairly across apps, and moves them a lease ahead in the same statement, so
 * that instances sharing one PostgreSQL never claim the same event. `busy` is this instance's
 * pushes in flight per app: an app gets at most its free slots (APP_IN_FLIGHT less those), so a
 * slow endpoint's backlog stays where it is while other apps' events are claimed. Each app's
 * oldest due events are the candidates (read through event_message_app_due_idx, so a long backlog
 * costs nothing to skip), twice its free slots so that a peer instance locking the
 * first ones at the same moment leaves this one the next (SKIP LOCKED); the locked ones are taken
 * round-robin (each app's first, then each app's second, …) up to `max`. The events of an app on
 * the long connection are claimed only by an instance holding one of its connections (`connected`).
 * The claimed events are due again `leaseS` seconds on, should this instance die before it records them.
 */
export const claimDue = async (db: Queryable, now: Date, busy: ReadonlyMap<string, number>, max: number, leaseS: number, connected: readonly string[] = []) => {
  const full = [...busy].filter(([, n]) => n >= APP_IN_FLIGHT).map(([app]) => app);
  const partly = [...busy].filter(([, n]) => n < APP_IN_FLIGHT);
  const { rows } = await db.query<Claimed>(
    `with recursive used as (select * from unnest($4::uuid[], $5::int[]) as u(app_guid, n)),
     -- The apps with due events, one index probe each (a skip scan of event_message_app_due_idx), so
     -- a claim costs as many probes as apps, not a read of every app's whole backlog.
     apps as (
       (select app_guid from event_message where state = $1 and next_attempt_at <= $2 order by app_guid limit 1)
       union all
       select (select m.app_guid from event_message m where m.state = $1 and m.next_attempt_at <= $2 and m.app_guid > a.app_guid order by m.app_guid limit 1)
       from apps a where a.app_guid is not null),
     candidate as (
       select d.event_id, $6::int - coalesce(u.n, 0) as free
       from apps a left join used u on u.app_guid = a.app_guid
       cross join lateral (
         select m.event_id from event_message m
         where m.app_guid = a.app_guid and m.state = $1 and m.next_attempt_at <= $2
         order by m.next_attempt_at limit 2 * ($6::int - coalesce(u.n, 0))) d
       where a.app_guid is not null and a.app_guid <> all($3::uuid[])
         and not exists (select 1 from event_config c where c.app_guid = a.app_guid
           and (c.paused_at is not null or (c.delivery_mode = 'long_connection' and a.app_guid <> all($9::uuid[]))))),
     locked as (
       select m.event_id, m.app_guid, m.next_attempt_at, c.free from event_message m join candidate c on c.event_id = m.event_id
       where m.state = $1 and m.next_attempt_at <= $2
       for update of m skip locked),
     picked as (
       select event_id, app_guid from (
         select l.*, row_number() over (partition by l.app_guid order by l.next_attempt_at) as rn from locked l) r
       where r.rn <= r.free
       order by r.rn, r.next_attempt_at limit $7)
     update event_message m set attempts = m.attempts + 1, next_attempt_at = $2::timestamptz + make_interval(secs => $8)
     from picked p
       left join event_config c on c.app_guid = p.app_guid
       left join app a on a.guid = p.app_guid
     where m.event_id = p.event_id
     returning m.event_id, m.app_guid, m.bu_guid, (select i.tenant_key from installed_app i where i.app_guid = m.app_guid and i.bu_guid = m.bu_guid) as tenant_key, m.event_type, m.payload, m.create_time, m.attempts, m.round_start,
       c.request_url, c.verification_token, c.encrypt_key, c.signing_secret,
       case when c.previous_secret_until > $2::timestamptz then c.previous_signing_secret end as previous_signing_secret, a.app_id, a.bu_guid as app_bu_guid, a.status as app_status, c.delivery_mode`,
    [DELIVERY.pending, now.toISOString(), full, partly.map(([app]) => app), partly.map(([, n]) => n), APP_IN_FLIGHT, max, leaseS, connected],
  );
  return rows;
};
