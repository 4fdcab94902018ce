import { MESSAGE_KIND } from '../../schemas/message.ts';
import type { Queryable } from '../db/driver.ts';

/** A message the platform writes: worded later, in each reader's language (`messages.<key>`). */
export interface Notice {
  key: string;
  params?: Record<string, string | number>;
  /** A console page it is about. */
  link?: string;
}

const insert = async (tx: Queryable, kind: number, to: { user?: string | null; bu?: string | null; app?: string | null }, n: Notice) => {
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
};
