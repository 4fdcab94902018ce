import type { Db } from '../db/driver.ts';
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
 * Repeated wrong passwords lock the username. Every attempt takes a slot atomically before the
 * password is checked, so parallel guesses cannot slip past the limit; a success gives it back.
 */
export const takeAttempt = async (db: Db, username: string, policy = DEFAULT_THROTTLE) => {
  const { rows } = await db.query<{ failures: number; locked_seconds: number | null }>(
    `insert into login_attempt as a (username, failures, window_start) values ($1, 1, now())
     on conflict (username) do update set
       failures = case when a.window_start < now() - make_interval(secs => $2) and (a.locked_until is null or a.locked_until < now()) then 1 else a.failures + 1 end,
       window_start = case when a.window_start < now() - make_interval(secs => $2) and (a.locked_until is null or a.locked_until < now()) then now() else a.window_start end,
       locked_until = case when a.locked_until > now() then a.locked_until
                           when (case when a.window_start < now() - make_interval(secs => $2) then 1 else a.failures + 1 end) > $3 then now() + make_interval(secs => $4)
                           else null end
     returning failures, extract(epoch from (locked_until - now()))::float as locked_seconds`,
    [username, policy.windowSeconds, policy.limit, policy.lockSeconds],
  );
  const row = rows[0];
  if (row.locked_seconds !== null && row.locked_seconds > 0) {
    throw new Warning('server.login_throttled', { minutes: Math.max(1, Math.ceil(row.locked_seconds / 60)) });
  }
};

export const clearAttempts = (db: Db, username: string) => db.query('delete from login_attempt where username = $1', [username]);
