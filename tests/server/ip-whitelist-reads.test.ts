import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/driver.ts';
import { dropWhitelists, ipAllowed } from '../../server/services/policy.ts';

/** A database that answers a BU's policy after `ms`, counting the reads. */
const slowPolicies = (whitelist: string[], ms = 20) => {
  const db = {
    reads: 0,
    query: async () => {
      db.reads++;
      await new Promise((r) => setTimeout(r, ms));
      return { rows: [{ login_error_limit: 5, cycle_seconds: 60, cycles: 1, token_validity_seconds: 3600, ip_whitelist: whitelist }] };
    },
  };
  return db as typeof db & Queryable;
};

/** A BU's address whitelist (server/services/policy.ts): read once for all the calls that wait for it. */
describe('the address whitelist', () => {
  it("reads a BU's list once for the calls that ask at the same time, and answers each for its own address", async () => {
    dropWhitelists();
    const db = slowPolicies(['10.0.0.0/8']);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ipAllowed(db, 'bu-a', i % 2 ? '10.1.2.3' : '192.168.1.1')));
    expect(db.reads).toBe(1);
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i % 2 === 1));
    // Then from the cache.
    expect(await ipAllowed(db, 'bu-a', '10.9.9.9')).toBe(true);
    expect(db.reads).toBe(1);
  });

  it('reads anew after a change is heard, even with a read under way', async () => {
    dropWhitelists();
    const before = slowPolicies(['10.0.0.0/8']);
    const first = ipAllowed(before, 'bu-b', '192.168.1.1');
    dropWhitelists();
    const after = slowPolicies([]);
    expect(await ipAllowed(after, 'bu-b', '192.168.1.1')).toBe(true);
    expect(after.reads).toBe(1);
    expect(await first).toBe(false);
    // The read from before the change was not kept.
    expect(await ipAllowed(after, 'bu-b', '192.168.1.1')).toBe(true);
    expect(before.reads).toBe(1);
  });

  it('lets a failed read fail its callers, and the next call read again', async () => {
    dropWhitelists();
    const db = { reads: 0, query: async () => { db.reads++; throw new Error('database away'); } };
    await expect(Promise.all([ipAllowed(db as unknown as Queryable, 'bu-c', '10.0.0.1'), ipAllowed(db as unknown as Queryable, 'bu-c', '10.0.0.1')])).rejects.toThrow('database away');
    expect(db.reads).toBe(1);
    await expect(ipAllowed(db as unknown as Queryable, 'bu-c', '10.0.0.1')).rejects.toThrow('database away');
    expect(db.reads).toBe(2);
  });
});
