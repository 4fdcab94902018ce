import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import { DEADLINES } from './deadlines.ts';
import type { Db } from './driver.ts';
import { sharedFairly } from './fair-share.ts';
import { startPgliteThread, type Watchdog } from './pglite-thread.ts';

const ANALYZE_FIRST_MS = 10_000;
const ANALYZE_EVERY_MS = 5 * 60_000;
/**
 * The one thread runs one statement at a time, and keeps busy only with a few waiting: a tenant
 * alone may have eight there (two, and a lone tenant's member reads went at half the rate). The
 * other eight leave another tenant's statement a place at once, and the thread runs it next, after
 * the statement running (server/db/share-turns.mjs).
 */
const PGLITE_SHARES = { slots: 16, perShare: 8 };

export { DataDirLockedError } from './data-dir-lock.ts';

/**
 * Opens embedded PostgreSQL: in `dataDir` on disk, or in memory when `dataDir` is absent, on a
 * worker thread of its own (server/db/pglite-thread.ts), watched by `watchdog` when given.
 */
export const openPglite = async (dataDir?: string, loadDataDir?: Blob, watchdog?: Watchdog): Promise<Db> => {
  const { db, ready } = await startPglite(dataDir, loadDataDir, watchdog);
  await ready;
  return db;
};

/**
 * As `openPglite`, but the database comes once the folder is locked, before its thread has opened
 * it: statements wait for `ready` on that thread, so a start's other work runs meanwhile.
 */
export const startPglite = async (dataDir?: string, loadDataDir?: Blob, watchdog?: Watchdog): Promise<{ db: Db; ready: Promise<void> }> => {
  let unlock = () => {};
  if (dataDir) unlock = await lockDataDir(dataDir);
  try {
    const { db, ready } = startPgliteThread(
      {
        dataDir: dataDir ? join(dataDir, 'pg') : undefined,
        snapshot: loadDataDir ? await loadDataDir.arrayBuffer() : undefined,
        analyzeFirstMs: ANALYZE_FIRST_MS,
        analyzeEveryMs: ANALYZE_EVERY_MS,
        watchdog,
      },
      unlock,
    );
    ready.catch(() => unlock());
    return { db: sharedFairly(db, { ...PGLITE_SHARES, waitMs: watchdog?.ms ?? DEADLINES.statementMs }), ready };
  } catch (e) {
    unlock();
    throw e;
  }
};

export const hasDataDir = (dataDir: string) => existsSync(join(dataDir, 'pg', 'PG_VERSION'));
