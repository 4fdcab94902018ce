import { MESSAGE_KIND } from '../../schemas/message.ts';
import type { Queryable } from '../db/driver.ts';

/** A message the platform writes: worded later, in each reader's language (`messages.<key>`). */
export interface Notice {
  key: string;
  params?: Record<string, string | number>;
  /** A console page it is about. */
  link?: string;
}

/**
 * Unread counts, by reader and BU, for the badge every page asks for: kept until a message is
 * written or the reader reads (on this server), and at most `UNREAD_KEEP_MS` (another server's writes).
 */
export const UNREAD_KEEP_MS = 10_000;
/** A reader's unread messages: how many, and how many of each kind. */
export interface Unread {
  quantity: number;
  kinds: { kind: number; quantity: number }[];
}
const counts = new Map<string, { at: number; n: Unread }>();
export const unreadCounts = {
  get: (key: string) => {
    const hit = counts.get(key);
    return hit && Date.now() - hit.at < UNREAD_KEEP_MS ? hit.n : undefined;
  },
  set: (key: string, n: Unread) => {
    if (counts.size > 50_000) counts.clear();
    counts.set(key, { at: Date.now(), n });
  },
  /** A reader read: their counts go. */
  forget: (user: string) => {
    for (const k of counts.keys()) if (k.startsWith(`${user} `)) counts.delete(k);
  },
  /** A message was written: every count may have changed. */
  clear: () => counts.clear(),
};

const insert = async (tx: Queryable, kind: number, to: { user?: string | null; bu?: string | null; app?: string | null }, n: Notice) => {
  unreadCounts.clear();
  await tx.query(
    `insert into message (guid, bu_guid, kind, to_user, app_guid, key, params, link, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6::jsonb, $7, now(), now())`,
    [to.bu ?? null, kind, to.user ?? null, to.app ?? null, n.key, JSON.stringify(n.params ?? {}), n.link ?? null],
  );
};

/**
 * The writers of the message center (docs/messages.md), called in the transaction of what happened,
 * so a message exists exactly when its cause does.
 */
export const notify = {
  /** To one account, within the BU it belongs to. */
  user: (tx: Queryable, user: string, bu: string | null, n: Notice) => insert(tx, MESSAGE_KIND.user, { user, bu }, n),
  /** To a BU, about one of its apps. */
  app: (tx: Queryable, bu: string, app: string, n: Notice) => insert(tx, MESSAGE_KIND.app, { bu, app }, n),
  /** To the platform's operators. */
  platform: (tx: Queryable, n: Notice) => insert(tx, MESSAGE_KIND.platform, {}, n),
  /** An app's own words to its BU: to everyone (`users` null) or to each of these accounts. */
  fromApp: async (tx: Queryable, bu: string, app: string, users: readonly string[] | null, m: { title: string; body: string }) => {
    unreadCounts.clear();
    await tx.query(
      `insert into message (guid, bu_guid, kind, to_user, app_guid, title, body, params, created_at, updated_at)
       select gen_random_uuid(), $1, $2, u, $3, $4, $5, '{}'::jsonb, now(), now() from unnest($6::uuid[]) u`,
      [bu, MESSAGE_KIND.app, app, m.title, m.body, users ?? [null]],
    );
  },
};
