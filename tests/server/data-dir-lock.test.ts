import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';

const CONTENDERS = 15;
const ROUNDS = 20;
const LOCK = 'open-platform.lock';
const DEAD_PID = '999999999';
const root = fileURLToPath(new URL('../..', import.meta.url));
let base = '';
let folders = 0;
const folder = (lock?: string) => {
  const dir = join(base, String(folders++));
  mkdirSync(dir);
  if (lock !== undefined) writeFileSync(join(dir, LOCK), lock);
  return dir;
};

/** A child process running tests/helpers/lock-child.ts, answering one line per folder sent. */
const contender = () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/lock-child.ts'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return { child, next: async () => String((await lines.next()).value) };
};

describe.skipIf(!!process.env.DATABASE_URL)('DATA_DIR lock', () => {
  let contenders: ReturnType<typeof contender>[] = [];
  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'open-platform-lock-'));
    contenders = Array.from({ length: CONTENDERS }, contender);
    // Loading tsx takes a while; every round starts only once all of them wait on stdin.
    expect(await Promise.all(contenders.map((c) => c.next()))).toEqual(Array(CONTENDERS).fill('ready'));
  });
  afterAll(async () => {
    const exits = contenders.map(({ child }) => (child.exitCode === null ? once(child, 'exit') : null));
    contenders.forEach(({ child }) => child.stdin.end());
    await Promise.all(exits);
    rmSync(base, { recursive: true, force: true });
  });

  /** Sends the folder to every contender at once; one must take the lock, the rest be refused. */
  const race = async (dir: string) => {
    contenders.forEach(({ child }) => child.stdin.write(`${dir}\n`));
    const answers = await Promise.all(contenders.map((c) => c.next()));
    const winners = contenders.filter((_, i) => answers[i] === 'locked');
    expect(answers.filter((a) => a !== 'locked')).toEqual(Array(CONTENDERS - winners.length).fill('in use'));
    expect(winners).toHaveLength(1);
    expect(readFileSync(join(dir, LOCK), 'utf8')).toBe(String(winners[0].child.pid));
    expect(readdirSync(dir)).toEqual([LOCK]);
  };

  it('gives a fresh folder to exactly one of many processes starting at once', async () => {
    for (let round = 0; round < ROUNDS; round++) await race(folder());
  });

  it('gives a stale lock to exactly one of many processes taking it over at once', async () => {
    for (let round = 0; round < ROUNDS; round++) await race(folder(DEAD_PID));
  });

  it('takes over a lock of a dead process, or one that holds no pid', async () => {
    for (const stale of [DEAD_PID, '', '0', '-5', '12abc', 'garbage']) {
      const dir = folder(stale);
      const release = await lockDataDir(dir);
      expect(readFileSync(join(dir, LOCK), 'utf8')).toBe(String(process.pid));
      expect(readdirSync(dir)).toEqual([LOCK]);
      release();
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('refuses a lock held by a live process, and a second lock in this one', async () => {
    const held = folder(String(process.ppid));
    const refusal = await lockDataDir(held).catch((e: Error) => e);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect(refusal).toHaveProperty('message', `DATA_DIR ${held} is in use by process ${process.ppid}; stop it or choose another DATA_DIR.`);
    expect(readFileSync(join(held, LOCK), 'utf8')).toBe(String(process.ppid));

    const mine = folder();
    const release = await lockDataDir(mine);
    await expect(lockDataDir(mine)).rejects.toThrow(`in use by process ${process.pid}`);
    release();
    // Our pid in a lock we do not hold is a previous process's (a container restarted with our pid).
    writeFileSync(join(mine, LOCK), String(process.pid));
    (await lockDataDir(mine))();
  });

  it('releases only a lock that still holds our pid', async () => {
    const dir = folder();
    const release = await lockDataDir(dir);
    writeFileSync(join(dir, LOCK), String(process.ppid));
    release();
    expect(readFileSync(join(dir, LOCK), 'utf8')).toBe(String(process.ppid));
  });
});
