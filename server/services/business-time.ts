/**
 * The business time zone (`BUSINESS_TIME_ZONE`, an IANA name, `Asia/Shanghai` by default): the
 * zone in which a spreadsheet's times without an offset are read and its times are written, alike
 * for Excel date cells, CSV text and date-only values (docs/orders.md, "Import and export").
 */

const zoneOf = (name: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`BUSINESS_TIME_ZONE: "${name}" is no IANA time zone (such as Asia/Shanghai)`);
  }
};

export const BUSINESS_TIME_ZONE = zoneOf(process.env.BUSINESS_TIME_ZONE?.trim() || 'Asia/Shanghai');

const wallParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** The wall clock of the business zone at an instant, as a Date whose UTC fields are that clock (what an Excel date cell holds). */
export const wallClock = (at: Date): Date => {
  const p = Object.fromEntries(wallParts.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, at.getUTCMilliseconds()));
};

/** The instant at which the business zone's clock reads `wall` (a Date whose UTC fields are that clock). */
export const fromWallClock = (wall: Date): Date => {
  // The zone's offset at the wall time taken as UTC, then at the instant that gives (a change of offset in between moves it once).
  let at = wall.getTime() - (wallClock(wall).getTime() - wall.getTime());
  at = wall.getTime() - (wallClock(new Date(at)).getTime() - at);
  return new Date(at);
};

/** An instant as ISO 8601 at the business zone's offset: `2026-11-20T16:00:00+08:00`. */
export const businessIso = (t: Date | string) => {
  const at = new Date(t);
  const wall = wallClock(at);
  const offset = Math.round((wall.getTime() - at.getTime()) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  const text = wall.toISOString();
  const ms = text.slice(19, 23) === '.000' ? '' : text.slice(19, 23);
  return `${text.slice(0, 19)}${ms}${sign}${hh}:${mm}`;
};

/** An instant as a person reads it in the business zone, the zone named: `2026-11-20 16:00:00 (Asia/Shanghai)`. */
export const businessText = (t: Date | string) => `${wallClock(new Date(t)).toISOString().slice(0, 19).replace('T', ' ')} (${BUSINESS_TIME_ZONE})`;
