import type { Db, Queryable } from '../db/driver.ts';
import { dayOf, dropLogDays, partitionsOf } from '../db/log-partitions.ts';
import { orderedId } from '../db/ordered-id.ts';
import { COUNT_CAP, keysetAnswer } from '../engine/paging.ts';
import { hourOf, nextHour } from './api-log-hours.ts';
import { LogBatches } from './log-batches.ts';

export interface ApiLogEntry {
  appGuid: string;
  buGuid: string;
  apiCode: string;
  httpStatus: number;
  /** The envelope's code (200, 201), or null when the answer had none (a fault). */
  code: number | null;
  ms: number;
  requestId: string;
}

/** Entries wait at most this long, or until this many are waiting, before one insert writes them all. */
export const API_LOG_FLUSH = { ms: 100, rows: 500 };

/**
 * The call log's writer: an open-API call appends its entry in memory and is answered; one
 * multi-row insert writes what has gathered every 100 ms (or 500 entries). A search flushes first,
 * so it sees every call made before it; a stop flushes too. A failed insert is tried again
 * (server/services/log-batches.ts); a crash loses what is queued.
 */
export class ApiLogWriter {
  private readonly batches: LogBatches<ApiLogEntry & { id: string; at: Date }>;

  constructor(
    private readonly db: Queryable,
    onError: (e: unknown) => void = () => {},
  ) {
    this.batches = new LogBatches((batch) => this.insert(batch), onError, API_LOG_FLUSH, { log: { db, name: 'api_log' } });
  }

  record(e: ApiLogEntry) {
    const at = new Date();
    this.batches.add({ ...e, id: orderedId(at.getTime()), at });
  }

  /** Writes everything recorded so far; resolves once it is in the table (or back in the queue, tried again). One insert at a time, in order. */
  flush(): Promise<void> {
    return this.batches.flush();
  }

  private async insert(batch: (ApiLogEntry & { id: string; at: Date })[]) {
    const col = <K extends keyof (typeof batch)[number]>(k: K) => batch.map((e) => e[k]);
    // The rows and their hours' counts in one statement: the two never disagree.
    await this.db.query(
      `with added as (
         insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at)
         select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::smallint[], $6::smallint[], $7::real[], $8::text[], $9::timestamptz[])
         returning app_guid, created_at, api_code, http_status)
       insert into api_log_hour (app_guid, hour, api_code, http_status, n)
       select app_guid, date_trunc('hour', created_at, 'UTC'), api_code, http_status, count(*) from added group by 1, 2, 3, 4
       on conflict (app_guid, hour, api_code, http_status) do update set n = api_log_hour.n + excluded.n`,
      [col('id'), col('appGuid'), col('buGuid'), col('apiCode'), col('httpStatus'), col('code'), col('ms'), col('requestId'), batch.map((e) => e.at.toISOString())],
    );
  }
}

/**
 * Rows of the hours that ended `days` ago or earlier go, `batch` at a time so no statement holds the
 * table long, and then those hours' counts; whole hours, so the counts stay exact. On PostgreSQL the
 * log is partitioned by day (server/db/log-partitions.ts): whole days before the retention's day are
 * dropped, the default partition's rows before it deleted in batches, and the counts cut at that
 * midnight, so rows and counts still agree. Answers the rows deleted (a dropped day is not counted).
 */
export const pruneApiLog = async (db: Db, days: number, batch = 5000) => {
  const parts = (await partitionsOf(db, ['api_log'])).get('api_log');
  const at = Date.now() - days * 86_400_000;
  const cutoff = (parts ? new Date(dayOf(at)) : hourOf(new Date(at))).toISOString();
  if (parts) await dropLogDays(db, 'api_log', dayOf(at), parts);
  // The default partition holds only strays (server/db/log-partitions.ts): its rows go as the whole table's did.
  const table = parts ? 'api_log_default' : 'api_log';
  let removed = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `with old as (select id from ${table} where created_at < $1 limit $2)
       delete from ${table} where id in (select id from old) returning 1 as n`,
      [cutoff, batch],
    );
    removed += rows.length;
    if (rows.length < batch) break;
  }
  await db.query('delete from api_log_hour where hour < $1', [cutoff]);
  return removed;
};

/**
 * The hourly upkeep: prune past the retention, then vacuum and analyze the table. PostgreSQL's
 * autovacuum would do the latter; the embedded database has none, and without it the search's
 * index cannot answer counts alone and the planner misjudges the app's share of the rows.
 */
