import type { Caller } from '../auth/caller.ts';
import { ident, type AppendValue, type Db, type Queryable } from '../db/driver.ts';
import { dayOf, dropLogDays, partitionsOf } from '../db/log-partitions.ts';
import { timeUuid } from '../db/time-uuid.ts';
import { COUNT_CAP } from '../engine/paging.ts';
import type { RequestEntry } from '../http/user-request-log.ts';
import { LogBatches } from './log-batches.ts';

/**
 * The audit logs (docs/operator.md, "Audit logs"): sign-in attempts (`login_log`), writes through
 * the engine (`operation_log`) and calls made with a user's token (`request_log`). Their tables
 * come from their definitions (resources/audit-log.ts).
 *
 * Writing costs a call nothing it waits for: an entry is appended in memory, and one append per
 * table (a COPY on the embedded database) writes what has gathered every 100 ms (or 500 entries).
 * A search flushes first, so it sees every entry recorded before it; a stop flushes too. A failed
 * append is tried again (server/services/log-batches.ts); a crash loses what is queued.
 */
export const AUDIT_FLUSH = { ms: 100, rows: 500 };
/** Days the audit logs keep by default (AUDIT_LOG_RETENTION_DAYS); older rows go hourly, in batches. */
export const AUDIT_RETENTION_DAYS = 90;
export const AUDIT_TABLES = ['login_log', 'operation_log', 'request_log'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOr = (v: unknown, fallback: string | null = null) => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : fallback);
const cut = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
/** A field name worth keeping: an identifier, not whatever a body put in a key. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_FIELDS = 50;
const NOT_FIELDS = new Set(['guid', 'guids', 'page', 'page_size']);

/**
 * One table's batched writer (server/services/log-batches.ts): rows gather in memory and go in one
 * `append`, again after a failure. Each row is keyed by a time-ordered guid and stamped with the
 * time it was recorded.
 */
class BatchWriter {
  private readonly batches: LogBatches<AppendValue[]>;

  constructor(db: Db, table: (typeof AUDIT_TABLES)[number], columns: readonly string[], onError: (e: unknown) => void) {
    const all = ['guid', 'created_at', 'updated_at', 'created_by', ...columns];
    this.batches = new LogBatches((rows) => db.append(table, all, rows), onError, AUDIT_FLUSH, { log: { db, name: table } });
  }

  /** A row of the table's own columns, made by `by` (a user's guid, or null). */
  record(by: string | null, values: AppendValue[]) {
    const now = Date.now();
    const at = new Date(now).toISOString();
    this.batches.add([timeUuid(now), at, at, by, ...values]);
  }

  /** Writes everything recorded so far; resolves once it is in the table (or back in the queue). One append at a time, in order. */
  flush(): Promise<void> {
    return this.batches.flush();
  }
}

export interface LoginAttempt {
  scene: 'admin' | 'tenant';
  username: unknown;
  userGuid?: string | null;
  result: string;
  /** One of LOGIN_METHODS (schemas/audit-log.ts). */
  method: string;
  ip: string;
  userAgent: unknown;
}

export interface Operation {
  /** The definition the write changes. */
  resource: string;
  action: string;
  path: string;
  caller: Caller | null;
  input: Record<string, unknown>;
  result: unknown;
  ip: string;
  /** The names the body may give (a verb's definition's fields); absent: the body's keys (a handler's, a rule's own write). */
  fields?: ReadonlySet<string>;
}

/** The names of the fields a write's body gave. */
const fieldNames = (op: Operation) =>
  Object.keys(op.input)
    .filter((k) => !NOT_FIELDS.has(k) && FIELD_NAME.test(k) && (!op.fields || op.fields.has(k)))
    .slice(0, MAX_FIELDS);

/** The row a write names: the answer's guid, else the body's (`guid`, or the first of `guids`). */
const targetOf = (op: Operation) => {
  const answer = op.result && typeof op.result === 'object' && !Array.isArray(op.result) ? (op.result as Record<string, unknown>) : {};
  const guids = Array.isArray(op.input.guids) ? op.input.guids : [];
  return { target: uuidOr(answer.guid) ?? uuidOr(op.input.guid) ?? uuidOr(guids[0]), bu: uuidOr(answer.bu_guid) };
};

/**
 * The three writers. A row names the account as the caller's session knows it (the username
 * survives the account). A server built without the logs' definitions (a test's own registry)
 * gets writers that keep nothing.
 */
export class AuditLogs {
  private readonly logins?: BatchWriter;
  private readonly operations?: BatchWriter;
  private readonly requests?: BatchWriter;

