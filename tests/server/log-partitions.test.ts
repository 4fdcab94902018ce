import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { Db } from '../../server/db/driver.ts';
import { createLogDay, dayOf, dayPartition, DAYS_AHEAD, deleteTenantLogRows, ensureLogPartitions, PARTITIONED_LOGS, partitionLog } from '../../server/db/log-partitions.ts';
import { migrations } from '../../server/db/migrations.ts';
import { syncSchema } from '../../server/db/sync.ts';
import { API_LOG_HOURS_BACKFILL } from '../../server/services/api-log-hours.ts';
import { ApiLogWriter, maintainApiLog } from '../../server/services/api-log.ts';
import { AUDIT_TABLES, AuditLogs, logRow, maintainAuditLogs } from '../../server/services/audit-log.ts';
import { testDb } from '../helpers/db.ts';

/** The logs by day on PostgreSQL (server/db/log-partitions.ts); the embedded database keeps ordinary tables. */

const PG = !!process.env.DATABASE_URL;
const DAY = 86_400_000;
const LOGS = PARTITIONED_LOGS.map((l) => l.table);
let db: Db;

beforeAll(async () => {
  db = await testDb();
  await syncSchema(db, resources);
});
afterAll(async () => db?.close());

const at = (ms: number) => new Date(ms).toISOString();

/** `n` operation-log rows of `bu` at `ms`, inserted directly (as the writer would, without its clock). */
const operations = (ms: number, n: number, bu: string | null, path = '/x') =>
  db.query(
    `insert into operation_log (guid, created_at, updated_at, user_guid, user_type, bu_guid, resource, action, path, fields, ip)
     select gen_random_uuid(), $1, $1, gen_random_uuid(), 1, $2, 'role', 'add', $3, '[]', '' from generate_series(1, $4)`,
    [at(ms), bu, path, n],
  );
const requests = (ms: number, n: number, bu: string) =>
  db.query(
    `insert into request_log (guid, created_at, updated_at, user_guid, user_type, bu_guid, method, path, http_status, code, ms, request_id, ip, user_agent)
     select gen_random_uuid(), $1, $1, gen_random_uuid(), 1, $2, 'POST', '/x', 200, 200, 1, 'r', '', '' from generate_series(1, $3)`,
    [at(ms), bu, n],
  );
const calls = (ms: number, n: number, bu: string, app: string) =>
  db.query(
    `insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at)
     select gen_random_uuid(), $1, $2, 'app.info', 200, 200, 1, 'r' || g, $3 from generate_series(1, $4) g`,
    [app, bu, at(ms), n],
  );
const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params)).rows[0].n;
const partitionsOf = async (table: string) =>
  (await db.query<{ name: string }>('select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = $1::regclass', [table])).rows.map((r) => r.name);
const relkind = async (table: string) => (await db.query<{ k: string }>('select relkind::text as k from pg_class where oid = $1::regclass', [table])).rows[0].k;

