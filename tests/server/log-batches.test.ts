import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { FreeSpace, guardFreeSpace } from '../../server/db/free-space.ts';
import { LogBatches } from '../../server/services/log-batches.ts';
import { replaySpool, spoolDirOf, spoolLogs } from '../../server/services/log-spool.ts';

/**
 * The logs' batches (audit logs, call log) lose no row in a blip: a failed write goes back in front
 * of the queue and is written again, once; a write whose answer was lost after it committed is not
 * written twice, and the rows queued behind it are still written; past the cap the oldest rows go,
 * counted and reported. While the disk is nearly full they wait; a stop that cannot write them
 * spools them to DATA_DIR and the next start writes them, each once.
 */
afterEach(() => vi.useRealTimers());
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'open-spool-'));
  dirs.push(d);
  return d;
};

const every = { ms: 100, rows: 1000 };

it('writes a batch the database refused once it answers again, in order, exactly once', async () => {
  vi.useFakeTimers();
  const written: number[] = [];
  let down = 2;
  const errors: unknown[] = [];
  const batches = new LogBatches<number>(async (rows) => {
    if (down-- > 0) throw new Error('connection refused');
    written.push(...rows);
  }, (e) => errors.push(e), every);
  batches.add(1);
  batches.add(2);
  await batches.flush();
  expect(written).toEqual([]);
  expect(batches.queued).toBe(2);
  // Rows recorded meanwhile wait behind the ones that failed.
  batches.add(3);
  // The tries come by themselves, each after a longer pause.
  await vi.advanceTimersByTimeAsync(200);
  expect(written).toEqual([]);
  await vi.advanceTimersByTimeAsync(400);
  expect(written).toEqual([1, 2, 3]);
  expect(batches.queued).toBe(0);
  expect(errors).toHaveLength(2);
  batches.add(4);
  await batches.flush();
  expect(written).toEqual([1, 2, 3, 4]);
});

it('takes a key the table already holds as a write that had committed: the rows are not queued again', async () => {
  const written: number[][] = [];
  let answers = 0;
  const batches = new LogBatches<number>(async (rows) => {
    // The first write commits but its answer is lost; the second meets its own rows.
    if (answers++ === 0) {
      written.push(rows);
      throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    }
    throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
  }, () => {}, every);
  batches.add(7);
  await batches.flush();
  expect(batches.queued).toBe(1);
  await batches.flush();
  expect(batches.queued).toBe(0);
  expect(written).toEqual([[7]]);
});

it('drops only the row whose values the database refuses, says so, and writes the rows around and behind it', async () => {
  const written: number[] = [];
  const errors: Error[] = [];
  const batches = new LogBatches<number>(async (rows) => {
    // Like PostgreSQL refusing a NUL in text (22021): every try of a batch holding row 13.
    if (rows.includes(13)) throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    written.push(...rows);
  }, (e) => errors.push(e as Error), every);
  for (let i = 1; i <= 20; i++) batches.add(i);
  await batches.flush();
  expect(written).toEqual(Array.from({ length: 20 }, (_, i) => i + 1).filter((i) => i !== 13));
  expect(batches.queued).toBe(0);
  expect(batches.refused).toBe(1);
  expect(errors.map((e) => e.message)).toEqual(['log row dropped: the database refused its values (invalid byte sequence for encoding "UTF8": 0x00); 1 since the start']);
  batches.add(21);
  await batches.flush();
  expect(written.at(-1)).toBe(21);
});

it('keeps at most its cap while the database is away, dropping the oldest and saying how many', async () => {
  const errors: string[] = [];
  const batches = new LogBatches<number>(async () => {
    throw new Error('down');
  }, (e) => errors.push((e as Error).message), every, { cap: 10 });
  for (let i = 0; i < 8; i++) batches.add(i);
  await batches.flush();
  for (let i = 8; i < 15; i++) batches.add(i);
  await batches.flush();
  expect(batches.queued).toBe(10);
  expect(batches.dropped).toBe(5);
  expect(errors).toContain('log rows dropped: 5 (5 since the start); the queue was full while they could not be written');
});

/** A table keyed by its rows: a write holding a key it has fails whole (23505), as a multi-row insert does. */
const table = () => {
  const rows = new Set<unknown>();
  /** Every row each write that succeeded inserted, in order: a row twice here was written twice. */
  const inserted: unknown[] = [];
  const writes: unknown[][] = [];
  const write = async (batch: unknown[]) => {
    writes.push(batch);
    if (batch.some((r) => rows.has(r))) throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    batch.forEach((r) => rows.add(r));
    inserted.push(...batch);
  };
  return { rows, inserted, writes, write };
};

it('writes the rows queued behind a batch that had committed before its answer was lost', async () => {
  const t = table();
  let lost = true;
  const batches = new LogBatches<number>(async (rows) => {
    await t.write(rows);
    if (lost) {
      lost = false;
      throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    }
  }, () => {}, every);
  batches.add(1);
  batches.add(2);
  await batches.flush();
  expect(batches.queued).toBe(2);
  batches.add(3);
  batches.add(4);
  await batches.flush();
  expect(batches.queued).toBe(0);
  // 1 and 2 once (the write that lost its answer), 3 and 4 by the split of the retry.
  expect(t.inserted).toEqual([1, 2, 3, 4]);
  expect(t.writes).toContainEqual([3, 4]);
});

