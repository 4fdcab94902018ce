import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppendValue, Db } from '../../server/db/driver.ts';
import { timeUuid } from '../../server/db/time-uuid.ts';
import { testDb } from '../helpers/db.ts';

/** `Db.append`, the logs' batched writes: a COPY on PGlite, one JSON insert on PostgreSQL, the same rows either way. */
describe('appending rows', () => {
  let db: Db;
  beforeAll(async () => {
    db = await testDb();
    await db.query('create table appended (guid uuid primary key, label text, n integer, ms double precision, flag boolean, doc jsonb, at timestamptz)');
  });
  afterAll(() => db?.close());

  it('writes every value exactly, whatever characters its text holds', async () => {
    const tricky = ['tab\there', 'line\nbreak\r\nand return', 'back\\slash \\N \\t', '\\N', '', 'näme ✓ 名字', 'quote " and \' both', 'comma, {brace}'];
    const rows: AppendValue[][] = tricky.map((label, i) => [timeUuid(), label, i, i + 0.5, i % 2 === 0, { fields: [label, i] }, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()]);
    rows.push([timeUuid(), null, null, null, null, null, null]);
    await db.append('appended', ['guid', 'label', 'n', 'ms', 'flag', 'doc', 'at'], rows);
    const { rows: back } = await db.query<Record<string, unknown>>('select guid, label, n, ms, flag, doc, at from appended order by n nulls last');
    expect(back).toEqual(rows.map(([guid, label, n, ms, flag, doc, at]) => ({ guid, label, n, ms, flag, doc, at: at === null ? null : new Date(at as string) })));
  });

  it('writes nothing for no rows, and refuses a name that is no identifier', async () => {
    await db.append('appended', ['guid'], []);
    await expect(db.append('appended; drop table appended', ['guid'], [[timeUuid()]])).rejects.toThrow();
    expect((await db.query('select count(*)::int as n from appended')).rows[0]).toEqual({ n: 9 });
  });
});

describe('time-ordered guids', () => {
  it('are version-7 UUIDs that sort by their time and do not repeat', () => {
    const made = Array.from({ length: 1000 }, (_, i) => timeUuid(1_800_000_000_000 + i * 7));
    for (const u of made) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...made].sort()).toEqual(made);
    expect(new Set(Array.from({ length: 10_000 }, () => timeUuid(0))).size).toBe(10_000);
  });
});