describe.skipIf(!PG)('on PostgreSQL: the logs by day', () => {
  it('the four logs are partitioned by range on created_at, today and the days ahead made, a default partition; the hourly counts are not', async () => {
    const { rows } = await db.query<{ name: string; strategy: string; key: string }>(
      `select c.relname as name, p.partstrat::text as strategy, a.attname as key
       from pg_partitioned_table p join pg_class c on c.oid = p.partrelid join pg_attribute a on a.attrelid = c.oid and a.attnum = p.partattrs[0]`,
    );
    expect(rows.filter((r) => LOGS.includes(r.name as never)).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...LOGS].sort().map((name) => ({ name, strategy: 'r', key: 'created_at' })),
    );
    expect(await relkind('api_log_hour')).toBe('r');
    const today = dayOf(Date.now());
    for (const table of LOGS) {
      const parts = await partitionsOf(table);
      for (let d = 0; d <= DAYS_AHEAD; d++) expect(parts, table).toContain(dayPartition(table, today + d * DAY));
      expect(parts).toContain(`${table}_default`);
    }
    // The searches' indexes are partitioned indexes of the same names; the key holds the partition key.
    const ix = await db.query<{ name: string; kind: string }>("select relname as name, relkind::text as kind from pg_class where relname in ('operation_log_bu_guid_created_at_guid_idx', 'api_log_app_time_idx', 'operation_log_pkey')");
    expect(ix.rows.map((r) => r.kind)).toEqual(['I', 'I', 'I']);
    const pk = await db.query<{ def: string }>("select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'operation_log_pkey'");
    expect(pk.rows[0].def).toBe('PRIMARY KEY (guid, created_at)');
  });

  it("a row recorded today lands in today's partition and is found by its guid", async () => {
    const audit = new AuditLogs(db, new Set(AUDIT_TABLES));
    const user = randomUUID();
    audit.operation({ resource: 'role', action: 'add', path: '/today', caller: { userGuid: user, username: 'p', userType: 1, buGuid: randomUUID() } as never, input: {}, result: {}, ip: '' });
    await audit.flush();
    const row = (await db.query<{ guid: string; part: string }>('select guid, tableoid::regclass::text as part from operation_log where user_guid = $1', [user])).rows[0];
    expect(row.part).toBe(dayPartition('operation_log', dayOf(Date.now())));
    expect(await logRow(db, 'operation_log', ['path'], row.guid)).toMatchObject({ guid: row.guid, path: '/today' });
    const writer = new ApiLogWriter(db);
    const app = randomUUID();
    writer.record({ appGuid: app, buGuid: randomUUID(), apiCode: 'app.info', httpStatus: 200, code: 200, ms: 1, requestId: 'today' });
    await writer.flush();
    expect((await db.query<{ part: string }>('select tableoid::regclass::text as part from api_log where app_guid = $1', [app])).rows[0].part).toBe(dayPartition('api_log', dayOf(Date.now())));
  });

  it('the upkeep drops the days past the retention whole, keeps the newer ones, and deletes old strays from the default partition', async () => {
    const now = Date.now();
    const old = dayOf(now - 100 * DAY);
    const kept = dayOf(now - 10 * DAY);
    for (const table of ['operation_log', 'api_log']) for (const day of [old, kept]) await createLogDay(db, table, day);
    const bu = randomUUID();
    await operations(old + 3_600_000, 5, bu, '/old');
    await operations(kept + 3_600_000, 4, bu, '/kept');
    // No partition for these days: they wait in the default one.
    await operations(now - 200 * DAY, 2, bu, '/stray-old');
    await operations(now - 20 * DAY, 1, bu, '/stray-kept');
    expect(await count("select 1 from operation_log_default where path like '/stray%'")).toBe(3);

    const removed = await maintainAuditLogs(db, 90);
    expect(removed.operation_log).toBe(2);
    const parts = await partitionsOf('operation_log');
    expect(parts).not.toContain(dayPartition('operation_log', old));
    expect(parts).toContain(dayPartition('operation_log', kept));
    const left = await db.query<{ path: string; n: number }>('select path, count(*)::int as n from operation_log where bu_guid = $1 group by 1 order by 1', [bu]);
    expect(left.rows).toEqual([{ path: '/kept', n: 4 }, { path: '/stray-kept', n: 1 }]);

    // The call log: its hourly counts go with the dropped day, the kept day's stay.
    const app = randomUUID();
    await calls(old + 3_600_000, 6, bu, app);
    await calls(kept + 3_600_000, 3, bu, app);
    await db.query(API_LOG_HOURS_BACKFILL);
    await maintainApiLog(db, 30);
    expect(await partitionsOf('api_log')).not.toContain(dayPartition('api_log', old));
    expect(await count('select 1 from api_log where app_guid = $1', [app])).toBe(3);
    expect((await db.query<{ n: number }>('select sum(n)::int as n from api_log_hour where app_guid = $1', [app])).rows[0].n).toBe(3);
  });

  it("a day made after rows of it went to the default partition takes them over", async () => {
    const now = Date.now();
    const later = dayOf(now) + (DAYS_AHEAD + 3) * DAY;
    const bu = randomUUID();
    await operations(later + 60_000, 3, bu, '/ahead');
    expect(await count('select 1 from operation_log_default where bu_guid = $1', [bu])).toBe(3);
    await ensureLogPartitions(db, later);
    const parts = await db.query<{ part: string }>('select tableoid::regclass::text as part from operation_log where bu_guid = $1', [bu]);
    expect(parts.rows.map((r) => r.part)).toEqual(Array(3).fill(dayPartition('operation_log', later)));
  });

  it('the migration turns the ordinary tables of an earlier version, with rows, into partitioned ones keeping every row', async () => {
    // As the previous version made them: the audit logs by the schema sync, the call log by its migrations.
    await db.query('drop table operation_log, api_log');
    for (const m of migrations.filter((x) => x.id === 5 || x.id === 8)) for (const sql of m.up) await db.query(sql);
    await syncSchema(db, resources);
    expect(await relkind('operation_log')).toBe('r');
    expect(await relkind('api_log')).toBe('r');
    const now = Date.now();
    const days = [now - 40 * DAY, now - 2 * DAY, now];
    const bu = randomUUID();
    const app = randomUUID();
    for (const [i, ms] of days.entries()) {
      await operations(ms, i + 2, bu);
      await calls(ms, i + 1, bu, app);
    }
    const before = (await db.query<{ guid: string }>('select guid from operation_log order by guid')).rows.map((r) => r.guid);

    await db.query('delete from schema_migrations where id = 32');
    await syncSchema(db, resources);
    expect(await relkind('operation_log')).toBe('p');
    expect(await relkind('api_log')).toBe('p');
    expect((await db.query<{ guid: string }>('select guid from operation_log order by guid')).rows.map((r) => r.guid)).toEqual(before);
    expect(await count('select 1 from api_log where app_guid = $1', [app])).toBe(6);
    // Each row in its day's partition, none in the default one.
    const placed = await db.query<{ ok: boolean }>(
      `select bool_and(tableoid::regclass::text = 'operation_log_p' || to_char(created_at at time zone 'UTC', 'YYYYMMDD')) as ok from operation_log where bu_guid = $1`,
      [bu],
    );
    expect(placed.rows[0].ok).toBe(true);
    const ix = await db.query<{ kind: string }>("select relkind::text as kind from pg_class where relname in ('operation_log_bu_guid_created_at_guid_idx', 'api_log_app_time_idx')");
    expect(ix.rows.map((r) => r.kind)).toEqual(['I', 'I']);
    // Once done, nothing more: a second start finds nothing to make.
    expect(await db.transaction((tx) => partitionLog(tx, 'operation_log', 'guid'))).toBe(false);
    expect((await syncSchema(db, resources)).statements).toBe(0);
  });
});

