import { PGlite } from '@electric-sql/pglite';
import { resources } from '../resources/index.ts';
import type { Db } from '../server/db/driver.ts';
import { syncSchema } from '../server/db/sync.ts';

/**
 * The yardstick for (c): PGlite in this very process (no thread, no HTTP) running the same
 * primary-key query the `get` call runs, over the same 10,000 roles, one after another.
 */
const pg = await PGlite.create();
const db = {
  kind: 'pglite',
  query: (sql: string, params?: unknown[]) => pg.query(sql, params),
  transaction: (fn: (tx: unknown) => Promise<unknown>) => pg.transaction((tx) => fn(tx)),
  close: () => pg.close(),
} as unknown as Db;
await syncSchema(db, resources);
await pg.query(
  `insert into role (guid, name, code, type, category, description, status)
   select gen_random_uuid(), 'Role ' || i, 'r' || i, 2, 'common', 'bench role ' || i, i % 2 from generate_series(1, 10000) i`,
);
await pg.query('analyze');
const guids = (await pg.query<{ guid: string }>('select guid from role order by random() limit 50')).rows.map((r) => r.guid);
const sql = 'select "guid", "bu_guid", "created_by", "created_at", "updated_at", "name", "code", "type", "category", "description", "status" from "role" where "bu_guid" is null and "guid" = $1';
const measure = async (ms: number) => {
  let n = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) await pg.query(sql, [guids[n++ % guids.length]]);
  return n / (ms / 1000);
};
await measure(1000);
process.send?.({ queryRate: await measure(5000) });
process.on('disconnect', () => process.exit(0));
