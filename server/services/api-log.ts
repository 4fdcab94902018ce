import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/driver.ts';
import { COUNT_CAP } from '../engine/paging.ts';
import { Where } from '../engine/where.ts';
import { hourOf, nextHour } from './api-log-hours.ts';

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
 * so it sees every call made before it; a stop flushes too. A crash loses at most the last 100 ms.
 */
export class ApiLogWriter {
  private pending: (ApiLogEntry & { id: string; at: Date })[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  record(e: ApiLogEntry) {
    this.pending.push({ ...e, id: randomUUID(), at: new Date() });
    if (this.pending.length >= API_LOG_FLUSH.rows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), API_LOG_FLUSH.ms);
  }

  /** Writes everything recorded so far; resolves once it is in the table. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    // One insert at a time, in order.
    this.writing = this.writing.then(() => (batch.length ? this.insert(batch) : undefined)).catch(this.onError);
    return this.writing;
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
 * table long, and then those hours' counts; whole hours, so the counts stay exact. Answers how many.
 */
export const pruneApiLog = async (db: Queryable, days: number, batch = 5000) => {
  const cutoff = hourOf(new Date(Date.now() - days * 86_400_000)).toISOString();
  let removed = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `with old as (select id from api_log where created_at < $1 limit $2)
       delete from api_log where id in (select id from old) returning 1 as n`,
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
export const maintainApiLog = async (db: Queryable, days: number) => {
  const removed = await pruneApiLog(db, days);
  await db.query('vacuum (analyze) api_log');
  return removed;
};

/** Rows of a search in [from, to) (`inclusive`: [from, to]), counted one by one up to the cap. */
const countRows = async (db: Queryable, q: ApiLogSearch, from: Date, to: Date, inclusive: boolean) => {
  const where = searchWhere({ ...q, from, to });
  where.parts[2] = where.parts[2].replace('<=', inclusive ? '<=' : '<');
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from (select 1 from api_log${where.toSql()} limit ${COUNT_CAP + 1}) capped`, where.params);
  return rows[0].n;
};

/**
 * A search's total: the hourly counts of the whole hours inside its window plus the rows of the
 * partial hours at its two ends (server/services/api-log-hours.ts). A search by request id counts
 * its rows (a handful at most).
 */
const countApiLog = async (db: Queryable, q: ApiLogSearch) => {
  const first = nextHour(q.from);
  const last = hourOf(q.to);
  if (q.request_id || first >= last) return countRows(db, q, q.from, q.to, true);
  const hours = new Where()
    .add((p) => `app_guid = ${p(q.app_guid)}`)
    .add((p) => `hour >= ${p(first.toISOString())}`)
    .add((p) => `hour < ${p(last.toISOString())}`);
  if (q.api_code) hours.add((p) => `api_code = ${p(q.api_code)}`);
  if (q.http_status !== undefined) hours.add((p) => `http_status = ${p(q.http_status)}`);
  const [whole, head, tail] = await Promise.all([
    db.query<{ n: number }>(`select coalesce(sum(n), 0)::int as n from api_log_hour${hours.toSql()}`, hours.params),
    countRows(db, q, q.from, first, false),
    countRows(db, q, last, q.to, true),
  ]);
  return whole.rows[0].n + head + tail;
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

/** The rows of one app in [from, to] matching the search's filters. */
const searchWhere = (q: Pick<ApiLogSearch, 'app_guid' | 'from' | 'to' | 'api_code' | 'http_status' | 'request_id'>) => {
  const where = new Where()
    .add((p) => `app_guid = ${p(q.app_guid)}`)
    .add((p) => `created_at >= ${p(q.from.toISOString())}`)
    .add((p) => `created_at <= ${p(q.to.toISOString())}`);
  if (q.api_code) where.add((p) => `api_code = ${p(q.api_code)}`);
  if (q.http_status !== undefined) where.add((p) => `http_status = ${p(q.http_status)}`);
  if (q.request_id) where.add((p) => `request_id = ${p(q.request_id)}`);
  return where;
};

/**
 * One page of an app's log, newest first, by keyset: the index (app_guid, created_at desc, id desc)
 * serves both the window and the order, so a deep page costs what the first does. The total is
 * added up from the hourly counts (countApiLog), capped at COUNT_CAP ("10,000+"), and only when asked.
 */
export const searchApiLog = async (db: Queryable, q: ApiLogSearch) => {
  const where = searchWhere(q);
  const page = new Where();
  page.parts.push(...where.parts);
  page.params.push(...where.params);
  if (q.cursor) {
    const [at, id] = q.cursor.split('|');
    page.add((p) => `(created_at, id) < (${p(at)}::timestamptz, ${p(id)}::uuid)`);
  }
  const [rows, count] = await Promise.all([
    // `at` keeps the microseconds a JavaScript date would drop, so the cursor neither skips nor repeats a row.
    db.query<{ id: string; at: string }>(
      `select id, api_code, http_status, code, ms, request_id, created_at, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
       from api_log${page.toSql()} order by created_at desc, id desc limit ${q.pageSize}`,
      page.params,
    ),
    q.with_total ? countApiLog(db, q) : null,
  ]);
  const last = rows.rows.length === q.pageSize ? rows.rows.at(-1) : undefined;
  const total = count ?? undefined;
  return {
    list: rows.rows.map(({ at: _, ...row }) => row),
    page_size: q.pageSize,
    next: last ? `${last.at}|${last.id}` : null,
    ...(total === undefined ? {} : { count: Math.min(total, COUNT_CAP), count_capped: total > COUNT_CAP }),
  };
};
