import { randomUUID } from 'node:crypto';
import type { Db } from '../db/driver.ts';

/** The caches an instance keeps of what decides access; each is dropped whole when it may be stale. */
export type CacheName = 'callers' | 'app-callers' | 'custom-fields' | 'whitelists';

const CHANNEL = 'open_platform_caches';

/**
 * What one instance changes, every instance forgets at once (docs/security.md, "Many instances").
 * A change that ends or narrows access (a freeze, a logout, a grant, an app or BU disabled, a
 * whitelist, custom fields) calls `changed`: this instance drops that cache now, and on PostgreSQL
 * a NOTIFY tells every other one, whose LISTEN connection drops it on arrival. After that
 * connection is lost and made again, everything is dropped (what was announced meanwhile is
 * unknown); while it is down, the caches' own few seconds are the bound.
 */
export class CacheBus {
  private readonly drops = new Map<CacheName, (() => void)[]>();
  /** Tells this instance's announcements from the others' (each instance hears its own too). */
  private readonly id = randomUUID();
  private stopListening: (() => Promise<void>) | undefined;
  /** Whether other instances' changes reach this one now (always false on the embedded database: there are none). */
  listening = false;

  constructor(
    private readonly db: Db,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  /** How to drop a cache, by each that keeps one under `name` (the long connections recheck on `app-callers` too). */
  register(name: CacheName, drop: () => void) {
    this.drops.set(name, [...(this.drops.get(name) ?? []), drop]);
  }

  private drop(name: CacheName) {
    for (const drop of this.drops.get(name) ?? []) drop();
  }

  /** Drops `name` here at once and tells every other instance. Called once the change has committed. */
  changed(name: CacheName) {
    this.drop(name);
    if (!this.db.listen) return;
    this.db.query('select pg_notify($1, $2)', [CHANNEL, `${this.id} ${name}`]).catch((e: Error) => this.warn(`cache change not announced (${e.message}); other instances see it within their caches' time`));
  }

  dropAll() {
    for (const name of this.drops.keys()) this.drop(name);
  }

  /** Listens for the other instances' changes (PostgreSQL); resolves once listening (or failing to), at once when there is nothing to listen to. */
  start() {
    if (!this.db.listen) return Promise.resolve();
    return new Promise<void>((ready) => {
      this.stopListening = this.db.listen!(CHANNEL, {
        message: (payload) => {
          const [from, name] = payload.split(' ');
          if (from !== this.id) this.drop(name as CacheName);
        },
        connected: () => {
          this.dropAll();
          this.listening = true;
          ready();
        },
        lost: (e) => {
          this.listening = false;
          // A start does not wait for the listener: it serves on the caches' own time until it connects.
          ready();
          this.warn(`cache announcements lost (${e.message}); reconnecting, caches last their few seconds meanwhile`);
        },
      });
    });
  }

  async stop() {
    await this.stopListening?.();
  }
}
