import pg from 'pg';
import { ident, type Db, type Listener } from './driver.ts';

/** The advisory lock every instance takes to prepare the database (an arbitrary constant of ours). */
const START_LOCK = 7_263_542_010;
/** How long a lost listening connection waits before it connects again, doubling up to the cap. */
const RECONNECT_MS = { first: 100, max: 5_000 };

/** PostgreSQL through a pool: the production store, and the road past one machine. */
export const openPostgres = async (url: string, max = 10): Promise<Db> => {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, failover, an administrator) is dropped from the
  // pool and replaced on the next query; without a listener node-postgres would crash the process.
  pool.on('error', (e) => console.warn(`PostgreSQL connection lost (${(e as { code?: string }).code ?? e.message}); the pool will reconnect.`));
  // Fail at start, not on the first request, when the server cannot be reached.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: (sql, params) => pool.query(sql, params as unknown[]) as never,
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: (sql, params) => client.query(sql, params as unknown[]) as never });
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback');
        throw e;
      } finally {
        client.release();
      }
    },
    append: async (table, columns, rows) => {
      const cols = columns.map(ident).join(', ');
      const objects = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
      await pool.query(`insert into ${ident(table)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`, [JSON.stringify(objects)]);
    },
    // The lock belongs to a session: one connection holds it while `fn` works through the pool.
    exclusive: async (fn) => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [START_LOCK]);
        try {
          return await fn();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [START_LOCK]);
        }
      } finally {
        holder.release();
      }
    },
    listen: (channel, on) => listenOn(url, channel, on),
    close: () => pool.end(),
  };
};

/** LISTEN on a client outside the pool (a pooled one would be handed to queries), connecting again whenever it is lost. */
const listenOn = (url: string, channel: string, on: Listener) => {
  let client: pg.Client | undefined;
  let stopped = false;
  let wait = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
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
