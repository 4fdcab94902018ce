import { ANNOUNCEMENT_STATE, MESSAGE_KIND } from '../../schemas/message.ts';
import type { Db, Queryable } from '../db/driver.ts';
import { unreadCounts } from './messages.ts';

/** How often the scheduler looks for announcements that are due. */
export const ANNOUNCE_EVERY_MS = 15_000;

interface Announcement {
  guid: string;
  title: string;
  body: string;
  audience: number;
  bu_guids: string[];
  app_guids: string[];
}

/** The BUs (and apps) an audience reaches: every BU, the chosen ones, or those that have a chosen app. */
const AUDIENCE = [
  { kind: MESSAGE_KIND.bu, list: null, from: 'select b.guid as bu_guid, null::uuid as app_guid from bu b' },
  { kind: MESSAGE_KIND.bu, list: 'bu_guids', from: 'select b.guid as bu_guid, null::uuid as app_guid from bu b where b.guid = any($4::uuid[])' },
  { kind: MESSAGE_KIND.app, list: 'app_guids', from: 'select distinct i.bu_guid, i.app_guid from installed_app i where i.app_guid = any($4::uuid[])' },
] as const;

/**
 * Publishes one announcement in the caller's transaction: a message to each BU its audience reaches
 * (an app message for "users of chosen apps"), then the announcement is published with its reach.
 */
export const publish = async (tx: Queryable, a: Announcement) => {
  unreadCounts.clear();
  const to = AUDIENCE[a.audience];
  const { rows } = await tx.query<{ n: number }>(
    `with sent as (
       insert into message (guid, bu_guid, kind, app_guid, title, body, announcement_guid, params, created_at, updated_at)
       select gen_random_uuid(), t.bu_guid, ${to.kind}, t.app_guid, $2::text, $3::text, $1::uuid, '{}'::jsonb, now(), now() from (${to.from}) t
       returning 1)
     select count(*)::int as n from sent`,
    [a.guid, a.title, a.body, ...(to.list ? [a[to.list] ?? []] : [])],
  );
  const { rows: done } = await tx.query<{ state: number; published_at: string; reach: number }>(
    'update announcement set state = $2, published_at = now(), reach = $3, updated_at = now() where guid = $1 returning state, published_at, reach',
    [a.guid, ANNOUNCEMENT_STATE.published, rows[0].n],
  );
  return done[0];
};

/**
 * Publishes the announcements due by `now`, once: each is claimed with FOR UPDATE SKIP LOCKED, so
 * two servers (or two runs) never publish the same one, and one not yet published when a server
 * stops is published by the next run. Answers how many it published.
 */
export const publishDue = async (db: Db, now: Date) =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<Announcement>(
      'select guid, title, body, audience, bu_guids, app_guids from announcement where state = $1 and publish_at <= $2 order by publish_at limit 50 for update skip locked',
      [ANNOUNCEMENT_STATE.scheduled, now.toISOString()],
    );
    for (const a of rows) await publish(tx, a);
    return rows.length;
  });
