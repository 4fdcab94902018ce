import type { Db } from '../db/driver.ts';

/** A key's count in its current window, and the seconds until that window ends. */
export interface Count {
  count: number;
  resetSeconds: number;
}

/**
 * Counters that protect the platform (rate limits, lockouts). A key's window opens with its first
 * hit and lasts `windowSeconds`; the next hit after it ends opens a new one (as @fastify/rate-limit
 * and the login lockout count). On PostgreSQL they are rows every instance shares, so N instances
 * give the limits of one; on the embedded database, which one process holds, a map in memory.
 */
export interface Counters {
  /** Adds one to `key` in its current window. */
  hit(key: string, windowSeconds: number): Promise<Count>;
  /** The count so far (0 once the window ended), adding nothing. */
  peek(key: string, windowSeconds: number): Promise<Count>;
  /** Drops ended windows (the database's rows; memory drops its own as it goes). */
  prune(): Promise<void>;
}

/** Past this many keys the oldest are dropped: a flood of keys cannot grow memory without bound. */
const KEYS_IN_MEMORY = 100_000;

export class MemoryCounters implements Counters {
  private readonly counts = new Map<string, { end: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const found = this.counts.get(key);
    return found && found.end > this.now() ? found : undefined;
  }

  async hit(key: string, windowSeconds: number) {
    const found = this.live(key) ?? { end: this.now() + windowSeconds * 1000, count: 0 };
    const next = { end: found.end, count: found.count + 1 };
    this.counts.delete(key);
    this.counts.set(key, next);
    if (this.counts.size > KEYS_IN_MEMORY) this.counts.delete(this.counts.keys().next().value!);
    return { count: next.count, resetSeconds: Math.max(1, Math.ceil((next.end - this.now()) / 1000)) };
  }

  async peek(key: string, windowSeconds: number) {
    const found = this.live(key);
    return found ? { count: found.count, resetSeconds: Math.max(1, Math.ceil((found.end - this.now()) / 1000)) } : { count: 0, resetSeconds: windowSeconds };
  }

  async prune() {}
}

const LEFT = (end: string) => `greatest(1, ceil(extract(epoch from ${end} - clock_timestamp())))::int`;

export class DbCounters implements Counters {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowSeconds: number) {
    // One atomic upsert: parallel hits from any instance each see their own count; an ended window starts again at 1.
    const { rows } = await this.db.query<{ count: number; reset: number }>(
      `insert into rate_counter as c (key, window_start, window_end, count) values ($1, clock_timestamp(), clock_timestamp() + make_interval(secs => $2::int), 1)
       on conflict (key) do update set
         count = case when c.window_end <= clock_timestamp() then 1 else c.count + 1 end,
         window_start = case when c.window_end <= clock_timestamp() then clock_timestamp() else c.window_start end,
         window_end = case when c.window_end <= clock_timestamp() then clock_timestamp() + make_interval(secs => $2::int) else c.window_end end
       returning c.count, ${LEFT('c.window_end')} as reset`,
      [key, windowSeconds],
    );
    return { count: rows[0].count, resetSeconds: rows[0].reset };
  }

  async peek(key: string, windowSeconds: number) {
    const { rows } = await this.db.query<{ count: number; reset: number }>(`select count, ${LEFT('window_end')} as reset from rate_counter where key = $1 and window_end > clock_timestamp()`, [key]);
    return rows[0] ? { count: rows[0].count, resetSeconds: rows[0].reset } : { count: 0, resetSeconds: windowSeconds };
  }

  async prune() {
    await this.db.query('delete from rate_counter where window_end < clock_timestamp()');
  }
}

export const countersFor = (db: Db): Counters => (db.kind === 'postgres' ? new DbCounters(db) : new MemoryCounters());
