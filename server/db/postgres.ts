import pg from 'pg';
import { ident, type Db } from './driver.ts';

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
    close: () => pool.end(),
  };
};
