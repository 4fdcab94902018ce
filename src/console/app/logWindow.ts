import { DAY_MS, LOG_WINDOW_DAYS, LOG_WINDOW_MS, outsideLogWindow } from '../../../schemas/log-window.ts';

/** The log pages' time window (LOG_WINDOW_DAYS, the server's too); a form refuses a longer one before asking. */
export const WINDOW_DAYS = LOG_WINDOW_DAYS;
export const DAY = DAY_MS;
/** A search opened from a link to one entry (the developer log's rows) spans the whole window, a minute inside it. */
export const LINKED_SPAN = LOG_WINDOW_MS - 60_000;

/** `datetime-local` speaks the person's local time without a zone. */
export const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocal = (v: string) => new Date(v).toISOString();
/** A minute-precise end includes its whole minute: "to 16:45" keeps a push at 16:45:30. */
const toLocal = (v: string) => new Date(new Date(v).getTime() + 59_999).toISOString();

/**
 * The window typed into a search form, or null when it is missing, reversed or longer than
 * WINDOW_DAYS. An end left as the form first showed it (`shownTo`) means "now": a search finds what
 * happened since the page opened.
 */
export const windowOf = (from: string, to: string, shownTo?: string) => {
  if (!from || !to) return null;
  const start = new Date(from).getTime();
  const end = to === shownTo ? Date.now() : new Date(to).getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || outsideLogWindow(start, end)) return null;
  return { from: fromLocal(from), to: to === shownTo ? new Date(end).toISOString() : toLocal(to) };
};
