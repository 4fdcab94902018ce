import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/driver.ts';

/**
 * The `idempotency_key` table (migration 31): one row per key a caller sent with a write, shared
 * by every instance. A row is claimed by the request that runs the call (`status` null while it
 * runs) and then holds its answer for 24 hours (docs/api.md, "Retrying writes: Idempotency-Key").
 * The call's first transaction marks it `carried_out` before it commits, so a commit whose answer
 * was lost (a deadline passed, the call answered 503) is known to have happened: the key is kept,
 * and a retry is told so instead of running the write twice.
 */

/** How long a key answers its first result. */
export const KEY_TTL_HOURS = 24;
/** A row still running after this long belongs to a process that died: a retry takes it over. */
export const STALE_CLAIM_SECONDS = 60;

/** What a key's row says to a request carrying it. */
export type Claim =
  | { kind: 'run'; claim: string }
  | { kind: 'replay'; status: number; body: string; contentType: string | null }
  | { kind: 'mismatch' }
  | { kind: 'busy' }
  /** The call committed its change but its answer was lost (a 5xx): running it again would repeat the change. */
  | { kind: 'lost' };

/**
 * Claims `id` for a request whose method, path, query and body hash to `fingerprint`: a new key,
 * one past its 24 hours, or one whose request has been running for over STALE_CLAIM_SECONDS with
 * the same fingerprint is this request's to run (one statement, so two instances never both run it);
 * otherwise the row's answer, a mismatch, or busy while the first still runs.
 */
export const claimKey = async (db: Queryable, id: string, fingerprint: string): Promise<Claim> => {
  const claim = randomUUID();
  // A row released (a 5xx) between the two statements is claimed on the second turn.
  for (let turn = 0; turn < 2; turn++) {
    const { rows } = await db.query<{ claim: string }>(
      `insert into idempotency_key (id, fingerprint, claim) values ($1, $2, $3)
       on conflict (id) do update set fingerprint = excluded.fingerprint, claim = excluded.claim, claimed_at = now(), status = null, body = null, content_type = null,
         created_at = case when idempotency_key.created_at < now() - make_interval(hours => $4) then now() else idempotency_key.created_at end
       where idempotency_key.created_at < now() - make_interval(hours => $4)
          or (idempotency_key.status is null and not idempotency_key.carried_out and idempotency_key.fingerprint = excluded.fingerprint and idempotency_key.claimed_at < now() - make_interval(secs => $5))
       returning claim`,
      [id, fingerprint, claim, KEY_TTL_HOURS, STALE_CLAIM_SECONDS],
    );
    if (rows[0]?.claim === claim) return { kind: 'run', claim };
    const held = (await db.query<{ fingerprint: string; status: number | null; body: string | null; content_type: string | null; stale: boolean }>(
      `select fingerprint, status, body, content_type, carried_out and claimed_at < now() - make_interval(secs => $2) as stale from idempotency_key where id = $1`,
      [id, STALE_CLAIM_SECONDS],
    )).rows[0];
    if (!held) continue;
    if (held.fingerprint !== fingerprint) return { kind: 'mismatch' };
    // Carried out, and its answer lost (a 5xx) or never kept (the process died after the commit).
    if (held.status === ANSWER_LOST || (held.status === null && held.stale)) return { kind: 'lost' };
    if (held.status === null) return { kind: 'busy' };
    return { kind: 'replay', status: held.status, body: held.body ?? '', contentType: held.content_type };
  }
  return { kind: 'busy' };
};

/** Keeps the answer of the request that holds `claim` (a later takeover's claim is left alone). */
export const settleKey = (db: Queryable, id: string, claim: string, status: number, body: string, contentType: string | null) =>
  db.query('update idempotency_key set status = $3, body = $4, content_type = $5 where id = $1 and claim = $2', [id, claim, status, body, contentType]);

/** The `status` of a key whose call committed its change but answered a 5xx: no answer to replay. */
const ANSWER_LOST = 0;

/**
 * Forgets a claim whose answer is not kept (a 5xx, a throttle), so a retry runs the call again; one
 * whose change committed is kept as carried out with its answer lost.
 */
export const releaseKey = (db: Queryable, id: string, claim: string) =>
  db.query(
    `with forgotten as (delete from idempotency_key where id = $1 and claim = $2 and not carried_out returning id)
     update idempotency_key set status = ${ANSWER_LOST} where id = $1 and claim = $2 and carried_out`,
    [id, claim],
  );

/** The key the running request claimed, for its transactions to mark (`markingCarriedOut`). */
interface Held {
  id: string;
  claim: string;
  marked: boolean;
}
const held = new AsyncLocalStorage<Held>();
/** Runs a request's call with its claimed key, so its first transaction marks the key carried out. */
export const withClaimedKey = <T>(id: string, claim: string, fn: () => T): T => held.run({ id, claim, marked: false }, fn);

/**
 * `db` whose transactions, in a call holding an idempotency key, mark the key carried out inside
 * themselves (the first that commits is enough): the mark commits exactly when the change does.
 * Everything else is `db`'s own, reached through the prototype (what is attached to `db`, such as
 * its free-space guard, stays found).
 */
export const markingCarriedOut = (db: Db): Db =>
  Object.assign(Object.create(db) as Db, {
    transaction: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const key = held.getStore();
      if (!key || key.marked) return db.transaction(fn);
      return db
        .transaction(async (tx) => {
          const result = await fn(tx);
          await tx.query('update idempotency_key set carried_out = true where id = $1 and claim = $2', [key.id, key.claim]);
          return result;
        })
        .then((result) => {
          key.marked = true;
          return result;
        });
    },
  });

/** Keys past their 24 hours go (every 10 minutes, beside the counters' upkeep). */
export const pruneKeys = (db: Queryable) => db.query('delete from idempotency_key where created_at < now() - make_interval(hours => $1)', [KEY_TTL_HOURS]);
