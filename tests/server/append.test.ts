import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryTypeOf, copyBinary } from '../../server/db/copy-binary.ts';
import type { AppendValue, Db } from '../../server/db/driver.ts';
import { AUDIT_TABLES } from '../../server/services/audit-log.ts';
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

  it('writes the values and types without an exact binary form as exactly (they go as text)', async () => {
    await db.query('create table appended_text (guid uuid primary key, s smallint, b bigint, amount numeric, day date, at timestamptz, other uuid)');
    const guid = timeUuid();
    const rows: AppendValue[][] = [
      [guid, 3, 2 ** 40, '12.50', '2026-11-30', '2026-11-30 20:00:00.123456+08', '{A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11}'],
      [timeUuid(), -32768, -(2 ** 53 - 1), null, null, null, 'a0eebc999c0b4ef8bb6d6bb9bd380a11'],
    ];
    await db.append('appended_text', ['guid', 's', 'b', 'amount', 'day', 'at', 'other'], rows);
    const { rows: back } = await db.query("select s, b::text as b, amount::text as amount, day::text as day, to_char(at at time zone 'UTC', 'HH24:MI:SS.US') as at, other from appended_text order by s desc");
    expect(back).toEqual([
      { s: 3, b: String(2 ** 40), amount: '12.50', day: '2026-11-30', at: '12:00:00.123456', other: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
      { s: -32768, b: String(-(2 ** 53 - 1)), amount: null, day: null, at: null, other: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
    ]);
  });

  // The embedded database's prepared schema (PostgreSQL takes the rows as one JSON insert).
  it.runIf(!process.env.DATABASE_URL)('has a binary form for every column of the audit logs, the rows written per call', async () => {
    const { rows } = await db.query<{ tbl: string; name: string; type: string }>(
      `select c.relname as tbl, a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a join pg_class c on c.oid = a.attrelid
       where c.relname = any($1) and a.attnum > 0 and not a.attisdropped`,
      [[...AUDIT_TABLES]],
    );
    expect(new Set(rows.map((r) => r.tbl))).toEqual(new Set(AUDIT_TABLES));
    expect(rows.filter((r) => !binaryTypeOf(r.type)).map((r) => `${r.tbl}.${r.name}: ${r.type}`)).toEqual([]);
  });

  // PostgreSQL takes the rows as JSON, whatever the column's type.
  it.runIf(!process.env.DATABASE_URL)('reads the column types again after a failed append, so a table changed under the writer takes the retry', async () => {
    await db.query('create table appended_changed (guid uuid primary key, n integer)');
    await db.append('appended_changed', ['guid', 'n'], [[timeUuid(), 1]]);
    await db.query('alter table appended_changed alter column n type bigint');
    // Encoded as the integer the table had: four bytes where bigint wants eight.
    const row = [timeUuid(), 2];
    await expect(db.append('appended_changed', ['guid', 'n'], [row])).rejects.toThrow();
    await db.append('appended_changed', ['guid', 'n'], [row]);
    expect((await db.query('select n::text as n from appended_changed order by n')).rows).toEqual([{ n: '1' }, { n: '2' }]);
  });

  it('writes nothing for no rows, and refuses a name that is no identifier', async () => {
    await db.append('appended', ['guid'], []);
    await expect(db.append('appended; drop table appended', ['guid'], [[timeUuid()]])).rejects.toThrow();
    expect((await db.query('select count(*)::int as n from appended')).rows[0]).toEqual({ n: 9 });
  });
});

describe('binary COPY rows', () => {
  const signature = (b: ArrayBuffer) => new TextDecoder('latin1').decode(new Uint8Array(b, 0, 11));

  it('encode each value by its type, and give way to text for what they cannot encode exactly', () => {
    const made = copyBinary(['uuid', 'timestamptz', 'smallint', 'text', 'jsonb'], [[timeUuid(), new Date().toISOString(), 7, 'näme', { a: 1 }], [null, null, null, null, null]]);
    expect(made && signature(made)).toBe('PGCOPY\n\xff\r\n\0');
    // header 19, two rows' field counts 4, five lengths each 40, values 16 + 8 + 2 + 5 + 8, trailer 2
    expect(made?.byteLength).toBe(19 + 4 + 40 + 39 + 2);
    for (const [type, value] of [
      ['integer', '7'],
      ['smallint', 40_000],
      ['integer', 1.5],
      ['timestamptz', '2026-11-30 12:00:00.123456+00'],
      ['uuid', 'not-a-uuid'],
      ['boolean', 't'],
      ['double precision', '1.5'],
    ] as const)
      expect(copyBinary([type], [[value]]), `${type} ${value}`).toBeUndefined();
    expect(copyBinary([binaryTypeOf('numeric')], [['1']])).toBeUndefined();
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
