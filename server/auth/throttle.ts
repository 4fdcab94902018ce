import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';

export interface ThrottlePolicy {
  /** Wrong passwords allowed within one window. */
  limit: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Per address and call, for the public calls that invite guessing (logins, codes, reset links), on top of the per-username throttle. */
export const LOGIN_RATE = { max: 60, timeWindow: '1 minute' };

export const DEFAULT_THROTTLE: ThrottlePolicy = { limit: 5, windowSeconds: 900, lockSeconds: 900 };

/**
 * Which lane of a username's lockout an attempt counts in. Wrong passwords from addresses the
 * account has never logged in from share one lane, so guessing from anywhere locks it; each
 * address the account has logged in from has a lane of its own, so a stranger's guesses cannot
 * lock its owner out (the owner's own wrong passwords still lock that address).
 */
export const laneOf = async (db: Queryable, userGuid: string | undefined, ip: string) => {
  if (!userGuid) return '';
  const { rows } = await db.query('select 1 from login_address where user_guid = $1 and ip = $2', [userGuid, ip]);
  return rows[0] ? ip : '';
};

/** After a successful login: the address is one the account has logged in from. */
export const rememberAddress = (db: Queryable, userGuid: string, ip: string) =>
  db.query('insert into login_address (user_guid, ip) values ($1, $2) on conflict (user_guid, ip) do update set last_at = now()', [userGuid, ip]);

/**
 * Every attempt takes a slot atomically before the password is checked, so parallel guesses
 * cannot slip past the limit; a success gives the lane back. Answers `locked` the one time the
 * attempt is the one that locks the lane, so the account can be told once.
 */
export const takeAttempt = async (db: Queryable, username: string, policy = DEFAULT_THROTTLE, lane = '', onLocked?: () => Promise<void>) => {
  const { rows } = await db.query<{ failures: number; locked_seconds: number | null }>(
    `insert into login_attempt as a (username, ip, failures, window_start) values ($1, $5, 1, now())
     on conflict (username, ip) do update set
       failures = case when a.window_start < now() - make_interval(secs => $2) and (a.locked_until is null or a.locked_until < now()) then 1 else a.failures + 1 end,
       window_start = case when a.window_start < now() - make_interval(secs => $2) and (a.locked_until is null or a.locked_until < now()) then now() else a.window_start end,
       locked_until = case when a.locked_until > now() then a.locked_until
                           when (case when a.window_start < now() - make_interval(secs => $2) then 1 else a.failures + 1 end) > $3 then now() + make_interval(secs => $4)
                           else null end
     returning failures, extract(epoch from (locked_until - now()))::float as locked_seconds`,
    [username, policy.windowSeconds, policy.limit, policy.lockSeconds, lane],
  );
  const row = rows[0];
  if (row.locked_seconds !== null && row.locked_seconds > 0) {
    if (row.failures === policy.limit + 1) await onLocked?.();
    // A waiting transaction's now() can precede the one that set the lock: never say more than the lock lasts.
    const seconds = Math.min(row.locked_seconds, policy.lockSeconds);
    throw new Warning('server.login_throttled', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
};

/** A success clears its own lane; a reset, an unlock link or an operator clears every lane (`lane` undefined). */
export const clearAttempts = (db: Queryable, username: string, lane?: string) =>
  lane === undefined ? db.query('delete from login_attempt where username = $1', [username]) : db.query('delete from login_attempt where username = $1 and ip = $2', [username, lane]);

/** The longest window a lane counts in: a BU's login policy allows `cycle_seconds` up to a day (schemas/sso.ts). */
const LONGEST_WINDOW_SECONDS = 86_400;

/**
 * Drops lanes that count nothing any more — their longest possible window has passed and they hold
 * no lock — which `takeAttempt` would start again at 1 anyway: a stranger's guesses at made-up
 * usernames do not stay for good.
 */
export const pruneAttempts = (db: Queryable) =>
  db.query('delete from login_attempt where window_start < now() - make_interval(secs => $1) and (locked_until is null or locked_until < now())', [LONGEST_WINDOW_SECONDS]);
