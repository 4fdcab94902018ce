import { AsyncLocalStorage } from 'node:async_hooks';
import { DEADLINE_PASSED } from './away.ts';
import { deadlineOff } from './deadlines.ts';
import type { Db } from './driver.ts';

/**
 * A fair share of the database per tenant (docs/operations.md, "Fair share"). The database serves
 * `slots` statements or transactions at once (PostgreSQL: the pool's connections; the embedded
 * database: what may wait on its one thread); one share — a BU's people, one app, an operator, an
 * address — holds at most `perShare` of them, and a freed slot goes to the shares waiting in turn,
 * not to whoever queued first. So 64 heavy pages of one BU keep at most `perShare` statements in
 * the database, and another BU's cheap call finds a slot free or next in line.
 */
export interface Shares {
  slots: number;
  perShare: number;
  /** How long a statement waits for a slot before it fails as the database away (503). */
  waitMs: number;
}

interface Scope {
  share: string;
  /** Inside a transaction that holds a slot: its statements do not take another. */
  held: boolean;
}

const scope = new AsyncLocalStorage<Scope>();
/** Work with no call behind it (the logs' writers, timers, the start) shares one slot count. */
export const SYSTEM = 'system';

/** Runs a call's work as `share`'s: every statement it makes counts against that share. */
export const inShare = <T>(share: string, fn: () => T): T => scope.run({ share, held: false }, fn);

/** The share the work running now belongs to. */
export const currentShare = () => scope.getStore()?.share ?? SYSTEM;

interface Waiter {
  grant(): void;
  timer?: NodeJS.Timeout;
}

/** Slots handed out between the shares that wait, the one holding fewest first, none holding more than `perShare`. */
export class FairGate {
  private used = 0;
  private readonly holding = new Map<string, number>();
  /** Shares with waiters, in turn order: a share served goes to the back. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly shares: Shares) {}

  acquire(share: string): Promise<void> | undefined {
    if (!this.waiting.has(share) && this.free(share)) {
      this.take(share);
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve };
      if (!deadlineOff()) {
        waiter.timer = setTimeout(() => {
          const queue = this.waiting.get(share);
          const at = queue?.indexOf(waiter) ?? -1;
          if (at < 0) return;
          queue!.splice(at, 1);
          if (!queue!.length) this.waiting.delete(share);
          reject(Object.assign(new Error(`No database slot within ${this.shares.waitMs} ms for ${share}`), { code: DEADLINE_PASSED }));
        }, this.shares.waitMs);
      }
      const queue = this.waiting.get(share);
      if (queue) queue.push(waiter);
      else this.waiting.set(share, [waiter]);
    });
  }

  release(share: string) {
    this.used--;
    const n = (this.holding.get(share) ?? 1) - 1;
    if (n) this.holding.set(share, n);
    else this.holding.delete(share);
    this.dispatch();
  }

  /** Statements waiting for a slot, across shares. */
  get queued() {
    let n = 0;
    for (const q of this.waiting.values()) n += q.length;
    return n;
  }

  private free(share: string) {
    return this.used < this.shares.slots && (this.holding.get(share) ?? 0) < this.shares.perShare;
  }

  private take(share: string) {
    this.used++;
    this.holding.set(share, (this.holding.get(share) ?? 0) + 1);
  }

  /** Freed slots go to the waiting share holding fewest (the first in turn order among equals), which then goes to the back. */
  private dispatch(): void {
    while (this.used < this.shares.slots) {
      let next: string | undefined;
      for (const share of this.waiting.keys()) {
        if (this.free(share) && (next === undefined || (this.holding.get(share) ?? 0) < (this.holding.get(next) ?? 0))) next = share;
      }
      if (next === undefined) return;
      const queue = this.waiting.get(next)!;
      const waiter = queue.shift()!;
      clearTimeout(waiter.timer);
      this.waiting.delete(next);
      if (queue.length) this.waiting.set(next, queue);
      this.take(next);
      waiter.grant();
    }
  }
}

/** `db` with every statement, transaction and append taking a slot of the caller's share first. */
export const sharedFairly = (db: Db, shares: Shares): Db => {
  const gate = new FairGate(shares);
  const slotted = async <T>(share: string, work: () => Promise<T>): Promise<T> => {
    await gate.acquire(share);
    try {
      return await work();
    } finally {
      gate.release(share);
    }
  };
  return {
    ...db,
    query: (sql, params) => {
      const s = scope.getStore();
      if (s?.held) return db.query(sql, params);
      return slotted(s?.share ?? SYSTEM, () => db.query(sql, params));
    },
    transaction: (fn) => {
      const s = scope.getStore();
      if (s?.held) return db.transaction(fn);
      const share = s?.share ?? SYSTEM;
      return slotted(share, () => scope.run({ share, held: true }, () => db.transaction(fn)));
    },
    holding: (fn) => {
      const s = scope.getStore();
      if (s?.held) return fn();
      const share = s?.share ?? SYSTEM;
      return slotted(share, () => scope.run({ share, held: true }, fn));
    },
    // The logs' writers flush on timers a call may have started: their rows are nobody's share.
    append: (table, columns, rows) => slotted(SYSTEM, () => db.append(table, columns, rows)),
    exclusive: (fn) => db.exclusive(fn),
    close: () => db.close(),
  };
};
