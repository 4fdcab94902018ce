import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/driver.ts';
import { keywordMatch, Where } from '../../server/engine/where.ts';
import { testDb } from '../helpers/db.ts';

/**
 * `keywordMatch`, the keyword search of every list: the count's one comparison over the columns
 * joined must find exactly the rows that the page's `ilike '%text%'` on each column finds, on PGlite
 * and on PostgreSQL.
 */
describe('a keyword over several columns', () => {
  let db: Db;
  const rows: [number, string | null, string | null, string | null][] = [
    [1, 'Member 9', 'J9', 'm9@example.com'],
    [2, 'ÉCOLE Straße', null, 'ΣΟΦΊΑ'],
    [3, null, null, null],
    [4, '100% sure_thing', 'back\\slash', ''],
    [5, 'İstanbul', 'ǅemal', 'Kelvin K'],
    [6, 'ends with ab', 'cd starts', 'x'],
    [7, 'tab\there', 'line\nbreak', 'a\u0001b'],
    [8, '名字 张三', 'ｆｕｌｌ', 'ŉ'],
  ];
  const keywords = ['member 9', 'MEMBER', 'é', 'École', 'STRASSE', 'straße', 'σοφία', 'ΣΟΦΊΑ', '%', '_', '100%', 'sure_', 's_re', '\\', 'back\\s',
    'İ', 'i̇stanbul', 'istanbul', 'ǆ', 'ǅ', 'kelvin k', 'ab cd', 'abcd', 'ab\u0001cd', 'a\u0001b', '\t', 'line\nb', '张', '名字 张', 'ＦＵＬＬ', 'ŉ', 'ʼN', '@example', 'nothing'];

  const found = async (sql: (p: (value: unknown) => string) => string) => {
    const where = new Where().add(sql);
    return (await db.query<{ id: number }>(`select id from searched${where.toSql()} order by id`, where.params)).rows.map((r) => r.id);
  };

  const counted = (columns: string[], keyword: string, p: (value: unknown) => string) => keywordMatch(columns, keyword, p).counted;

  beforeAll(async () => {
    db = await testDb();
    await db.query('create table searched (id integer primary key, a text, b text, c text)');
    for (const row of rows) await db.query('insert into searched (id, a, b, c) values ($1, $2, $3, $4)', row);
  });
  afterAll(() => db?.close());

  it('finds what one ilike a column finds, for every keyword', async () => {
    const columns = ['a', 'b', 'c'];
    for (const keyword of keywords) {
      const byColumn = await found((p) => keywordMatch(columns, keyword, p).inOrder);
      expect(await found((p) => keywordMatch(columns, keyword, p).counted), JSON.stringify(keyword)).toEqual(byColumn);
    }
  });

  it('never matches across two columns, and takes the text literally', async () => {
    const columns = ['a', 'b', 'c'];
    expect(await found((p) => counted(columns, 'ab cd', p))).toEqual([]);
    expect(await found((p) => counted(columns, 'ab\u0001cd', p))).toEqual([]);
    expect(await found((p) => counted(columns, 'a\u0001b', p))).toEqual([7]);
    expect(await found((p) => counted(columns, '%', p))).toEqual([4]);
    expect(await found((p) => counted(columns, 's_re', p))).toEqual([]);
    expect(await found((p) => counted(columns, 'École', p))).toEqual([2]);
    expect(await found((p) => counted(columns, 'MEMBER 9', p))).toEqual([1]);
  });

  it('works on one column, and on expressions', async () => {
    expect(await found((p) => counted(['c'], 'EXAMPLE', p))).toEqual([1]);
    expect(await found((p) => counted(['a', "(select 'joined ' || b)"], 'JOINED J9', p))).toEqual([1]);
  });

  it('keeps one ilike a column in a page, whose plan stops at the first matches, and joins the columns in its count', () => {
    const where = new Where().add((p) => `bu_guid = ${p('b')}`).addKeyword(['a', 'b'], 'x');
    expect(where.params).toEqual(['b', '%x%']);
    expect(where.toSql()).toBe(' where bu_guid = $1 and (a ilike $2 or b ilike $2)');
    expect(where.toCountSql()).toBe(" where bu_guid = $1 and lower(concat_ws(E'\\x01', a, b)) like lower($2)");
  });
});
