import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { syncSchema } from '../server/db/sync.ts';
import type { Db } from '../server/db/driver.ts';
import { DbCounters, MemoryCounters, type Counters } from '../server/services/counters.ts';
import { resources } from '../resources/index.ts';
import { startCluster } from '../tests/helpers/pg-cluster.mjs';

/**
 * What shared limits cost (docs/security.md, "Many instances"): hits on the counters behind rate
 * limits and lockouts, 10 at a time, on PostgreSQL (a throwaway cluster on 127.0.0.1, where they
 * are rows every instance shares) beside the in-memory counter the embedded database uses, in the
 * same run. `npx tsx bench/counters.ts` runs this section alone.
 */
const HITS = 20_000;
const CONCURRENCY = 10;

const rate = async (counters: Counters) => {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      // 100 keys, as an open API's apps and APIs spread them.
      while (next < HITS) await counters.hit(`bench ${next++ % 100}`, 60);
    }),
  );
  const s = (performance.now() - t0) / 1000;
  return { 'hits/s': Math.round(HITS / s), 'µs per hit': Math.round((s * 1e6) / HITS) };
};

export const benchCounters = async () => {
  const rows: Record<string, unknown>[] = [{ name: 'in memory (embedded database)', ...(await rate(new MemoryCounters())) }];
  const measureOn = async (name: string, db: Db) => {
    try {
      await syncSchema(db, resources);
      rows.push({ name, ...(await rate(new DbCounters(db))) });
    } finally {
      await db.close();
    }
  };
  const cluster = await startCluster().catch(() => null);
  if (cluster) {
    try {
      await measureOn('rows on PostgreSQL (shared by every instance)', await openPostgres(cluster.url));
    } finally {
      cluster.stop();
    }
  } else rows.push({ name: 'rows on PostgreSQL: not measured (no PostgreSQL installed)' });
  await measureOn('the same rows on PGlite (for comparison; not used there)', await openPglite());
  console.table(rows);
  console.log('An open-API call on PostgreSQL pays one such hit (its per-minute limit); a token request pays a peek, and a hit when the secret is wrong.');
};

if (process.argv[1]?.endsWith('counters.ts')) await benchCounters();
