import { ident, type Db, type Queryable } from './driver.ts';

/**
 * The four logs by day on PostgreSQL (docs/operations.md, "Logs by partition"): each is declared
 * `partition by range (created_at)` with one partition per UTC day (`<table>_pYYYYMMDD`) and a
 * DEFAULT partition (`<table>_default`) that catches a row no day partition takes (a clock jump),
 * so an insert never fails. Days are made ahead (today and DAYS_AHEAD more) at start and by the
 * hourly upkeep; retention drops whole days, O(1) in their rows, and deletes the default
 * partition's old rows in batches as before. The primary key is (key, created_at): a partitioned
 * table's unique keys must hold its partition key, and led by the key it still finds a row by its
 * guid in each partition's index. The embedded database keeps ordinary tables (pruned by DELETE).
 */
export const PARTITIONED_LOGS = [
  { table: 'api_log', key: 'id' },
  { table: 'login_log', key: 'guid' },
  { table: 'operation_log', key: 'guid' },
  { table: 'request_log', key: 'guid' },
] as const;

/** Days made ahead of today: an upkeep that fails for three days running still leaves none to the default partition. */
export const DAYS_AHEAD = 3;
/** How long creating or dropping a partition waits for the parent's lock before giving up until the next hour (writers queue behind a waiting DDL). */
const LOCK_TIMEOUT = '2s';
/** Rows a tenant's deletion removes per statement. */
export const TENANT_BATCH = 5000;

const DAY_MS = 86_400_000;
/** The UTC day (its midnight, in ms) holding `ms`. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();
/** A day's partition: `operation_log_p20260131`. */
export const dayPartition = (table: string, day: number) => `${table}_p${iso(day).slice(0, 10).replaceAll('-', '')}`;
const defaultPartition = (table: string) => `${table}_default`;
/** The day a partition's name stands for, or undefined for another name (the default partition). */
const dayOfName = (table: string, name: string) => {
  const m = name.slice(table.length).match(/^_p(\d{4})(\d{2})(\d{2})$/);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : undefined;
};

/** The partitioned tables among `tables` and their partitions' names. */
export const partitionsOf = async (db: Queryable, tables: readonly string[]) => {
  const { rows } = await db.query<{ parent: string; part: string | null }>(
    `select p.relname as parent, c.relname as part from pg_class p
       left join pg_inherits i on i.inhparent = p.oid left join pg_class c on c.oid = i.inhrelid
     where p.relkind = 'p' and p.relnamespace = current_schema()::regnamespace and p.relname = any($1)`,
    [tables],
  );
  const parts = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!parts.has(r.parent)) parts.set(r.parent, new Set());
    if (r.part) parts.get(r.parent)!.add(r.part);
  }
  return parts;
};

/** DDL on a parent takes its lock briefly; waiting long for it would queue every writer behind. */
const briefly = (db: Db, fn: (tx: Queryable) => Promise<unknown>) =>
  db.transaction(async (tx) => {
    await tx.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
    await fn(tx);
  });

/**
 * Day `day`'s partition of `table`. Rows of that day already in the default partition (a clock
 * that ran ahead) would make a plain `partition of` fail: they move into the new table first, which
 * is then attached.
 */
export const createLogDay = async (db: Db, table: string, day: number) => {
  const name = ident(dayPartition(table, day));
  const bounds = `for values from ('${iso(day)}') to ('${iso(day + DAY_MS)}')`;
  const def = ident(defaultPartition(table));
  await briefly(db, async (tx) => {
    const strays = (await tx.query<{ x: boolean }>(`select exists (select 1 from ${def} where created_at >= $1 and created_at < $2) as x`, [iso(day), iso(day + DAY_MS)])).rows[0].x;
    if (!strays) return tx.query(`create table if not exists ${name} partition of ${ident(table)} ${bounds}`);
    await tx.query(`create table ${name} (like ${ident(table)} including defaults)`);
    await tx.query(`with moved as (delete from ${def} where created_at >= $1 and created_at < $2 returning *) insert into ${name} select * from moved`, [iso(day), iso(day + DAY_MS)]);
    await tx.query(`alter table ${ident(table)} attach partition ${name} ${bounds}`);
  });
};

/**
 * Makes the days from `from` to today + DAYS_AHEAD (and the default partition) that the
 * partitioned logs lack: at start, under the start lock, and hourly. Another instance making the
 * same day at once is no failure.
 */
export const ensureLogPartitions = async (db: Db, now = Date.now(), from = dayOf(now)) => {
  const tables = PARTITIONED_LOGS.map((l) => l.table);
  for (const [table, have] of await partitionsOf(db, tables)) {
    const made = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (e) {
        // 42P07: made by another instance meanwhile.
        if ((e as { code?: string }).code !== '42P07') throw e;
      }
    };
    if (!have.has(defaultPartition(table))) await made(() => db.query(`create table if not exists ${ident(defaultPartition(table))} partition of ${ident(table)} default`));
    for (let day = dayOf(from); day <= dayOf(now) + DAYS_AHEAD * DAY_MS; day += DAY_MS) {
      if (!have.has(dayPartition(table, day))) await made(() => createLogDay(db, table, day));
    }
  }
};

