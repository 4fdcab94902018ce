import type { Db } from './driver.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (in memory without one). */
export const openDb = (opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
