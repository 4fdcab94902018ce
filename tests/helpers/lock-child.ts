import { createInterface } from 'node:readline';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';

/**
 * One contender of tests/server/data-dir-lock.test.ts. It says `ready` once loaded, then for each
 * folder read on stdin tries the lock and answers `locked`, `in use` or the error; it keeps what
 * it takes until it exits.
 */
console.log('ready');
for await (const dir of createInterface({ input: process.stdin })) {
  try {
    await lockDataDir(dir);
    console.log('locked');
  } catch (e) {
    const inUse = e instanceof DataDirLockedError && e.message.includes('in use by process');
    console.log(inUse ? 'in use' : `error: ${(e as Error).message}`);
  }
}
