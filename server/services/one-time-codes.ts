import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';

/** Codes: 6 digits, 10 minutes, single use, at most 5 wrong tries; a new one after 60 seconds. */
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
export const RESEND_SECONDS = 60;
/** Links: a reset link lives 30 minutes, an activation link 7 days. */
export const RESET_LINK_SECONDS = 30 * 60;
export const ACTIVATION_LINK_SECONDS = 7 * 24 * 3600;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Refuses a new code or link for the same target within RESEND_SECONDS of the last one. */
const checkResend = async (db: Queryable, purpose: string, target: string) => {
  const { rows } = await db.query<{ wait: number }>(
    `select ceil($3 - extract(epoch from (now() - created_at)))::int as wait from one_time_code
      where purpose = $1 and target = $2 and created_at > now() - make_interval(secs => $3) order by created_at desc limit 1`,
    [purpose, target, RESEND_SECONDS],
  );
  if (rows[0]) throw new Warning('server.code_too_soon', { seconds: Math.max(1, rows[0].wait) }, { resend_after: Math.max(1, rows[0].wait) });
};

/**
 * A new 6-digit code for `target`; earlier unused codes of the same purpose stop working. Stored salted and hashed,
 * with the `address` it is mailed to when that is not the target itself (using the code proves that address).
 */
export const issueCode = async (db: Queryable, purpose: string, target: string, address: string | null = null) => {
  await checkResend(db, purpose, target);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await db.query('update one_time_code set used_at = now() where purpose = $1 and target = $2 and used_at is null', [purpose, target]);
  await db.query(
    `insert into one_time_code (guid, purpose, target, code_hash, salt, expires_at, address) values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7)`,
    [randomUUID(), purpose, target, sha256(salt + code), salt, CODE_TTL_SECONDS, address],
  );
  return { code, expires_in: CODE_TTL_SECONDS, resend_after: RESEND_SECONDS };
};

/**
 * Checks the latest code of `target` without using it up, answering its id. Wrong tries are
 * counted atomically and a code that has had CODE_MAX_TRIES wrong tries is dead, even for
 * guesses sent in parallel.
 */
export const checkCode = async (db: Queryable, purpose: string, target: string, code: string) => {
  const { rows } = await db.query<{ guid: string; code_hash: string; salt: string; tries: number; expired: boolean }>(
    `select guid, code_hash, salt, tries, expires_at < now() as expired from one_time_code
      where purpose = $1 and target = $2 and used_at is null order by created_at desc limit 1`,
    [purpose, target],
  );
  const row = rows[0];
  if (!row) throw new Warning('server.code_invalid', {}, { field: 'code' });
  if (row.expired) throw new Warning('server.code_expired', {}, { field: 'code' });
  if (row.tries >= CODE_MAX_TRIES) throw new Warning('server.code_too_many_tries', {}, { field: 'code' });
  const given = Buffer.from(sha256(row.salt + code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
    const upd = await db.query<{ tries: number }>('update one_time_code set tries = tries + 1 where guid = $1 and tries < $2 returning tries', [row.guid, CODE_MAX_TRIES]);
    const left = upd.rows[0] ? CODE_MAX_TRIES - upd.rows[0].tries : 0;
    if (left <= 0) throw new Warning('server.code_too_many_tries', {}, { field: 'code' });
    throw new Warning('server.code_wrong', { left }, { field: 'code', left });
  }
  return row.guid;
};

/** Uses up a checked code; refused when a parallel request used it first. */
export const useCode = async (db: Queryable, guid: string) => {
  const used = await db.query('update one_time_code set used_at = now() where guid = $1 and used_at is null and tries < $2 and expires_at >= now() returning guid', [guid, CODE_MAX_TRIES]);
  if (!used.rows[0]) throw new Warning('server.code_invalid', {}, { field: 'code' });
};

/** Checks and uses up the latest code of `target`. */
export const consumeCode = async (db: Queryable, purpose: string, target: string, code: string) => useCode(db, await checkCode(db, purpose, target, code));

/** A link token for a user (reset, activation), mailed to `opts.address`; only its hash is stored, so the table cannot be replayed. */
export const issueLink = async (db: Queryable, purpose: string, userGuid: string, ttlSeconds: number, opts: { resendCheck?: boolean; address?: string } = {}) => {
  if (opts.resendCheck !== false) await checkResend(db, purpose, userGuid);
  const token = randomBytes(32).toString('base64url');
  await db.query('update one_time_code set used_at = now() where purpose = $1 and target = $2 and used_at is null', [purpose, userGuid]);
  await db.query(
    `insert into one_time_code (guid, purpose, target, code_hash, salt, expires_at, address) values ($1, $2, $3, $4, '', now() + make_interval(secs => $5), $6)`,
    [randomUUID(), purpose, userGuid, sha256(token), ttlSeconds, opts.address ?? null],
  );
  return token;
};

/** The user a live link belongs to, or a warning that it expired (the console then shows /resetExpire). */
export const readLink = async (db: Queryable, purpose: string, token: string) => {
  const { rows } = await db.query<{ guid: string; target: string; expires_at: string; address: string | null }>(
    'select guid, target, expires_at, address from one_time_code where purpose = $1 and code_hash = $2 and used_at is null and expires_at >= now()',
    [purpose, sha256(token)],
  );
  if (!rows[0]) throw new Warning('server.link_expired', {}, { expired: true });
  return { guid: rows[0].guid, userGuid: rows[0].target, expiresAt: rows[0].expires_at, address: rows[0].address };
};

/** The address a code was mailed to (`issueCode`'s `address`), or null. */
export const addressOfCode = async (db: Queryable, guid: string) =>
  (await db.query<{ address: string | null }>('select address from one_time_code where guid = $1', [guid])).rows[0]?.address ?? null;

/** Marks a link used; false when a parallel request used it first. */
export const useLink = async (db: Queryable, guid: string) =>
  (await db.query('update one_time_code set used_at = now() where guid = $1 and used_at is null and expires_at >= now() returning guid', [guid])).rows.length === 1;

/**
 * Drops codes and links a day after they expired (anyone may ask for a code to any address): until
 * then an expired one still says "expired" rather than "invalid"; a live one is never touched.
 */
export const pruneCodes = (db: Queryable) => db.query("delete from one_time_code where expires_at < now() - interval '1 day'");
