import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { pruneAttempts, takeAttempt } from '../../server/auth/throttle.ts';
import { DbCounters, MemoryCounters, type Counters } from '../../server/services/counters.ts';
import { issueCode, pruneCodes } from '../../server/services/one-time-codes.ts';
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

// Issue 43, finding 9: rows anyone can create by guessing or asking for codes go once they count nothing.
describe('the upkeep of login lanes and one-time codes', () => {
  it('drops lanes past the longest window without a lock, and keeps every lane still counting or locking', async () => {
    const names = { stale: `stale_${randomUUID()}`, locked: `locked_${randomUUID()}`, recent: `recent_${randomUUID()}` };
    for (const name of Object.values(names)) await takeAttempt(s.db, name);
    await s.db.query("update login_attempt set window_start = now() - interval '25 hours' where username = any($1)", [[names.stale, names.locked]]);
    await s.db.query("update login_attempt set window_start = now() - interval '23 hours' where username = $1", [names.recent]);
    await s.db.query("update login_attempt set locked_until = now() + interval '5 minutes' where username = $1", [names.locked]);
    await pruneAttempts(s.db);
    const left = await s.db.query<{ username: string }>('select username from login_attempt where username = any($1) order by username', [Object.values(names)]);
    expect(left.rows.map((r) => r.username)).toEqual([names.locked, names.recent].sort());
  });

  it('drops codes a day past their end, and keeps live and recently expired ones', async () => {
    const targets = { old: `old${randomUUID()}@example.com`, expired: `exp${randomUUID()}@example.com`, live: `live${randomUUID()}@example.com` };
    for (const target of Object.values(targets)) await issueCode(s.db, 'register', target);
    await s.db.query("update one_time_code set expires_at = now() - interval '25 hours' where target = $1", [targets.old]);
    await s.db.query("update one_time_code set expires_at = now() - interval '1 hour' where target = $1", [targets.expired]);
    await pruneCodes(s.db);
    const left = await s.db.query<{ target: string }>('select target from one_time_code where target = any($1) order by target', [Object.values(targets)]);
    expect(left.rows.map((r) => r.target)).toEqual([targets.expired, targets.live].sort());
  });
});
