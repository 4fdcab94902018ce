/**
 * A log's rows on their way to its table (the audit logs, the open API's call log): they gather in
 * memory and one write takes them all every `ms` (or at `rows`), one write at a time, in order.
 * A write that fails is not lost: its rows go back in front of the queue and are written again
 * after a pause that doubles up to RETRY_MAX_MS, so a database restart or a blip costs no row.
 * Memory is bounded: past MAX_QUEUED rows the oldest go, counted and reported. A write refused for
 * a key it already holds (the batch's rows are keyed by ids made here) had committed before its
 * answer was lost, so it is done, never written twice. A crash loses what is queued.
 */
export const MAX_QUEUED = 50_000;
export const RETRY_MAX_MS = 30_000;

export class LogBatches<Row> {
  private pending: Row[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Failed writes in a row: the pause before the next try doubles with each. */
  private failures = 0;
  /** Rows dropped since the start because the queue was full. */
  dropped = 0;

  constructor(
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly onError: (e: unknown) => void,
    private readonly every: { ms: number; rows: number },
    private readonly cap = MAX_QUEUED,
  ) {}

  add(row: Row) {
    this.pending.push(row);
    if (this.pending.length >= this.every.rows && !this.failures) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.every.ms);
  }

  /** Writes what is queued; resolves once that write is answered (its rows written, or back in the queue). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => (batch.length ? this.attempt(batch) : undefined));
    return this.writing;
  }

  /** Rows waiting to be written. */
  get queued() {
    return this.pending.length;
  }

  private async attempt(batch: Row[]) {
    try {
      await this.write(batch);
      this.failures = 0;
    } catch (e) {
      // 23505: the rows are there already, from a try whose answer was lost.
      if ((e as { code?: unknown }).code === '23505') return;
      this.failures++;
      this.onError(e);
      this.pending = [...batch, ...this.pending];
      const over = this.pending.length - this.cap;
      if (over > 0) {
        this.pending.splice(0, over);
        this.dropped += over;
        this.onError(new Error(`log rows dropped: ${over} (${this.dropped} since the start); the database refused them for too long`));
      }
      clearTimeout(this.timer);
      // The next try keeps no process alive: a stop flushes once more itself.
      this.timer = setTimeout(() => void this.flush(), Math.min(RETRY_MAX_MS, this.every.ms * 2 ** this.failures)).unref();
    }
  }
}
