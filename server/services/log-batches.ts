import { diskLow } from '../db/free-space.ts';

/**
 * A log's rows on their way to its table (the audit logs, the open API's call log): they gather in
 * memory and one write takes them all every `ms` (or at `rows`), one write at a time, in order.
 * A write that fails is not lost: its rows go back in front of the queue and are written again
 * after a pause that doubles up to RETRY_MAX_MS, so a database restart or a blip costs no row.
 * Memory is bounded: past MAX_QUEUED rows the oldest go, counted and reported. A write refused for
 * a key it already holds (the rows are keyed by ids made here) had committed, in part or whole,
 * before its answer was lost: it is split until each part is written or found there, so no row is
 * written twice and none is skipped. While the embedded database's disk is nearly full
 * (server/db/free-space.ts) the rows wait in memory instead. A stop that cannot write them spools
 * them to disk on the embedded database (server/services/log-spool.ts); a crash loses what is queued.
 * A row the database refuses for its values is the one row dropped, counted and reported.
 */
export const MAX_QUEUED = 50_000;
export const RETRY_MAX_MS = 30_000;
/** How often rows held by a low disk look whether they may go. */
const HELD_RETRY_MS = 1_000;

/** Which log of which database a batch writes: its spool file's name, and whose disk may hold it. */
export interface LogOf {
  db: object;
  name: string;
}

/** Each database's logs by name, for a stop to spool and a start to replay (server/services/log-spool.ts). */
const logs = new WeakMap<object, Map<string, LogBatches<unknown>>>();
export const logsOf = (db: object): ReadonlyMap<string, LogBatches<unknown>> => logs.get(db) ?? new Map();

const duplicate = (e: unknown) => (e as { code?: unknown }).code === '23505';
/** PostgreSQL's class 22, data exception: a value the table cannot take, refused again on every try. */
const refusedData = (e: unknown) => String((e as { code?: unknown }).code ?? '').startsWith('22');

export class LogBatches<Row> {
  private pending: Row[] = [];
  /** The batch being written: a stop that cannot wait for its answer spools it with the queue. */
  private inFlight: Row[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Failed writes in a row: the pause before the next try doubles with each. */
  private failures = 0;
  private readonly cap: number;
  private readonly log?: LogOf;
  /** Rows dropped since the start because the queue was full. */
  dropped = 0;
  /** Rows dropped since the start because the database refused their values. */
  refused = 0;

  constructor(
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly onError: (e: unknown) => void,
    private readonly every: { ms: number; rows: number },
    opts: { cap?: number; log?: LogOf } = {},
  ) {
    this.cap = opts.cap ?? MAX_QUEUED;
    this.log = opts.log;
    if (opts.log) {
      if (!logs.has(opts.log.db)) logs.set(opts.log.db, new Map());
      logs.get(opts.log.db)!.set(opts.log.name, this as LogBatches<unknown>);
    }
  }

  add(row: Row) {
    this.pending.push(row);
    if (this.pending.length >= this.every.rows && !this.failures && !this.held()) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.every.ms);
  }

  /** Writes what is queued; resolves once that write is answered (its rows written, or back in the queue). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.held()) {
      this.trim();
      // The next look keeps no process alive: a stop spools what waits.
      if (this.pending.length) this.timer = setTimeout(() => void this.flush(), HELD_RETRY_MS).unref();
      return this.writing;
    }
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => (batch.length ? this.attempt(batch) : undefined));
    return this.writing;
  }

  /** Rows waiting to be written. */
  get queued() {
    return this.pending.length;
  }

  /** Every row not known to be written, oldest first: the one in flight and the queue. */
  unwritten(): Row[] {
    return [...this.inFlight, ...this.pending];
  }

  /** Puts rows a stop spooled in front of the queue and writes them; true once they are written, false while they wait. */
  async restore(rows: Row[]) {
    this.pending = [...rows, ...this.pending];
    await this.flush();
    const mine = new Set(rows);
    return !this.unwritten().some((r) => mine.has(r));
  }

  private held() {
    return !!this.log && diskLow(this.log.db);
  }

  /** Past the cap the oldest rows go, counted and reported. */
  private trim() {
    const over = this.pending.length - this.cap;
    if (over <= 0) return;
    this.pending.splice(0, over);
    this.dropped += over;
    this.onError(new Error(`log rows dropped: ${over} (${this.dropped} since the start); the queue was full while they could not be written`));
  }

  private async attempt(batch: Row[]) {
    this.inFlight = batch;
    try {
      await this.writeNew(batch);
      this.failures = 0;
    } catch (e) {
      this.failures++;
      this.onError(e);
      this.pending = [...batch, ...this.pending];
      this.trim();
      clearTimeout(this.timer);
      // The next try keeps no process alive: a stop flushes once more itself.
      this.timer = setTimeout(() => void this.flush(), Math.min(RETRY_MAX_MS, this.every.ms * 2 ** this.failures)).unref();
    } finally {
      this.inFlight = [];
    }
  }

  /**
   * Writes the rows the table does not hold yet: a write refused for a key it holds (23505) is
   * split in halves, down to the row that is there. So is one refused for a value (class 22): down
   * to the row the database will never take, which is dropped, counted and reported, so it cannot
   * hold up every row behind it.
   */
  private async writeNew(rows: Row[]): Promise<void> {
    try {
      await this.write(rows);
    } catch (e) {
      const data = refusedData(e);
      if (!duplicate(e) && !data) throw e;
      if (rows.length === 1) {
        if (!data) return;
        this.refused++;
        this.onError(new Error(`log row dropped: the database refused its values (${(e as Error).message}); ${this.refused} since the start`));
        return;
      }
      const half = rows.length >> 1;
      await this.writeNew(rows.slice(0, half));
      await this.writeNew(rows.slice(half));
    }
  }
}
