import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../server/db/pglite.ts';
import { syncSchema } from '../server/db/sync.ts';
import { timeUuid } from '../server/db/time-uuid.ts';
import { AUDIT_FLUSH } from '../server/services/audit-log.ts';
import { resources } from '../resources/index.ts';

/**
 * (h2) the request-log row's cost per call on the embedded database's thread: the writer's appends
 * (batches of AUDIT_FLUSH.rows, a COPY each) of ROWS rows into a table already holding a month of
 * rows, timed while nothing else runs. Beside it, the same rows into a copy of the table without
 * indexes: what the indexes cost. The thread's time is its event loop's active time
 * (`Db.threadBusyMs`); beside it, each append's wait as the writer sees it, which adds the main
 * thread's encoding and the messages. `npx tsx bench/request-log.ts` runs this section alone.
 */
const ROWS = 100_000;
const BATCH = Number(process.env.BATCH ?? AUDIT_FLUSH.rows);
const BEFORE = Number(process.env.BEFORE ?? 500_000);
const COLUMNS = ['guid', 'created_at', 'updated_at', 'created_by', 'user_guid', 'username', 'user_type', 'bu_guid', 'method', 'path', 'http_status', 'code', 'ms', 'request_id', 'ip', 'user_agent'];

export const measureRequestLogRow = async () => {
  // On disk, as the server keeps it: an in-memory database's files grow by copying.
  const dir = mkdtempSync(join(tmpdir(), 'bench-request-log-'));
  const db = await openPglite(dir);
  try {
    await syncSchema(db, resources);
    await db.query('create table request_log_bare (like request_log)');
    const users = Array.from({ length: 50 }, () => randomUUID());
    const bu = randomUUID();
    for (const table of ['request_log', 'request_log_bare']) {
      await db.query(
        `insert into ${table} (guid, created_at, updated_at, created_by, user_guid, username, user_type, bu_guid, method, path, http_status, code, ms, request_id, ip, user_agent)
         select gen_random_uuid(), t, t, u, u, 'user', 1, $2, 'POST', '/open/admin/system/bu-management/sso/login-type-list', 200, 200, 1.5, 'req-' || i, '127.0.0.1', 'autocannon'
         from (select i, ($1::uuid[])[1 + i % 50] as u, now() - make_interval(secs => (i::float8 / $3) * 30 * 86400) as t from generate_series(1, $3) i) s`,
        [users, bu, BEFORE],
      );
    }
    await db.query('analyze');
    const perRow = async (table: string) => {
      let t = 0;
      const busy = db.threadBusyMs!();
      for (let done = 0; done < ROWS; done += BATCH) {
        const now = Date.now();
        const at = new Date(now).toISOString();
        const rows = Array.from({ length: BATCH }, (_, i) => {
          const u = users[i % 50];
          return [timeUuid(now), at, at, u, u, 'user', 1, bu, 'POST', '/open/admin/system/bu-management/sso/login-type-list', 200, 200, 1.5, `req-${done + i}`, '127.0.0.1', 'autocannon/8'];
        });
        const t0 = performance.now();
        await db.append(table, COLUMNS, rows);
        t += performance.now() - t0;
      }
      return { thread: ((db.threadBusyMs!() - busy) * 1000) / ROWS, wait: (t * 1000) / ROWS };
    };
    const bare = await perRow('request_log_bare');
    const indexed = await perRow('request_log');
    return { indexed, bare };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

type Cost = { thread: number; wait: number };
export const printRequestLogRow = ({ indexed, bare }: { indexed: Cost; bare: Cost }) =>
  console.log(
    `(h2) the request-log row on the database thread: ${indexed.thread.toFixed(1)} µs per call (target <= 10 µs) ${indexed.thread <= 10 ? 'MET' : 'NOT MET'}; ` +
      `the same row into the table without its indexes ${bare.thread.toFixed(1)} µs; the append's wait, the main thread's encoding included, ${indexed.wait.toFixed(1)} and ${bare.wait.toFixed(1)} µs`,
  );

if (process.argv[1]?.endsWith('request-log.ts')) printRequestLogRow(await measureRequestLogRow());
