import type { Counters } from '../services/counters.ts';

/** Failed credential checks allowed per lane in a window, before that lane is refused. */
export const APP_AUTH_FAILURES = { max: 10, windowMinutes: 15 };

/**
 * The lane a token request counts in: its address with the app id it named. A stranger's wrong
 * secrets lock the stranger's own address for that app, never the app: the right secret from an
 * address that has not failed still gets a token. What protects an app from guessing spread over
 * many addresses is its secret's 256 random bits (and the call's per-address rate limit), not a
 * lockout (docs/security.md). Counted in the shared counters, so every instance sees the same.
 */
const laneKey = (appId: string, ip: string) => `app-auth ${ip} ${appId}`;
const WINDOW_S = APP_AUTH_FAILURES.windowMinutes * 60;

/** Minutes until the lane opens again; 0 when it is not locked. */
export const appAuthBlockedFor = async (counters: Counters, appId: string, ip: string) => {
  const { count, resetSeconds } = await counters.peek(laneKey(appId, ip), WINDOW_S);
  return count >= APP_AUTH_FAILURES.max ? Math.ceil(resetSeconds / 60) : 0;
};

export const appAuthFailed = (counters: Counters, appId: string, ip: string) => counters.hit(laneKey(appId, ip), WINDOW_S);
