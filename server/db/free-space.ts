import { statfs } from 'node:fs/promises';

/**
 * The embedded database's free-space guard (docs/operations.md, "A full disk"): PGlite that fails to
 * write its WAL for want of space never answers again, so writes are refused while the disk under
 * DATA_DIR has less than DATA_DIR_MIN_FREE_MB left, well before it is full: a call that writes
 * answers 507 (`refuseWriteWhenDiskLow`, server/http/disk-low.ts) and the logs' rows wait in memory
 * (server/services/log-batches.ts); reads go on. The disk is looked at on start and every
 * CHECK_EVERY_MS; a call asks the last answer, never the disk.
 */
export const CHECK_EVERY_MS = 2_000;
const MIB = 1024 * 1024;

type Statfs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

export class FreeSpace {
  /** Below the threshold at the last look. */
  low = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dir: string,
    private readonly minFreeMb: number,
    /** Hears one line when the disk turns low and one when it has room again. */
    private readonly log: (line: string, low: boolean) => void,
    private readonly stat: Statfs = statfs,
  ) {}

  /** Looks at the disk once; a look that fails keeps the last answer. */
  async check() {
    let free: number;
    try {
      const s = await this.stat(this.dir);
      // The blocks an unprivileged process may still take: root's reserve is not the database's.
      free = Number(s.bavail) * Number(s.bsize);
    } catch {
      return this.low;
    }
    const low = free < this.minFreeMb * MIB;
    if (low !== this.low) {
      this.low = low;
      const left = `${Math.floor(free / MIB)} MiB free under ${this.dir}`;
      this.log(
        low
          ? `The disk is nearly full (${left}, below DATA_DIR_MIN_FREE_MB=${this.minFreeMb}): writes are refused (HTTP 507) and log rows wait in memory until space is freed; reads go on.`
          : `The disk has room again (${left}): writes are taken again.`,
        low,
      );
    }
    return low;
  }

  /** Looks now and then every CHECK_EVERY_MS; the timer keeps no process alive. */
  async start() {
    await this.check();
    this.timer ??= setInterval(() => void this.check(), CHECK_EVERY_MS).unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Each database's guard: only the embedded database, on a folder, has one. */
const guards = new WeakMap<object, FreeSpace>();

/** Guards `db`'s writes by the free space under `dir`; resolves after the first look, so a start serves nothing unguarded. */
export const guardFreeSpace = async (db: object, guard: FreeSpace) => {
  guards.set(db, guard);
  await guard.start();
  return guard;
};

/** True while the disk under `db`'s folder is below its threshold. */
export const diskLow = (db: object) => {
  // A database wrapped by prototype (the services' `markingCarriedOut`) is guarded by its own.
  for (let o: object | null = db; o; o = Object.getPrototypeOf(o)) {
    const guard = guards.get(o);
    if (guard) return guard.low;
  }
  return false;
};