  constructor(private readonly db: Db, tables: ReadonlySet<string>, onError: (e: unknown) => void = () => {}) {
    if (tables.has('login_log')) this.logins = new BatchWriter(db, 'login_log', ['scene', 'username', 'user_guid', 'result', 'method', 'ip', 'user_agent'], onError);
    if (tables.has('operation_log')) this.operations = new BatchWriter(db, 'operation_log', ['user_guid', 'username', 'user_type', 'bu_guid', 'resource', 'action', 'path', 'target_guid', 'fields', 'ip'], onError);
    if (tables.has('request_log')) this.requests = new BatchWriter(db, 'request_log', ['user_guid', 'username', 'user_type', 'bu_guid', 'method', 'path', 'http_status', 'code', 'ms', 'request_id', 'ip', 'user_agent'], onError);
  }

  login(a: LoginAttempt) {
    const user = uuidOr(a.userGuid);
    this.logins?.record(user, [a.scene, cut(a.username, 64).trim(), user, a.result, a.method, cut(a.ip, 64), cut(a.userAgent, 512)]);
  }

  /** A write that succeeded, by an operator or a tenant user (`caller`); field names only, never values. */
  operation(op: Operation) {
    const caller = op.caller;
    if (!this.operations || !caller) return;
    const { target, bu } = targetOf(op);
    this.operations.record(caller.userGuid, [
      caller.userGuid,
      caller.username,
      caller.userType,
      caller.buGuid ?? bu,
      cut(op.resource, 64),
      cut(op.action, 32),
      cut(op.path, 200),
      target,
      fieldNames(op),
      cut(op.ip, 64),
    ]);
  }

  request(r: RequestEntry) {
    const caller = r.caller;
    this.requests?.record(caller.userGuid, [
      caller.userGuid,
      caller.username,
      caller.userType,
      caller.buGuid,
      cut(r.method, 8),
      cut(r.path, 200),
      r.httpStatus,
      r.code,
      Math.round(r.ms * 10) / 10,
      cut(r.requestId, 64),
      cut(r.ip, 64),
      cut(r.userAgent, 512),
    ]);
  }

  /** Writes every entry recorded so far (a stop's last step), or those of one table (a search's first; none for a table no writer keeps). */
  async flush(table?: string) {
    const writers: Record<string, BatchWriter | undefined> = { login_log: this.logins, operation_log: this.operations, request_log: this.requests };
    await Promise.all((table ? [writers[table]] : Object.values(writers)).map((w) => w?.flush()));
  }

  /** A keyset search (server/engine/keyset.ts), seeing every entry recorded before it. */
  async search(q: LogSearch) {
    await this.flush(q.table);
    return searchLog(this.db, q);
  }

  /** One row by guid with its exact time, seeing every entry recorded before it. */
  async row(table: string, columns: readonly string[], guid: string) {
    await this.flush(table);
    return logRow(this.db, table, columns, guid);
  }
}

/** The entry a sign-in's refusal leaves: the key of the sentence it answered. */
export const loginResultOf = (e: unknown): string => {
  const key = (e as { key?: unknown })?.key;
  if (typeof key !== 'string') return 'other';
  const reason = key.replace(/^server\./, '');
  if (reason === 'validation_failed') return 'invalid_input';
  if (reason === 'code_wrong' || reason === 'code_expired' || reason === 'code_too_many_tries') return 'code_invalid';
  if (reason.startsWith('sso.rejected.') || reason === 'sso.flow_lost') return 'sso_rejected';
  if (reason === 'sso.unknown_company' || reason === 'sso.not_offered') return 'sso_unknown_company';
  if (reason === 'sso.not_provisioned' || reason === 'sso.account_deleted') return 'sso_not_provisioned';
  if (reason === 'sso.password_not_allowed' || reason === 'sso.code_not_allowed' || reason === 'sso.code_only') return 'login_type_not_allowed';
  return ['login_failed', 'login_throttled', 'account_frozen', 'account_not_activated', 'ip_not_allowed', 'code_invalid'].includes(reason) ? reason : 'other';
};

/**
 * Records one sign-in attempt around `attempt`: success (naming the account the answer names) or
 * the refusal's reason; the answer, or the refusal, passes through unchanged. The attempt may
 * change `a.method` (an owner's break-glass password).
 */
