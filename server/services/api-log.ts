import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/driver.ts';

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

/** Appends one open-API call to the log. */
export const recordApiCall = (db: Queryable, e: ApiLogEntry) =>
  db.query('insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id) values ($1, $2, $3, $4, $5, $6, $7, $8)', [
    randomUUID(), e.appGuid, e.buGuid, e.apiCode, e.httpStatus, e.code, e.ms, e.requestId,
  ]);

/** Rows older than `days` go, `batch` at a time so no statement holds the table long; answers how many. */
export const pruneApiLog = async (db: Queryable, days: number, batch = 5000) => {
  let removed = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `with old as (select id from api_log where created_at < now() - make_interval(days => $1) limit $2)
       delete from api_log where id in (select id from old) returning 1 as n`,
      [days, batch],
    );
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
};
