import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './driver.ts';
import { openPgliteThread } from './pglite-thread.ts';

const ANALYZE_FIRST_MS = 10_000;
const ANALYZE_EVERY_MS = 5 * 60_000;

export class DataDirLockedError extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite has no lock of its own: two processes on one folder corrupt it. A pid file taken with
 * O_EXCL refuses a second process; a stale file of a dead process is taken over.
 */
const lockDataDir = (dir: string): (() => void) => {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, 'open-platform.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lock, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(`DATA_DIR ${dir} is in use by process ${pid}; stop it or choose another DATA_DIR.`);
      }
      rmSync(lock, { force: true });
    }
  }
  throw new DataDirLockedError(`DATA_DIR ${dir} could not be locked.`);
};

/**
 * Opens embedded PostgreSQL: in `dataDir` on disk, or in memory when `dataDir` is absent, on a
 * worker thread of its own (server/db/pglite-thread.ts).
 */
export const openPglite = async (dataDir?: string, loadDataDir?: Blob): Promise<Db> => {
  let unlock = () => {};
  if (dataDir) unlock = lockDataDir(dataDir);
  try {
    return await openPgliteThread(
      {
        dataDir: dataDir ? join(dataDir, 'pg') : undefined,
        snapshot: loadDataDir ? await loadDataDir.arrayBuffer() : undefined,
        analyzeFirstMs: ANALYZE_FIRST_MS,
        analyzeEveryMs: ANALYZE_EVERY_MS,
      },
      unlock,
    );
  } catch (e) {
    unlock();
    throw e;
  }
};

export const hasDataDir = (dataDir: string) => existsSync(join(dataDir, 'pg', 'PG_VERSION'));