export const recordLogin = async <T extends { user?: unknown }>(audit: AuditLogs, a: Omit<LoginAttempt, 'result' | 'userGuid'>, attempt: () => Promise<T>): Promise<T> => {
  try {
    const answer = await attempt();
    audit.login({ ...a, result: 'success', userGuid: uuidOr((answer.user as { guid?: unknown } | undefined)?.guid) });
    return answer;
  } catch (e) {
    audit.login({ ...a, result: loginResultOf(e) });
    throw e;
  }
};

/* Search ----------------------------------------------------------------------------------------- */

/** One statement's parameters: each value once, numbered as it is added. */
class Params {
  readonly values: unknown[] = [];
  p = (value: unknown) => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
}

export interface LogSearch {
  /** Any table with `created_at` and `guid` (an audit log's is flushed first). */
  table: string;
  /** The columns answered besides guid and created_at (from the definition). */
  columns: readonly string[];
  from: Date;
  to: Date;
  /** Column → value, each an equality (undefined: no condition). */
  eq: Record<string, unknown>;
  /** Column → values, each a membership (a fixed part of the search, e.g. tenant users only). */
  any?: Record<string, readonly (string | number)[]>;
  /** The `next` of the previous page: the rows after it (keyset); else `offset` rows are skipped. */
  cursor?: string;
  offset: number;
  pageSize: number;
  withTotal: boolean;
}

/**
 * Filters that narrow a log little: a search by none but these (browsing the window) may take its
 * total from the planner's estimate (DESIGN: a 10,000-row count would cost several pages).
 */
const BROAD = new Set(['user_type', 'scene', 'result']);
/** An estimate this far past the cap is trusted as "10,000+" without counting. */
export const ESTIMATE_TRUSTED = 10 * COUNT_CAP;
/** The planner's statistics change with the hourly analyze: an estimate is kept a minute. */
const ESTIMATE_MS = 60_000;
const estimates = new Map<string, { rows: number; until: number }>();