export const maintainApiLog = async (db: Db, days: number) => {
  const removed = await pruneApiLog(db, days);
  await db.query('vacuum (analyze) api_log');
  return removed;
};

export interface ApiLogSearch {
  app_guid: string;
  from: Date;
  to: Date;
  api_code?: string;
  http_status?: number;
  request_id?: string;
  cursor?: string;
  with_total: boolean;
  pageSize: number;
}

/** One statement's parameters: each value once, numbered as it is added. */
class Params {
  readonly values: unknown[] = [];
  p = (value: unknown) => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
}

/** The rows of one app in [from, to] (`to` excluded unless `inclusive`) matching the search's filters. */
const rowsWhere = (q: ApiLogSearch, p: Params['p'], from: Date, to: Date, inclusive = true) =>
  [
    `app_guid = ${p(q.app_guid)}`,
    `created_at >= ${p(from.toISOString())}`,
    `created_at ${inclusive ? '<=' : '<'} ${p(to.toISOString())}`,
    ...(q.api_code ? [`api_code = ${p(q.api_code)}`] : []),
    ...(q.http_status !== undefined ? [`http_status = ${p(q.http_status)}`] : []),
    ...(q.request_id ? [`request_id = ${p(q.request_id)}`] : []),
  ].join(' and ');

const countRows = (where: string) => `(select count(*) from (select 1 from api_log where ${where} limit ${COUNT_CAP + 1}) capped)`;

/**
 * A search's total as SQL: the hourly counts of the whole hours inside its window plus the rows of
 * the partial hours at its two ends (server/services/api-log-hours.ts); a search by request id, or
 * one within two hours, counts its rows.
 */
const totalSql = (q: ApiLogSearch, p: Params['p']) => {
  const first = nextHour(q.from);
  const last = hourOf(q.to);
  if (q.request_id || first >= last) return countRows(rowsWhere(q, p, q.from, q.to));
  const hours = [
    `app_guid = ${p(q.app_guid)}`,
    `hour >= ${p(first.toISOString())}`,
    `hour < ${p(last.toISOString())}`,
    ...(q.api_code ? [`api_code = ${p(q.api_code)}`] : []),
    ...(q.http_status !== undefined ? [`http_status = ${p(q.http_status)}`] : []),
  ].join(' and ');
  return `((select coalesce(sum(n), 0) from api_log_hour where ${hours}) + ${countRows(rowsWhere(q, p, q.from, first, false))} + ${countRows(rowsWhere(q, p, last, q.to))})`;
};

/**
 * One page of an app of the BU's log, newest first, by keyset: the index (app_guid, created_at
 * desc, id desc) serves both the window and the order, so a deep page costs what the first does.
 * The total is added up from the hourly counts, capped at COUNT_CAP ("10,000+"), and only when
 * asked. The app's ownership, the page and the total are one statement: on the embedded database
 * a round trip costs more than any of them. Null when the app is not the BU's.
 */
export const searchApiLog = async (db: Queryable, q: ApiLogSearch & { bu_guid: string }) => {
  const params = new Params();
  const { p } = params;
  const owned = `select 1 from app where guid = ${p(q.app_guid)} and bu_guid = ${p(q.bu_guid)}`;
  const cursor = q.cursor ? q.cursor.split('|') : undefined;
  const page = `select id, api_code, http_status, code, ms, request_id,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from api_log where ${rowsWhere(q, p, q.from, q.to)}${cursor ? ` and (created_at, id) < (${p(cursor[0])}::timestamptz, ${p(cursor[1])}::uuid)` : ''}
    order by api_log.created_at desc, id desc limit ${q.pageSize}`;
  // `at` keeps the microseconds a JavaScript date would drop, so the cursor neither skips nor repeats a row.
  const { rows } = await db.query<{ owned: boolean; list: (Record<string, unknown> & { id: string; at: string })[]; total: number | null }>(
    `with page as (${page})
     select exists (${owned}) as owned,
            coalesce((select json_agg(page order by page.at desc, page.id desc) from page), '[]'::json) as list,
            ${q.with_total ? `(${totalSql(q, p)})::int` : 'null::int'} as total`,
    params.values,
  );
  const { owned: mine, list, total } = rows[0];
  if (!mine) return null;
  return keysetAnswer(list, total, q.pageSize);
};
