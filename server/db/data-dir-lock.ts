import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class DataDirLockedError extends Error {}

const ATTEMPTS = 50;
/** A takeover in progress elsewhere lasts a few system calls; wait for it rather than spin. */
const TAKEOVER_WAIT_MS = 10;

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errno(e) === 'EPERM';
  }
};

/**
 * Locks this process holds: a second open here is refused, while a lock bearing our pid that we do
 * not hold is stale (a restarted container often gets the same pid).
 */
const held = new Set<string>();

/** Creates `path` already holding `text`, or fails with EEXIST: link() never shows it empty. */
const createWith = (path: string, text: string) => {
  const tmp = `${path}.${randomUUID()}.tmp`;
  writeFileSync(tmp, text, { flag: 'wx' });
  try {
    linkSync(tmp, path);
  } finally {
    unlinkSync(tmp);
  }
};

/**
 * Throws if a live process holds the lock, else removes it unless another process is taking it
 * over (then returns true). The open descriptor keeps the inode allocated, so its number names
 * this very file until we close it; only the process whose link to it under that number succeeds
 * unlinks it, so one stale lock is taken over once, never a fresh lock that replaced it.
 */
const removeIfStale = (dir: string, lock: string): boolean => {
  let fd: number;
  try {
    fd = openSync(lock, 'r');
  } catch (e) {
    if (errno(e) === 'ENOENT') return false;
    throw e;
  }
  try {
    const { ino } = fstatSync(fd, { bigint: true });
    const text = readFileSync(fd, 'utf8').trim();
    const pid = /^[1-9]\d*$/.test(text) ? Number(text) : 0;
    if (pid && (pid === process.pid ? held.has(lock) : alive(pid))) {
      throw new DataDirLockedError(`DATA_DIR ${dir} is in use by process ${pid}; stop it or choose another DATA_DIR.`);
    }
    const claim = `${lock}.${ino}.stale`;
    try {
      linkSync(lock, claim);
    } catch (e) {
      if (errno(e) === 'EEXIST') return true;
      if (errno(e) === 'ENOENT') return false;
      throw e;
    }
    try {
      if (statSync(claim, { bigint: true }).ino === ino) unlinkSync(lock);
    } finally {
      unlinkSync(claim);
    }
    return false;
  } finally {
    closeSync(fd);
  }
};

const release = (lock: string, pid: string) => {
  held.delete(lock);
  try {
    if (readFileSync(lock, 'utf8') === pid) unlinkSync(lock);
  } catch (e) {
    if (errno(e) !== 'ENOENT') throw e;
  }
};

/**
 * PGlite has no lock of its own: two processes on one folder corrupt it. A pid file refuses a
 * second process; a stale one (dead pid, or not a pid) is taken over. Returns the release.
 */
export const lockDataDir = async (dir: string): Promise<() => void> => {
  mkdirSync(dir, { recursive: true });
  const lock = resolve(dir, 'open-platform.lock');
  const pid = String(process.pid);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      createWith(lock, pid);
      held.add(lock);
      return () => release(lock, pid);
    } catch (e) {
      if (errno(e) !== 'EEXIST') throw e;
    }
    if (removeIfStale(dir, lock)) await sleep(TAKEOVER_WAIT_MS);
  }
  throw new DataDirLockedError(`DATA_DIR ${dir} could not be locked; if no server uses it, remove ${lock} and try again.`);
};
