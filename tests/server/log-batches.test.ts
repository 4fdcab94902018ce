import { afterEach, expect, it, vi } from 'vitest';
import { LogBatches } from '../../server/services/log-batches.ts';

/**
 * The logs' batches (audit logs, call log) lose no row in a blip: a failed write goes back in front
 * of the queue and is written again, once; a write whose answer was lost after it committed is not
 * written twice; past the cap the oldest rows go, counted and reported.
 */
afterEach(() => vi.useRealTimers());

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

it('keeps at most its cap while the database is away, dropping the oldest and saying how many', async () => {
  const errors: string[] = [];
  const batches = new LogBatches<number>(async () => {
    throw new Error('down');
  }, (e) => errors.push((e as Error).message), every, 10);
  for (let i = 0; i < 8; i++) batches.add(i);
  await batches.flush();
  for (let i = 8; i < 15; i++) batches.add(i);
  await batches.flush();
  expect(batches.queued).toBe(10);
  expect(batches.dropped).toBe(5);
  expect(errors).toContain('log rows dropped: 5 (5 since the start); the database refused them for too long');
});