it('holds the rows in memory while the disk is nearly full, within the cap, and writes them once it has room', async () => {
  const db = {};
  let free = 10 * 1024 * 1024;
  const lines: string[] = [];
  const guard = await guardFreeSpace(db, new FreeSpace('/data', 64, (line) => lines.push(line), async () => ({ bavail: free / 4096, bsize: 4096 })));
  try {
    const written: number[] = [];
    const errors: string[] = [];
    const batches = new LogBatches<number>(async (rows) => void written.push(...rows), (e) => errors.push((e as Error).message), every, { cap: 5, log: { db, name: 'test_log' } });
    for (let i = 0; i < 8; i++) batches.add(i);
    await batches.flush();
    expect(written).toEqual([]);
    expect(batches.queued).toBe(5);
    expect(errors).toEqual(['log rows dropped: 3 (3 since the start); the queue was full while they could not be written']);
    free = 1024 * 1024 * 1024;
    await guard.check();
    await batches.flush();
    expect(written).toEqual([3, 4, 5, 6, 7]);
    expect(lines).toHaveLength(2);
  } finally {
    guard.stop();
  }
});

it('spools at a stop the rows it could not write, the batch whose write never answered included', async () => {
  const db = {};
  const dir = dataDir();
  const hung = new LogBatches<number>(() => new Promise(() => {}), () => {}, every, { log: { db, name: 'hung_log' } });
  const refused = new LogBatches<{ n: number; at: Date }>(async () => {
    throw new Error('down');
  }, () => {}, every, { log: { db, name: 'refused_log' } });
  hung.add(1);
  void hung.flush();
  hung.add(2);
  const at = new Date('2025-01-02T03:04:05.678Z');
  refused.add({ n: 1, at });
  await refused.flush();
  const said: string[] = [];
  expect(spoolLogs(db, dir, (l) => said.push(l))).toEqual({ hung_log: 2, refused_log: 1 });
  expect(readFileSync(join(spoolDirOf(dir), 'hung_log.ndjson'), 'utf8')).toBe('1\n2\n');
  expect(readFileSync(join(spoolDirOf(dir), 'refused_log.ndjson'), 'utf8')).toBe('{"n":1,"at":{"$date":"2025-01-02T03:04:05.678Z"}}\n');
  expect(said).toEqual([`Log rows not yet written were spooled to ${spoolDirOf(dir)} (hung_log 2, refused_log 1); the next start writes them.`]);
});

it('writes the spooled rows at the next start, each once even when its write had committed, and removes the file', async () => {
  const dir = dataDir();
  const before = {};
  // The stop: rows 1-2 went in a write that committed but never answered; 3-4 were queued behind it.
  const t = table();
  const stuck = new LogBatches<number>(async (rows) => {
    await t.write(rows);
    return new Promise(() => {});
  }, () => {}, every, { log: { db: before, name: 'a_log' } });
  stuck.add(1);
  stuck.add(2);
  void stuck.flush();
  stuck.add(3);
  stuck.add(4);
  await Promise.resolve();
  spoolLogs(before, dir, () => {});
  expect(t.inserted).toEqual([1, 2]);
  // The next start: the same table, a new process's batches.
  const after = {};
  new LogBatches<number>(t.write as (rows: number[]) => Promise<void>, () => {}, every, { log: { db: after, name: 'a_log' } });
  const said: string[] = [];
  expect(await replaySpool(after, dir, (l) => said.push(l))).toEqual({ a_log: 4 });
  expect(t.inserted).toEqual([1, 2, 3, 4]);
  expect(existsSync(join(spoolDirOf(dir), 'a_log.ndjson'))).toBe(false);
  expect(said).toEqual(['Log rows spooled at the last stop were written (a_log 4).']);
  // A later stop with nothing left writes no file.
  spoolLogs(after, dir, () => {});
  expect(existsSync(join(spoolDirOf(dir), 'a_log.ndjson'))).toBe(false);
});

it('keeps the spool file while the disk is still nearly full at the start, and the rows wait in memory', async () => {
  const dir = dataDir();
  const before = {};
  const refused = new LogBatches<{ at: Date }>(async () => {
    throw new Error('down');
  }, () => {}, every, { log: { db: before, name: 'b_log' } });
  refused.add({ at: new Date('2025-01-02T03:04:05.678Z') });
  await refused.flush();
  spoolLogs(before, dir, () => {});
  const after = {};
  let free = 0;
  const guard = await guardFreeSpace(after, new FreeSpace(dir, 64, () => {}, async () => ({ bavail: free / 4096, bsize: 4096 })));
  try {
    const written: { at: Date }[] = [];
    const batches = new LogBatches<{ at: Date }>(async (rows) => void written.push(...rows), () => {}, every, { log: { db: after, name: 'b_log' } });
    const said: string[] = [];
    expect(await replaySpool(after, dir, (l) => said.push(l))).toEqual({});
    expect(said).toEqual([`Log rows spooled at the last stop wait to be written (b_log 1); their files stay in ${spoolDirOf(dir)} until they are.`]);
    expect(existsSync(join(spoolDirOf(dir), 'b_log.ndjson'))).toBe(true);
    expect(batches.queued).toBe(1);
    expect(written).toEqual([]);
    // Room again: the rows go, dates as dates.
    free = 1024 * 1024 * 1024;
    await guard.check();
    await batches.flush();
    expect(written).toEqual([{ at: new Date('2025-01-02T03:04:05.678Z') }]);
    expect(written[0].at).toBeInstanceOf(Date);
  } finally {
    guard.stop();
  }
});