describe.skipIf(PG)('on the embedded database: ordinary tables, pruned by DELETE', () => {
  it('the logs stay ordinary tables', async () => {
    for (const table of LOGS) expect(await relkind(table)).toBe('r');
    await ensureLogPartitions(db);
    expect(await partitionsOf('operation_log')).toEqual([]);
  });
});

describe("a tenant's data deletion", () => {
  it("removes the BU's rows from the logs that name one, in batches, and no other BU's", async () => {
    const [mine, other, app] = [randomUUID(), randomUUID(), randomUUID()];
    const now = Date.now();
    for (const bu of [mine, other]) {
      // Today's partition and a row in the default one (on the embedded database: the one table).
      for (const ms of [now, now - 20 * DAY]) {
        await operations(ms, 3, bu);
        await requests(ms, 2, bu);
        await calls(ms, 4, bu, app);
      }
    }
    await db.query(API_LOG_HOURS_BACKFILL);
    const removed = await deleteTenantLogRows(db, mine, 2);
    expect(removed).toEqual({ api_log: 8, operation_log: 6, request_log: 4 });
    for (const table of ['api_log', 'operation_log', 'request_log']) {
      expect(await count(`select 1 from ${table} where bu_guid = $1`, [mine]), table).toBe(0);
    }
    expect(await count('select 1 from operation_log where bu_guid = $1', [other])).toBe(6);
    expect(await count('select 1 from request_log where bu_guid = $1', [other])).toBe(4);
    expect(await count('select 1 from api_log where bu_guid = $1', [other])).toBe(8);
    // The app's hourly counts now count only the other BU's calls.
    expect((await db.query<{ n: number }>('select sum(n)::int as n from api_log_hour where app_guid = $1', [app])).rows[0].n).toBe(8);
  });
});
