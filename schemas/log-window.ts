/**
 * Logs are searched within a window of at most LOG_WINDOW_DAYS (spec §5 and §9): every log search
 * on the server refuses a wider one, and every log screen refuses it before asking (docs/views.md,
 * "A log's window"). One number, read by both sides.
 */
export const LOG_WINDOW_DAYS = 7;
export const DAY_MS = 86_400_000;
export const LOG_WINDOW_MS = LOG_WINDOW_DAYS * DAY_MS;

/** A window no search takes: its end before its start, or its ends further apart than `days`. */
export const outsideLogWindow = (from: Date | number, to: Date | number, days = LOG_WINDOW_DAYS) => {
  const start = +from;
  const end = +to;
  return start > end || end - start > days * DAY_MS;
};
