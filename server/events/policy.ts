import { LOG_WINDOW_DAYS } from '../../schemas/log-window.ts';

/**
 * The delivery contract as data (docs/events.md): Lark retries 4 times over about 7 hours; we try
 * 10 times over about 35 hours, and pause an endpoint only after 3 days of failures.
 */

/** Seconds to wait after each failed attempt; after the last one the event is failed (replay sends it again). */
export const RETRY_DELAYS_S = [15, 60, 300, 1800, 3600, 10_800, 21_600, 43_200, 43_200] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** An endpoint that has failed every attempt for this long is paused. */
export const PAUSE_AFTER_MS = 3 * 86_400_000;
/**
 * A claimed event is due again after this if its instance died mid-push (same event_id); an
 * instance's EVENT_LEASE_S sets its own. At least LEASE_MIN_S: a push may take 5 s (connect 2 s,
 * the answer 3 s) before its attempt is recorded, and an event still out must not be claimed again.
 */
export const LEASE_S = 30;
export const LEASE_MIN_S = 10;
/** Outgoing requests: connect within 2 s, the whole answer within 3 s; a challenge must be echoed within 1 s. */
export const CONNECT_MS = 2000;
export const DEADLINE_MS = 3000;
export const CHALLENGE_MS = 1000;
/** At most this much of an answer is read; the first 1 KB of it is kept in the log. */
export const ANSWER_READ_MAX = 64 * 1024;
export const ANSWER_LOG_MAX = 1024;
/** Events and attempts are kept a day past the log's window (LOG_WINDOW_DAYS, schemas/log-window.ts); older rows go hourly. */
export const RETENTION_DAYS = LOG_WINDOW_DAYS + 1;
/** A replay sends at most this many events. */
export const REPLAY_MAX = 1000;
/**
 * Pushes in flight at once on one instance to one app's endpoint. Small, so that a slow or dead
 * endpoint holds only these few sockets while every other app's events go on being pushed, and no
 * receiver is flooded; 8 still lets a receiver answering in 50 ms take 160 events a second from
 * each instance, and 4 drained one app's backlog at less than half the rate (docs/events.md, "Figures").
 */
export const APP_IN_FLIGHT = 8;
/** Pushes in flight at once on one instance, all apps together: the sockets it may hold open. */
export const IN_FLIGHT_MAX = 128;
