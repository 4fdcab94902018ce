import pg from 'pg';
import { resources } from '../resources/index.ts';
import type { Db } from '../server/db/driver.ts';
import { withoutDeadline } from '../server/db/deadlines.ts';
import { dayOf, dropLogDays, ensureLogPartitions } from '../server/db/log-partitions.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { syncSchema } from '../server/db/sync.ts';
import { API_LOG_HOURS_BACKFILL } from '../server/services/api-log-hours.ts';
import { searchApiLog } from '../server/services/api-log.ts';
import { searchLog } from '../server/services/audit-log.ts';
import { startCluster } from '../tests/helpers/pg-cluster.mjs';

/**
 * The logs by day on PostgreSQL (docs/operations.md, "Logs by partition"): the operation-log and
 * call-log pages on 1,000,000 rows each over 30 days, and dropping a day, each beside the same on
 * ordinary tables as the previous version made them (a schema `plain` in the same database: its
 * own schema sync with the partitioning migration marked done), measured in the same run. Runs
 * on DATABASE_URL, else on a throwaway cluster. `npx tsx bench/partitions.ts` runs it alone.
 */

const DAY = 86_400_000;
const ROWS = 1_000_000;
const RUNS = 200;
/** Days alternate light (~33k rows) and heavy (this many rows more: ~100k); each kind is dropped DAYS_EACH times, the median reported. */
const HEAVY_EXTRA = 66_667;
const DAYS_EACH = 3;
const BU = '00000000-0000-4000-8000-000000000001';
const APP = '00000000-0000-4000-8000-0000000000a0';

const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)];
const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1];
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const runs = async (fn: () => Promise<unknown>) => {
  for (let i = 0; i < 10; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await timed(fn));
  return p99(ms);
};

/** 1M operation-log and call-log rows over the 30 days before `now`, and HEAVY_EXTRA more in each of the `heavy` days. */
const fill = async (db: Db, now: number, heavy: readonly number[]) => {
  const op = (n: number, from: number, span: number) =>
    db.query(
      `insert into operation_log (guid, created_at, updated_at, user_guid, username, user_type, bu_guid, resource, action, path, target_guid, fields, ip)
       select gen_random_uuid(), t, t, ('00000000-0000-4000-8000-' || lpad((g % 1000)::text, 12, '0'))::uuid, 'user' || (g % 1000), 1 + g % 2,
              ('00000000-0000-4000-8000-' || lpad((g % 100)::text, 12, '0'))::uuid, 'role', 'update', '/open/system/role/update', gen_random_uuid(), '["name"]', '10.0.0.1'
       from (select g, to_timestamp(($2::float8 + $3::float8 * g / $1) / 1000) as t from generate_series(1, $1) g) s`,
      [n, from, span],
    );
  const api = (n: number, from: number, span: number) =>
    db.query(
      `insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at)
       select gen_random_uuid(), ('00000000-0000-4000-8000-0000000000a' || (g % 10)::text)::uuid, $4::uuid,
              case when g % 3 = 0 then 'member.get' else 'app.info' end, case when g % 50 = 0 then 429 else 200 end, 200, 3.5, 'req' || g,
              to_timestamp(($2::float8 + $3::float8 * g / $1) / 1000)
       from generate_series(1, $1) g`,
      [n, from, span, BU],
    );
  await op(ROWS, now - 30 * DAY, 30 * DAY);
  for (const day of heavy) await op(HEAVY_EXTRA, day, DAY - 1);
  await api(ROWS, now - 30 * DAY, 30 * DAY);
  for (const day of heavy) await api(HEAVY_EXTRA, day, DAY - 1);
  await db.query(API_LOG_HOURS_BACKFILL);
  // The app whose calls are searched belongs to the BU searching (the page's ownership check).
  await db.query(
    `insert into app (guid, bu_guid, name, code, type, token_ttl, status, app_id, app_secret, server_secret, ability_codes)
     values ($1, $2, 'Bench', 'bench', 1, 7200, 1, 'cli_bench', '-', '-', '[]')`,
    [APP, BU],
  );
  await db.query('vacuum (analyze) operation_log, api_log, api_log_hour, app');
};

/** The console's first page of the operation log (no filter, its total) and of an app's calls (the last day, its total). */
const pages = (db: Db, now: number) => ({
  operations: () =>
    searchLog(db, { table: 'operation_log', columns: ['username', 'user_type', 'resource', 'action', 'path', 'target_guid', 'fields', 'ip'], from: new Date(now - 7 * DAY), to: new Date(now), eq: {}, offset: 0, pageSize: 20, withTotal: true }),
  calls: async () => {
    const found = await searchApiLog(db, { app_guid: APP, bu_guid: BU, from: new Date(now - DAY), to: new Date(now), with_total: true, pageSize: 20 });
    if (!found?.list.length) throw new Error('the call-log page found nothing');
  },
});

/** The previous version's pruning of one day: DELETE in batches of 5,000. */
const deleteDay = async (db: Db, table: string, key: string, day: number) => {
  for (;;) {
    const { rows } = await db.query(
      `with old as (select ${key} from ${table} where created_at >= $1 and created_at < $2 order by created_at limit 5000)
       delete from ${table} where ${key} in (select ${key} from old) returning 1`,
      [new Date(day).toISOString(), new Date(day + DAY).toISOString()],
    );
    if (rows.length < 5000) break;
  }
};

