/** Failed credential checks allowed per lane in a window, before that lane is refused. */
export const APP_AUTH_FAILURES = { max: 10, windowMinutes: 15 };
const TRACKED = 10_000;

/**
 * The lane a token request counts in: its address with the app id it named. A stranger's wrong
 * secrets lock the stranger's own address for that app, never the app: the right secret from an
 * address that has not failed still gets a token. What protects an app from guessing spread over
 * many addresses is its secret's 256 random bits (and the call's per-address rate limit), not a
 * lockout (docs/security.md).
 */
export const appAuthLane = (appId: string, ip: string) => `${ip} ${appId}`;

/** Failures per lane in this process; bounded, oldest dropped first. */
export class FailureCounter {
  private readonly seen = new Map<string, { count: number; until: number }>();

  /** Minutes until a locked lane opens again; 0 when it is not locked. */
  blockedFor(lane: string, now = Date.now()) {
    const e = this.seen.get(lane);
    return e && e.until > now && e.count >= APP_AUTH_FAILURES.max ? Math.ceil((e.until - now) / 60_000) : 0;
  }

  fail(lane: string, now = Date.now()) {
    const e = this.seen.get(lane);
    const fresh = !e || e.until <= now;
    this.seen.delete(lane);
    this.seen.set(lane, { count: fresh ? 1 : e.count + 1, until: fresh ? now + APP_AUTH_FAILURES.windowMinutes * 60_000 : e.until });
    if (this.seen.size > TRACKED) this.seen.delete(this.seen.keys().next().value!);
  }
}
