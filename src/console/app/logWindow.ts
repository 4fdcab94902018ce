/** The log pages' time window (spec: 7 days); a form refuses a longer one before asking. */
export const WINDOW_DAYS = 7;
export const DAY = 86_400_000;

/** `datetime-local` speaks the person's local time without a zone. */
export const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocal = (v: string) => new Date(v).toISOString();
/** A minute-precise end includes its whole minute: "to 16:45" keeps a push at 16:45:30. */
const toLocal = (v: string) => new Date(new Date(v).getTime() + 59_999).toISOString();

/** The window typed into a search form, or null when it is missing, reversed or longer than WINDOW_DAYS. */
export const windowOf = (from: string, to: string) => {
  if (!from || !to) return null;
  const start = new Date(from).getTime();
  const end = new Date(to).getTime();
  return Number.isNaN(start) || Number.isNaN(end) || start > end || end - start > WINDOW_DAYS * DAY ? null : { from: fromLocal(from), to: toLocal(to) };
};
