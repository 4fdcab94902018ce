/**
 * The call log's hourly counts (`api_log_hour`): per app, UTC hour, API code and HTTP status, kept
 * in the same statement that writes the log's rows. A search's total adds up the whole hours of
 * its window and counts only the rows of its two partial hours, so a total over a week of a busy
 * app costs what counting two hours does.
 */

/** Counts every row already in the log (the migration that adds the table; a bulk load). */
export const API_LOG_HOURS_BACKFILL = `insert into api_log_hour (app_guid, hour, api_code, http_status, n)
  select app_guid, date_trunc('hour', created_at, 'UTC'), api_code, http_status, count(*) from api_log group by 1, 2, 3, 4
  on conflict (app_guid, hour, api_code, http_status) do update set n = excluded.n`;

/** The start of the UTC hour holding `d`, and of the next one. */
export const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);
export const nextHour = (d: Date) => new Date(Math.ceil(d.getTime() / 3_600_000) * 3_600_000);
