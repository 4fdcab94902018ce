// The embedded database's buffer pool, sized by the database it opens. Plain JavaScript: the
// database's worker (pglite-worker.mjs) imports it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// PostgreSQL allocates and zeroes its whole buffer pool in the WebAssembly memory when the database
// opens, so every buffer is resident from the start, used or not: initdb's 128 MB is 128 MiB of RSS
// for the life of the process. A database that fits in the smaller pool with room to grow gets it;
// a larger one gets 64 MB, with which a search on a million-row log ran 10–15% faster than with 32
// (bench/audit-log.ts, measured side by side). Pages beyond the pool are read again from the files,
// which the OS caches.
export const SMALL_POOL = '32MB';
export const LARGE_POOL = '64MB';
/** A database whose files hold less than this opens with the small pool (a new one holds 14 MB). */
export const SMALL_DATABASE_BYTES = 24 * 1024 * 1024;

/** Bytes of the files under `dir`; 0 if it does not exist. */
export const filesBytes = (dir) => {
  let bytes = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) bytes += filesBytes(path);
    else if (e.isFile()) bytes += statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  }
  return bytes;
};

/**
 * Bytes of the cluster's largest database: the platform's own (a folder of `base/`), beside
 * PostgreSQL's `template1` and `postgres` (7 MB each).
 */
export const databaseBytes = (pgDir) => {
  let entries;
  try {
    entries = readdirSync(join(pgDir, 'base'), { withFileTypes: true });
  } catch {
    return 0;
  }
  return Math.max(0, ...entries.filter((e) => e.isDirectory()).map((e) => filesBytes(join(pgDir, 'base', e.name))));
};

/** The `shared_buffers` setting for the cluster in `pgDir` (none: a new or in-memory database). */
export const sharedBuffersFor = (pgDir) => (pgDir && databaseBytes(pgDir) >= SMALL_DATABASE_BYTES ? LARGE_POOL : SMALL_POOL);
