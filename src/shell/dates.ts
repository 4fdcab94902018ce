/**
 * The one way both consoles and the site show dates and times, in every language: `2026-11-25`
 * for a day and `2026-11-25 10:00:05` for an instant in the reader's time zone, the same form on
 * every screen (a list's "05:13" beside another's "05:18:12 GMT+8" read as two clocks). Where the
 * zone matters (logs, scheduled publishing) it is named once, in the column's title (`zoneName`),
 * not in each cell. A day is no instant: it is shown as stored, no zone shifts it.
 */

const parts = new Intl.DateTimeFormat('en-US', {
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'shortOffset',
});

/** An instant (ISO 8601, epoch ms or a Date) in the reader's zone, to the second. */
export const formatInstant = (at: string | number | Date | null | undefined) => {
  if (at === null || at === undefined || at === '') return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

/** The reader's zone as an offset, `GMT+8`, as a column of instants names it. */
export const zoneName = () => parts.formatToParts(new Date()).find((x) => x.type === 'timeZoneName')?.value ?? '';

/** A calendar day (`YYYY-MM-DD` as stored, or an instant's day in the reader's zone), without a time. */
export const formatDay = (day: string | null | undefined) => {
  if (!day) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : formatInstant(day).slice(0, 10);
};

/** The reader's time zone as pickers name it: `Asia/Shanghai (GMT+8)`. */
export const readerZone = () => `${Intl.DateTimeFormat().resolvedOptions().timeZone} (${zoneName()})`;
