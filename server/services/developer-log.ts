import type { Queryable } from '../db/driver.ts';
import { COUNT_CAP, keysetAnswer } from '../engine/paging.ts';

export interface DeveloperLogSearch {
  bu_guid: string;
  from: Date;
  to: Date;
  /** Only open-API calls, or only event pushes; both when absent. */
  kind?: 'api' | 'event';
  app_guid?: string;
  /** The API's code, or the event's type. */
  code?: string;
  http_status?: number;
  /** A request id, or an event id. */
  ref_id?: string;
  cursor?: string;
  with_total: boolean;
  pageSize: number;
}

const TIME = (col: string, us: boolean) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${us ? 'US' : 'MS'}"Z"')`;

/** Each log the search reads: its table, and its columns for the shared row. */
const SOURCES = {
  api: { table: 'api_log', code: 'api_code', ref: 'request_id' },
  event: { table: 'event_attempt', code: 'event_type', ref: 'event_id' },
} as const;

/**
 * One page of the BU's developer log (docs/apps.md, "Developer log"): its apps' open-API calls and
 * event pushes, and those of the store apps it installed within it, together, newest first, by keyset over (created_at, id). Each log is read through its
 * own (app_guid, created_at) index, a page's worth from each, then merged; no data is copied. The
 * total is capped at COUNT_CAP and counted only when asked.
 */
export const searchDeveloperLog = async (db: Queryable, q: DeveloperLogSearch) => {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const bu = p(q.bu_guid);
  const only = q.app_guid ? p(q.app_guid) : undefined;
  const apps = `select guid from app where bu_guid = ${bu}${only ? ` and guid = ${only}` : ''}`;
  // The store apps the BU installed: their calls into it and the events it sent them, not their other buyers'.
  const installed = `select app_guid from installed_app where bu_guid = ${bu}${only ? ` and app_guid = ${only}` : ''}`;
  const from = p(q.from.toISOString());
  const to = p(q.to.toISOString());
  const cursor = q.cursor?.split('|');
  const after = cursor ? ` and (l.created_at, l.id) < (${p(cursor[0])}::timestamptz, ${p(cursor[1])}::uuid)` : '';
  const code = q.code ? p(q.code) : undefined;
  const status = q.http_status !== undefined ? p(q.http_status) : undefined;
  const ref = q.ref_id ? p(q.ref_id) : undefined;
  const kinds = (Object.keys(SOURCES) as (keyof typeof SOURCES)[]).filter((k) => !q.kind || q.kind === k);
  const where = (k: keyof typeof SOURCES) => {
    const s = SOURCES[k];
    return [
      `(l.app_guid in (${apps}) or (l.app_guid in (${installed}) and l.bu_guid = ${bu}))`,
      `l.created_at >= ${from}`,
      `l.created_at <= ${to}`,
      ...(code ? [`l.${s.code} = ${code}`] : []),
      ...(status ? [`l.http_status = ${status}`] : []),
      ...(ref ? [`l.${s.ref} = ${ref}`] : []),
    ].join(' and ');
  };
  const branch = (k: keyof typeof SOURCES) => {
    const s = SOURCES[k];
    return `(select l.id, '${k}' as kind, l.app_guid, l.${s.code} as code, l.http_status, l.${s.ref} as ref_id, l.ms, l.created_at
      from ${s.table} l where ${where(k)}${after} order by l.created_at desc, l.id desc limit ${q.pageSize})`;
  };
  const total = kinds.map((k) => `(select count(*) from (select 1 from ${SOURCES[k].table} l where ${where(k)} limit ${COUNT_CAP + 1}) c)`).join(' + ');
  const { rows } = await db.query<{ list: (Record<string, unknown> & { id: string; at: string })[]; total: number | null }>(
    `with merged as (${kinds.map(branch).join(' union all ')}),
     page as (
       select m.id, m.kind, m.app_guid, a.name as app_name, a.bu_guid is distinct from ${bu} as installed, m.code, m.http_status, m.ref_id, m.ms,
         ${TIME('m.created_at', false)} as created_at, ${TIME('m.created_at', true)} as at
       from merged m join app a on a.guid = m.app_guid
       order by m.created_at desc, m.id desc limit ${q.pageSize})
     select coalesce((select json_agg(page order by page.at desc, page.id desc) from page), '[]'::json) as list,
       ${q.with_total ? `(${total})::int` : 'null::int'} as total`,
    params,
  );
  return keysetAnswer(rows[0].list, rows[0].total, q.pageSize);
};
