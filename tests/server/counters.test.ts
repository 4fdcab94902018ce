import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbCounters, MemoryCounters, type Counters } from '../../server/services/counters.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** The counters behind rate limits and lockouts: atomic under parallel hits, windows that open with the first hit and end. */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const behaves = (name: string, make: () => { counters: Counters; end: (key: string) => Promise<void> }) =>
  describe(name, () => {
    it('counts parallel hits once each, peeks without adding, and starts again after the window', async () => {
      const { counters, end } = make();
      const key = `k ${Math.random()}`;
      const counts = (await Promise.all(Array.from({ length: 40 }, () => counters.hit(key, 60)))).map((c) => c.count);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      const peeked = await counters.peek(key, 60);
      expect(peeked.count).toBe(40);
      expect(peeked.resetSeconds).toBeGreaterThan(50);
      expect(peeked.resetSeconds).toBeLessThanOrEqual(60);
      expect((await counters.peek(key, 60)).count).toBe(40);
      expect((await counters.peek(`other ${key}`, 60)).count).toBe(0);
      await end(key);
      expect((await counters.peek(key, 60)).count).toBe(0);
      expect((await counters.hit(key, 60)).count).toBe(1);
    });
  });

let clock = Date.now();
const memory = new MemoryCounters(() => clock);
behaves('in memory (the embedded database)', () => ({ counters: memory, end: async () => void (clock += 61_000) }));
behaves('in the database (PostgreSQL; the same SQL on PGlite)', () => ({
  counters: new DbCounters(s.db),
  end: async (key) => void (await s.db.query("update rate_counter set window_end = clock_timestamp() - interval '1 second' where key = $1", [key])),
}));