export const benchPartitions = async () => {
  const cluster = process.env.DATABASE_URL ? null : await startCluster();
  const server = process.env.DATABASE_URL ?? cluster?.url;
  if (!server) return console.log('Logs by partition: skipped (no DATABASE_URL and no PostgreSQL installed)');
  const name = `bench_partitions_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 4);
  const plainUrl = new URL(url);
  plainUrl.searchParams.set('options', '-c search_path=plain');
  let plain: Db | undefined;
  try {
    const now = Date.now();
    // Old days in turn, light then heavy: L H L H L H.
    const first = dayOf(now) - 28 * DAY;
    const light = Array.from({ length: DAYS_EACH }, (_, i) => first + 2 * i * DAY);
    const heavy = light.map((d) => d + DAY);
    await syncSchema(db, resources);
    await ensureLogPartitions(db, now, now - 31 * DAY);
    // The previous version's ordinary tables, in a schema of their own.
    await db.query('create schema plain');
    plain = await openPostgres(plainUrl.toString(), 4);
    await plain.query('create table schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())');
    await plain.query("insert into schema_migrations (id, name) values (32, 'left out: the previous version')");
    await syncSchema(plain, resources);
    // Loading 2,000,000 rows is preparation, like the server's start: no statement deadline (a slow machine took more than 30 s for one insert).
    const fillMs = (await timed(() => withoutDeadline(() => fill(db, now, heavy)))) + (await timed(() => withoutDeadline(() => fill(plain!, now, heavy))));
    const counts = await db.query<{ light: number; heavy: number }>(
      `select count(*) filter (where created_at >= $1 and created_at < $2)::int as light, count(*) filter (where created_at >= $2 and created_at < $3)::int as heavy from operation_log`,
      [new Date(light[0]).toISOString(), new Date(heavy[0]).toISOString(), new Date(heavy[0] + DAY).toISOString()],
    );
    const [part, base] = [pages(db, now), pages(plain, now)];
    const opPart = await runs(part.operations);
    const opBase = await runs(base.operations);
    const callPart = await runs(part.calls);
    const callBase = await runs(base.calls);
    // Days before the first light one go first, untimed; then each day in turn, the oldest first (as retention drops them).
    await dropLogDays(db, 'operation_log', first);
    const drops = { light: [] as number[], heavy: [] as number[] };
    const deletes = { light: [] as number[], heavy: [] as number[] };
    for (let i = 0; i < DAYS_EACH; i++) {
      drops.light.push(await timed(() => dropLogDays(db, 'operation_log', light[i] + DAY)));
      drops.heavy.push(await timed(() => dropLogDays(db, 'operation_log', heavy[i] + DAY)));
      deletes.light.push(await timed(() => deleteDay(plain!, 'operation_log', 'guid', light[i])));
      deletes.heavy.push(await timed(() => deleteDay(plain!, 'operation_log', 'guid', heavy[i])));
    }
    const [dropLight, dropHeavy, delLight, delHeavy] = [drops.light, drops.heavy, deletes.light, deletes.heavy].map(median);
    const { light: nLight, heavy: nHeavy } = counts.rows[0];
    const f = (ms: number) => ms.toFixed(1);
    const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
    console.table([
      { name: 'operation log page, 20 of 1M, total (p99 ms)', partitioned: f(opPart), 'ordinary table': f(opBase) },
      { name: "call log page, an app's last day, total (p99 ms)", partitioned: f(callPart), 'ordinary table': f(callBase) },
      { name: `retire a day of ${nLight.toLocaleString('en')} rows (median of ${DAYS_EACH}, ms)`, partitioned: f(dropLight), 'ordinary table': f(delLight) },
      { name: `retire a day of ${nHeavy.toLocaleString('en')} rows (median of ${DAYS_EACH}, ms)`, partitioned: f(dropHeavy), 'ordinary table': f(delHeavy) },
    ]);
    console.log(`(filled ${(2 * (ROWS + DAYS_EACH * HEAVY_EXTRA)).toLocaleString('en')} rows per layout in ${(fillMs / 1000).toFixed(0)} s, both layouts)`);
    console.log(`(p1) operation log page on 1M rows, partitioned: p99 ${f(opPart)} ms over ${RUNS} runs (target <= 25 ms) ${met(opPart <= 25)}; ordinary table ${f(opBase)} ms`);
    console.log(`(p2) call log page on 1M rows, partitioned: p99 ${f(callPart)} ms over ${RUNS} runs (target <= 25 ms) ${met(callPart <= 25)}; ordinary table ${f(callBase)} ms`);
    // O(1) in rows: what each row of a day adds to dropping it (the files' blocks freed), beside what it adds to a DELETE.
    const perRow = (light: number, heavy: number) => ((heavy - light) * 1000) / (nHeavy - nLight);
    const [dropRow, delRow] = [perRow(dropLight, dropHeavy), perRow(delLight, delHeavy)];
    console.log(
      `(p3) dropping a day: ${f(dropLight)} ms for ${nLight.toLocaleString('en')} rows, ${f(dropHeavy)} ms for ${nHeavy.toLocaleString('en')}: a row adds ${dropRow.toFixed(2)} µs (target: at most 1/20 of what it adds to the old DELETE, ${delRow.toFixed(2)} µs) ${met(dropRow <= delRow / 20)}; the old DELETE: ${f(delLight)} ms and ${f(delHeavy)} ms (${(delHeavy / Math.max(dropHeavy, 0.1)).toFixed(0)}x the drop)`,
    );
  } finally {
    await plain?.close();
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    cluster?.stop();
  }
};

if (process.argv[1]?.endsWith('partitions.ts')) await benchPartitions();
