import type { Counters } from '../services/counters.ts';

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store on the shared counters (server/services/counters.ts): the per-address
 * limits of the public calls hold across instances on PostgreSQL, as the lockouts do. Each route
 * counts apart (its `child`), as the plugin's own store does.
 */
export const counterStore = (counters: Counters) =>
  class CounterStore {
    // The plugin makes the root store with its options (unused here); `child` names the route.
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      counters.hit(`rate ${this.route} ${key}`, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ count, resetSeconds }) => done(null, { current: count, ttl: resetSeconds * 1000 }),
        (e: Error) => done(e),
      );
    }

    read(key: string, done: Done, timeWindow: number) {
      counters.peek(`rate ${this.route} ${key}`, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ count, resetSeconds }) => done(null, { current: count, ttl: count ? resetSeconds * 1000 : 0 }),
        (e: Error) => done(e),
      );
    }

    // Typed as the route's options, it is given the route's merged limit options, whose `routeInfo` is the route.
    child(params: object) {
      const route = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new CounterStore(undefined, `${String(route?.method ?? '')} ${String(route?.url ?? '')}`);
    }
  };