/**
 * Drops `table`'s day partitions that ended at or before `before` (a UTC midnight): one DROP per
 * day, whatever its rows. A plain DROP rather than DETACH … CONCURRENTLY: that cannot run in a
 * transaction (so no lock timeout) and PostgreSQL refuses it on a table with a default partition;
 * a DROP holds the parent's lock for milliseconds. Answers the days dropped.
 */
export const dropLogDays = async (db: Db, table: string, before: number, parts?: ReadonlySet<string>) => {
  const have = parts ?? (await partitionsOf(db, [table])).get(table) ?? new Set<string>();
  const dropped: string[] = [];
  for (const name of [...have].sort()) {
    const day = dayOfName(table, name);
    if (day === undefined || day + DAY_MS > before) continue;
    await briefly(db, (tx) => tx.query(`drop table if exists ${ident(name)}`));
    dropped.push(name);
  }
  return dropped;
};

/**
 * Turns a log made by an earlier version (an ordinary table) into a partitioned one keeping every
 * row: renamed aside, the partitioned table made like it with the days its rows need, the rows
 * moved, the old table dropped, then the key and the old table's indexes made on the new one (as
 * partitioned indexes). Nothing when the table is missing or partitioned already; one migration
 * (server/db/migrations.ts) runs it in its transaction under the start lock.
 */
export const partitionLog = async (tx: Queryable, table: string, key: string, now = Date.now()) => {
  const { rows } = await tx.query<{ kind: string }>('select relkind::text as kind from pg_class where relname = $1 and relnamespace = current_schema()::regnamespace', [table]);
  if (rows[0]?.kind !== 'r') return false;
  // Read before the rename: the definitions name the table as it will be again.
  const indexes = (
    await tx.query<{ def: string }>(
      `select pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class c on c.oid = i.indrelid
       where c.relname = $1 and c.relnamespace = current_schema()::regnamespace and not i.indisprimary`,
      [table],
    )
  ).rows.map((r) => r.def);
  const t = ident(table);
  const old = ident(`${table}_unpartitioned`);
  await tx.query(`alter table ${t} rename to ${old}`);
  await tx.query(`create table ${t} (like ${old} including defaults) partition by range (created_at)`);
  const days = (await tx.query<{ day: string }>(`select distinct date_trunc('day', created_at, 'UTC') as day from ${old}`)).rows.map((r) => dayOf(new Date(r.day).getTime()));
  for (let day = dayOf(now); day <= dayOf(now) + DAYS_AHEAD * DAY_MS; day += DAY_MS) days.push(day);
  for (const day of new Set(days)) {
    await tx.query(`create table ${ident(dayPartition(table, day))} partition of ${t} for values from ('${iso(day)}') to ('${iso(day + DAY_MS)}')`);
  }
  await tx.query(`create table ${ident(defaultPartition(table))} partition of ${t} default`);
  await tx.query(`insert into ${t} select * from ${old}`);
  await tx.query(`drop table ${old}`);
  // Keys and indexes after the rows: built once per partition rather than kept up row by row.
  await tx.query(`alter table ${t} add primary key (${ident(key)}, created_at)`);
  for (const def of indexes) await tx.query(def);
  return true;
};

/** The logs that name a BU, whose rows a tenant's data deletion removes (the sign-in log names an account, no BU). */
export const TENANT_LOGS = ['api_log', 'operation_log', 'request_log'] as const;

/**
 * Removes a BU's rows from the logs that name one, TENANT_BATCH rows per statement, one table (or
 * partition) at a time, so no statement holds locks or WAL long. The call log's hourly counts lose
 * what its removed rows counted, so the app owner's totals stay exact. Works on ordinary tables
 * too (the embedded database). Answers the rows removed per log.
 */
export const deleteTenantLogRows = async (db: Queryable, buGuid: string, batch = TENANT_BATCH) => {
  const parts = await partitionsOf(db, TENANT_LOGS);
  const present = new Set(
    (await db.query<{ relname: string }>("select relname from pg_class where relkind in ('r', 'p') and relnamespace = current_schema()::regnamespace and relname = any($1)", [TENANT_LOGS])).rows.map((r) => r.relname),
  );
  const removed: Record<string, number> = {};
  for (const table of TENANT_LOGS.filter((t) => present.has(t))) {
    removed[table] = 0;
    for (const part of parts.has(table) ? [...parts.get(table)!] : [table]) {
      const p = ident(part);
      // A partition is an ordinary table: its ctid names a row, whatever the log's key.
      const doomed = `delete from ${p} where ctid = any(array(select ctid from ${p} where bu_guid = $1 limit $2))`;
      const sql =
        table === 'api_log'
          ? `with gone as (${doomed} returning app_guid, created_at, api_code, http_status),
               counted as (select app_guid, date_trunc('hour', created_at, 'UTC') as hour, api_code, http_status, count(*)::int as n from gone group by 1, 2, 3, 4),
               fewer as (update api_log_hour h set n = h.n - c.n from counted c
                 where h.app_guid = c.app_guid and h.hour = c.hour and h.api_code = c.api_code and h.http_status = c.http_status)
             select coalesce(sum(n), 0)::int as n from counted`
          : `with gone as (${doomed} returning 1) select count(*)::int as n from gone`;
      for (;;) {
        const n = (await db.query<{ n: number }>(sql, [buGuid, batch])).rows[0].n;
        removed[table] += n;
        if (n < batch) break;
      }
    }
  }
  if (removed.api_log) await db.query('delete from api_log_hour where n <= 0');
  return removed;
};
