import { describe, expect, it } from 'vitest';
import { orderedId } from '../../server/db/ordered-id.ts';

describe('orderedId (the open-API call log\'s row ids)', () => {
  it('is a UUIDv7 whose ids made in one millisecond sort in the order they were made', () => {
    const ms = Date.now() + 60_000;
    const ids = Array.from({ length: 50 }, () => orderedId(ms));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16)).toBe(ms);
    // A later millisecond sorts after all of them.
    expect(orderedId(ms + 1) > ids.at(-1)!).toBe(true);
  });

  it('keeps counting past 4,096 ids in one millisecond by moving on to the next', () => {
    const ms = Date.now() + 120_000;
    const ids = Array.from({ length: 5000 }, () => orderedId(ms));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(5000);
  });
});