/** The planner's estimate of the rows a condition matches, kept a minute per search (`key`). */
const estimateRows = async (db: Queryable, key: string, from: string, params: unknown[]) => {
  const now = Date.now();
  const hit = estimates.get(key);
  if (hit && hit.until > now) return hit.rows;
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) select 1 ${from}`, params);
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  const n = parsed?.[0]?.Plan?.['Plan Rows'] ?? 0;
  if (estimates.size >= 256) estimates.clear();
  estimates.set(key, { rows: n, until: now + ESTIMATE_MS });
  return n;
};

/** A time as the log answers it (ms), and exactly (µs) for the cursor. */
const AT = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const msOf = (at: string) => `${at.slice(0, 23)}Z`;

/**
 * One page of a log, newest first: by keyset after `cursor` (the index on (created_at, guid), or
 * on a filter column ahead of them, serves window and order, so a deep page costs what the first
 * does), else by offset for the console's numbered pages. The total is counted up to COUNT_CAP
 * ("10,000+") and only when asked; a search that only browses the window (no narrowing filter)
 * whose estimate is far past the cap answers "10,000+" without counting, and a short page knows its
 * total. Page and count are one statement (the count an init plan beside the rows): on the
 * embedded database a round trip costs more than either.
 */
export const searchLog = async (db: Queryable, q: LogSearch) => {
  const params = new Params();
  const { p } = params;
  const eq = Object.entries(q.eq).filter(([, v]) => v !== undefined && v !== null && v !== '');
  const conds = [
    `t.created_at >= ${p(q.from.toISOString())}::timestamptz`,
    `t.created_at <= ${p(q.to.toISOString())}::timestamptz`,
    ...eq.map(([c, v]) => `t.${ident(c)} = ${p(v)}`),
    ...Object.entries(q.any ?? {}).map(([c, values]) => `t.${ident(c)} = any(${p(values)})`),
  ].join(' and ');
  const table = ident(q.table);
  let count = q.withTotal;
  if (count && eq.every(([c]) => BROAD.has(c))) {
    // The same search a minute later is the same estimate: the key is the filters, the window's length and its end to the minute.
    const key = JSON.stringify([q.table, eq, q.any, Math.round((q.to.getTime() - q.from.getTime()) / 3_600_000), Math.round(q.to.getTime() / 60_000)]);
    count = (await estimateRows(db, key, `from ${table} t where ${conds}`, [...params.values])) <= ESTIMATE_TRUSTED;
  }
  const [at, id] = q.cursor ? q.cursor.split('|') : [];
  const keyset = q.cursor ? ` and (t.created_at, t.guid) < (${p(at)}::timestamptz, ${p(id)}::uuid)` : '';
  const cols = q.columns.map((c) => `t.${ident(c)}`).join(', ');
  const total = count ? `(select count(*)::int from (select 1 from ${table} t where ${conds} limit ${COUNT_CAP + 1}) capped)` : 'null::int';
  const { rows } = await db.query<Record<string, unknown> & { guid: string; at: string; total: number | null }>(
    `select t.guid, ${cols}, ${AT('t.created_at')} as at, ${total} as total
     from ${table} t where ${conds}${keyset} order by t.created_at desc, t.guid desc limit ${q.pageSize} offset ${q.cursor ? 0 : q.offset}`,
    params.values,
  );
  const last = rows.length === q.pageSize ? rows.at(-1) : undefined;
  // Counted; else known from a short page; else estimated "10,000+". A page past the end counts apart.
  let n: number | null = null;
  if (q.withTotal) {
    if (rows.length) n = rows[0].total ?? (last || q.cursor ? COUNT_CAP + 1 : q.offset + rows.length);
    else if (!q.cursor && !q.offset) n = 0;
    else n = (await db.query<{ n: number }>(`select count(*)::int as n from (select 1 from ${table} t where ${conds} limit ${COUNT_CAP + 1}) capped`, params.values.slice(0, params.values.length - (q.cursor ? 2 : 0)))).rows[0].n;
  }
  return {
    list: rows.map(({ at: time, total: _, ...row }) => ({ ...row, created_at: msOf(time) })),
    page_size: q.pageSize,
    next: last ? `${last.at}|${last.guid}` : null,
    ...(n === null ? {} : { count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP }),
  };
};

/**
 * The days around the time a log's guid was made (a version-7 guid, server/db/time-uuid.ts, made
 * with its row's `created_at`): a lookup bounded by them reads one to three day partitions, not
 * every one. Undefined for another guid.
 */
const madeAround = (guid: string) => {
  if (guid[14] !== '7') return undefined;
  const ms = parseInt(guid.slice(0, 8) + guid.slice(9, 13), 16);
  return [new Date(ms - 86_400_000).toISOString(), new Date(ms + 86_400_000).toISOString()];
};

/** One row of a log by guid, or undefined. */
export const logRow = async (db: Queryable, table: string, columns: readonly string[], guid: string) => {
  const around = madeAround(guid);
  const { rows } = await db.query<{ at: string }>(
    `select guid, ${columns.map(ident).join(', ')}, ${AT('created_at')} as at from ${ident(table)} where guid = $1${around ? ' and created_at >= $2 and created_at < $3' : ''}`,
    around ? [guid, ...around] : [guid],
  );
  if (!rows[0]) return undefined;
  const { at, ...row } = rows[0];
  return { ...row, created_at: msOf(at) };
};

/* Retention -------------------------------------------------------------------------------------- */

/**
 * Rows older than `days` go, `batch` at a time so no statement holds a table long. On PostgreSQL
 * the logs are partitioned by day (server/db/log-partitions.ts): whole days before the retention's
 * day are dropped (a row is kept its retention and at most a day more), and the default
 * partition's rows before that day are deleted in batches. Answers the rows deleted, per table (a
 * dropped day is not counted: counting it would cost what dropping it saves).
 */
export const pruneAuditLogs = async (db: Db, days: number, batch = 5000) => {
  const at = Date.now() - days * 86_400_000;
  const parts = await partitionsOf(db, AUDIT_TABLES);
  const removed: Record<string, number> = {};
  for (const table of AUDIT_TABLES) {
    const have = parts.get(table);
    if (have) await dropLogDays(db, table, dayOf(at), have);
    // The default partition holds only strays: its rows go as the whole table's did.
    const from = ident(have ? `${table}_default` : table);
    const cutoff = new Date(have ? dayOf(at) : at).toISOString();
    removed[table] = 0;
    for (;;) {
      const { rows } = await db.query(
        `with old as (select guid from ${from} where created_at < $1 order by created_at limit $2)
         delete from ${from} where guid in (select guid from old) returning 1 as n`,
        [cutoff, batch],
      );
      removed[table] += rows.length;
      if (rows.length < batch) break;
    }
  }
  return removed;
};

/**
 * The hourly upkeep: prune past the retention, then vacuum and analyze (the embedded database has
 * no autovacuum; without it a count cannot stay in the index and the planner misjudges filters).
 */
export const maintainAuditLogs = async (db: Db, days: number) => {
  const removed = await pruneAuditLogs(db, days);
  for (const table of AUDIT_TABLES) await db.query(`vacuum (analyze) ${ident(table)}`);
  return removed;
};
