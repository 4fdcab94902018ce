import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { databaseAway } from './away.ts';
import { DEADLINES, deadlineOff, withoutDeadline, type Deadlines } from './deadlines.ts';
import { ident, StartRefused, type Db, type Listener } from './driver.ts';
import { sharedFairly } from './fair-share.ts';

/** The advisory lock every instance takes to prepare the database (an arbitrary constant of ours). */
const START_LOCK = 7_263_542_010;
/** How long a lost listening connection waits before it connects again, doubling up to the cap. */
const RECONNECT_MS = { first: 100, max: 5_000 };

/** node-postgres takes 0 as "the pool's deadline": the longest timer Node.js keeps (24.8 days) stands for none. */
const NO_DEADLINE_MS = 2 ** 31 - 1;

/**
 * The statements one share (a tenant, an app: server/db/fair-share.ts) may run at once: as many as
 * the database has cores, at least 2 and at most half the pool. More of one tenant's statements than
 * cores finish no sooner; they take CPU from other tenants' statements inside PostgreSQL, where no
 * gate puts them in turn. The database's cores are taken to be this machine's unless `DATABASE_SHARE`
 * says (docs/operations.md, "Fair share").
 */
export const slotsPerShare = (poolSize: number, cores = availableParallelism()) => Math.min(Math.ceil(poolSize / 2), Math.max(2, cores));

/**
 * PostgreSQL through a pool: the production store, and the road past one machine. `url` may be a
 * pooler in transaction mode (PgBouncer); `directUrl` reaches PostgreSQL itself and holds what needs
 * a session of its own, the LISTEN and the start lock (docs/operations.md, "Many instances behind PgBouncer").
 */
export const openPostgres = async (url: string, max = 10, deadlines: Deadlines = DEADLINES, directUrl = url, perShare = slotsPerShare(max)): Promise<Db> => {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: deadlines.connectMs });
  const statement = (sql: string, params?: readonly unknown[]) => ({ text: sql, values: params as unknown[] | undefined, query_timeout: deadlineOff() ? NO_DEADLINE_MS : deadlines.statementMs });
  // An idle connection the server ends (restart, failover, an administrator) is dropped from the
  // pool and replaced on the next query; without a listener node-postgres would crash the process.
  pool.on('error', (e) => console.warn(`PostgreSQL connection lost (${(e as { code?: string }).code ?? e.message}); the pool will reconnect.`));
  // Fail at start, not on the first request, when the server cannot be reached.
  await pool.query('select 1');
  await sessionCheck(directUrl, (channel) => pool.query(statement('select pg_notify($1, $2)', [channel, ''])), deadlines.connectMs).catch(async (e) => {
    await pool.end();
    throw e;
  });
  // The pool's connections, shared fairly between tenants: half at most to one (server/db/fair-share.ts).
  return sharedFairly({
    kind: 'postgres',
    query: (sql, params) => pool.query(statement(sql, params)) as never,
    transaction: async (fn) => {
      const client = await pool.connect();
      // A connection past its deadline or broken is not given back: the pool ends it and opens another.
      let lost: Error | undefined;
      try {
        await client.query(statement('begin'));
        const result = await fn({ query: (sql, params) => client.query(statement(sql, params)) as never });
        await client.query(statement('commit'));
        return result;
      } catch (e) {
        if (databaseAway(e)) lost = e as Error;
        else await client.query(statement('rollback')).catch((r: Error) => (lost = r));
        throw e;
      } finally {
        client.release(lost);
      }
    },
    append: async (table, columns, rows) => {
      const cols = columns.map(ident).join(', ');
      const objects = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
      await pool.query(statement(`insert into ${ident(table)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`, [JSON.stringify(objects)]));
    },
    // The lock belongs to a session, which a pooler in transaction mode does not keep: a connection
    // of its own to PostgreSQL itself holds it while `fn` works through the pool; ending it unlocks.
    exclusive: (fn) =>
      withoutDeadline(async () => {
        const holder = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: deadlines.connectMs });
        holder.on('error', (e) => console.warn(`PostgreSQL connection holding the start lock lost (${(e as { code?: string }).code ?? e.message}).`));
        try {
          await holder.connect();
          await holder.query(statement('select pg_advisory_lock($1)', [START_LOCK]));
          return await fn();
        } finally {
          await holder.end().catch(() => {});
        }
      }),
    listen: (channel, on) => listenOn(directUrl, channel, on, deadlines.connectMs),
    close: () => pool.end(),
  }, { slots: max, perShare, waitMs: deadlines.connectMs });
};

/**
 * Refuses a `directUrl` that keeps no session, as a pooler in transaction mode does: there a LISTEN
 * is left on a server connection handed to others, and a notification sent through the pool never
 * reaches it (nor would the start lock hold). PostgreSQL itself delivers it within milliseconds.
 */
const sessionCheck = async (directUrl: string, notify: (channel: string) => Promise<unknown>, waitMs: number) => {
  const channel = `open_platform_probe_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: waitMs });
  c.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    await c.connect();
    const heard = new Promise<boolean>((resolve) => c.on('notification', (n) => n.channel === channel && resolve(true)));
    await c.query(`listen ${ident(channel)}`);
    await notify(channel);
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
    if (!(await Promise.race([heard, late]))) {
      throw new StartRefused(
        `DATABASE_DIRECT_URL (DATABASE_URL when unset) must reach PostgreSQL itself, not a pooler in transaction mode: a notification to a LISTEN on it did not arrive within ${waitMs} ms, so the cache announcements and the start lock would not work (docs/operations.md, "Many instances behind PgBouncer").`,
      );
    }
  } finally {
    clearTimeout(timer);
    await c.end().catch(() => {});
  }
};

/** LISTEN on a client outside the pool (a pooled one would be handed to queries), connecting again whenever it is lost. */
const listenOn = (url: string, channel: string, on: Listener, connectMs: number) => {
  let client: pg.Client | undefined;
  let stopped = false;
  let wait = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
    client = c;
    let failed = false;
    const lost = (e: Error) => {
      if (failed || stopped) return;
      failed = true;
      c.end().catch(() => {});
      on.lost(e);
      timer = setTimeout(() => void connect(), wait);
      wait = Math.min(wait * 2, RECONNECT_MS.max);
    };
    c.on('error', lost);
    c.on('end', () => lost(new Error('connection ended')));
    c.on('notification', (n) => {
      if (n.channel === channel) on.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${ident(channel)}`);
      if (stopped) return void c.end().catch(() => {});
      wait = RECONNECT_MS.first;
      on.connected();
    } catch (e) {
      lost(e as Error);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
};
