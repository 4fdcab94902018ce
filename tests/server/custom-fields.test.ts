import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ok, refused } from '../helpers/answers.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Staff and custom fields (docs/operator.md "Staff" and "Custom fields"): a custom field is a real
 * column, validated by one generated rule, DISTINCT within a BU, changed only without loss, dropped
 * with its field, and switched per BU. Runs on PGlite and, in `npm test`, on PostgreSQL.
 */
const FIELD = '/open/admin/staff-management/field';
const STAFF = '/open/admin/staff-management';

let s: TestServer;
let op: string;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;

const asOp = (path: string, body: unknown, lang = 'en-US') => s.post(path, body, { token: op, lang });
const asTenant = (t: { token: string }, path: string, body: unknown, lang = 'en-US') => s.post(path, body, { token: t.token, lang });

const columnsOfMember = async () =>
  (await s.db.query<{ attname: string; type: string }>(
    `select a.attname, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relname = 'member' and c.relnamespace = current_schema()::regnamespace and a.attnum > 0 and not a.attisdropped`,
  )).rows;
const columnType = async (name: string) => (await columnsOfMember()).find((c) => c.attname === name)?.type;

const addField = (body: Record<string, unknown>) => ok(asOp(`${FIELD}/add`, { form_type: 'input', ...body }));
const newName = (prefix: string) => `${prefix}_${uid()}`;
const member = async (t: { token: string }, extra: Record<string, unknown> = {}) => asTenant(t, '/open/system/member/add', { name: `M ${uid()}`, ...extra });

beforeAll(async () => {
  s = await startServer();
  op = await s.login();
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
});
afterAll(() => s?.close());

describe('each data type is a real column with its own rule', () => {
  const cases: { data_type: string; form_type: string; extra?: Record<string, unknown>; sql: string; good: unknown; back?: unknown; bad: unknown[] }[] = [
    { data_type: 'varchar', form_type: 'input', extra: { text_length: 5 }, sql: 'character varying(5)', good: 'abcde', bad: ['abcdef'] },
    { data_type: 'char', form_type: 'input', extra: { text_length: 4 }, sql: 'character(4)', good: 'AB12', bad: ['AB1', 'AB123'] },
    { data_type: 'tinyint', form_type: 'number', sql: 'smallint', good: -128, bad: [128, 1.5, '12'] },
    { data_type: 'int', form_type: 'number', sql: 'integer', good: 2147483647, bad: [2147483648] },
    { data_type: 'bigint', form_type: 'number', sql: 'bigint', good: '9007199254740993', bad: ['9223372036854775808', '12a'] },
    { data_type: 'decimal', form_type: 'number', extra: { text_length: 6, scale: 2 }, sql: 'numeric(6,2)', good: '1234.05', bad: ['12345.1', '1.005', 'x'] },
    { data_type: 'date', form_type: 'date', sql: 'date', good: '2026-02-28', bad: ['2026-02-30', '28/02/2026'] },
    { data_type: 'datetime', form_type: 'datetime', sql: 'timestamp with time zone', good: '2026-11-22T08:30:00Z', back: '2026-11-22T08:30:00.000Z', bad: ['2026-11-22 08:30'] },
  ];
  for (const c of cases) {
    it(`${c.data_type}: column ${c.sql}, value kept exactly, bad values refused in both places`, async () => {
      const name = newName(c.data_type);
      await addField({ field_name: name, display_name: `F ${c.data_type}`, data_type: c.data_type, form_type: c.form_type, ...c.extra });
      expect(await columnType(name)).toBe(c.sql);
      const made = await ok(member(A, { [name]: c.good }));
      const got = await ok(asTenant(A, '/open/system/member/get', { guid: made.guid }));
      expect(got[name]).toEqual(c.back ?? c.good);
      const seen = await ok(asOp(`${STAFF}/info`, { guid: made.guid }));
      expect(seen[name]).toEqual(c.back ?? c.good);
      for (const bad of c.bad) {
        const r = await refused(member(A, { [name]: bad }), new RegExp(`F ${c.data_type}`));
        expect(r.data?.[0]?.field ?? r.data?.errors?.[0]?.field ?? name).toBe(name);
        await refused(asOp(`${STAFF}/update`, { guid: made.guid, [name]: bad }), new RegExp(`F ${c.data_type}`));
      }
    });
  }

  it('a required field must be given on create; an optional one takes null to clear', async () => {
    const name = newName('req');
    await addField({ field_name: name, display_name: 'Badge', data_type: 'varchar', required: true });
    await refused(member(A), /Badge/);
    const made = await ok(member(A, { [name]: 'B-1' }));
    const opt = newName('opt');
    await addField({ field_name: opt, display_name: 'Nickname', data_type: 'varchar' });
    await ok(asTenant(A, '/open/system/member/update', { guid: made.guid, [opt]: 'Bob' }));
    const cleared = await ok(asTenant(A, '/open/system/member/update', { guid: made.guid, [opt]: null }));
    expect(cleared[opt]).toBeNull();
    // Later tests add members without it.
    await ok(asOp(`${FIELD}/update`, { guid: (await ok(asOp(`${FIELD}/page`, { keyword: name }))).list[0].guid, required: false }));
  });
});

describe('formats, in both directions', () => {
  const formats: [string, string, string][] = [
    ['EMAIL', 'a.b@example.com', 'a@b'],
    ['PHONE', '13912345678', '12912345678'],
    ['HK', '91234567', '1234567'],
    ['DOMAIN', 'open.example.com', 'exa mple.com'],
    ['URL', 'https://example.com/a', 'javascript:alert(1)'],
    ['DOMESTIC_CALL', '010-12345678', '10-1234'],
    ['IDENTITY_CARD', '11010519491231002X', '110105194912310021'],
    ['POSTAL_CODE', '100080', '10008'],
    ['IP', '2001:db8::1', '300.1.1.1'],
    ['PHONE_AREA_CODE', '+852', '+85212'],
  ];
  for (const [format, good, bad] of formats) {
    it(`${format}: ${good} is taken, ${bad} is refused with the format's sentence`, async () => {
      const name = newName(format.toLowerCase());
      await addField({ field_name: name, display_name: `Fmt ${format}`, data_type: 'varchar', text_length: 64, formats: [format] });
      await ok(member(A, { [name]: good }));
      await refused(member(A, { [name]: bad }), new RegExp(`Fmt ${format} (is not|must)`));
    });
  }

  it('formats other than DISTINCT belong to text fields', async () => {
    await refused(asOp(`${FIELD}/add`, { field_name: newName('n'), display_name: 'N', data_type: 'int', form_type: 'number', formats: ['EMAIL'] }), /Only text fields take formats/);
    await refused(asOp(`${FIELD}/add`, { field_name: newName('n'), display_name: 'N', data_type: 'int', form_type: 'input' }), /does not suit/);
  });
});

describe('DISTINCT is unique within a BU', () => {
  it('the same value twice in one BU is refused naming the field; another BU may hold it', async () => {
    const name = newName('uniq');
    await addField({ field_name: name, display_name: 'Employee card', data_type: 'varchar', formats: ['DISTINCT'] });
    await ok(member(A, { [name]: 'C-1' }));
    await refused(member(A, { [name]: 'C-1' }), /Employee card already exists/);
    await ok(member(B, { [name]: 'C-1' }));
    // Members without a value are not duplicates of each other.
    await ok(member(A));
    await ok(member(A));
  });

  it('turning DISTINCT on over duplicates is refused; off and on again once they are unique', async () => {
    const name = newName('dup');
    const f = await addField({ field_name: name, display_name: 'Locker', data_type: 'varchar' });
    const one = await ok(member(A, { [name]: 'L1' }));
    await ok(member(A, { [name]: 'L1' }));
    await refused(asOp(`${FIELD}/update`, { guid: f.guid, formats: ['DISTINCT'] }), /Locker holds the same value twice/);
    await ok(asTenant(A, '/open/system/member/update', { guid: one.guid, [name]: 'L2' }));
    await ok(asOp(`${FIELD}/update`, { guid: f.guid, formats: ['DISTINCT'] }));
    await refused(member(A, { [name]: 'L2' }), /Locker already exists/);
  });
});

describe('names reach SQL only when allowed', () => {
  for (const bad of ['select', 'name', 'guid', 'bu_guid', 'id', 'page', 'xmin']) {
    it(`${bad} is refused as a reserved word or an existing field`, async () => {
      await refused(asOp(`${FIELD}/add`, { field_name: bad, display_name: 'X', data_type: 'varchar', form_type: 'input' }), new RegExp(`${bad} is a reserved word`));
    });
  }
  for (const bad of ['Bad', '1abc', 'a-b', 'a"; drop table member; --', 'x'.repeat(31)]) {
    it(`${JSON.stringify(bad)} fails the pattern before any SQL`, async () => {
      await refused(asOp(`${FIELD}/add`, { field_name: bad, display_name: 'X', data_type: 'varchar', form_type: 'input' }), /must start with a lower-case letter/);
    });
  }
  it('the same name twice is refused and the field name never changes', async () => {
    const name = newName('once');
    const f = await addField({ field_name: name, display_name: 'Once', data_type: 'varchar' });
    await refused(asOp(`${FIELD}/add`, { field_name: name, display_name: 'Twice', data_type: 'varchar', form_type: 'input' }), /already exists/);
    const after = await ok(asOp(`${FIELD}/update`, { guid: f.guid, field_name: 'renamed', display_name: 'Once more' }));
    expect(after.field_name).toBe(name);
  });
});

describe('type changes that would lose data are refused', () => {
  const field = async (data_type: string, form_type: string, extra: Record<string, unknown> = {}) => {
    const name = newName(data_type);
    const f = await addField({ field_name: name, display_name: `Change ${name}`, data_type, form_type, ...extra });
    return { name, f };
  };
  const change = (guid: string, body: Record<string, unknown>) => asOp(`${FIELD}/update`, { guid, ...body });

  it('shorter text: refused while a value is longer, naming how many; a length that fits is taken', async () => {
    const { name, f } = await field('varchar', 'input', { text_length: 50 });
    await ok(member(A, { [name]: 'x'.repeat(20) }));
    await ok(member(A, { [name]: 'short' }));
    await refused(change(f.guid, { text_length: 10 }), /from varchar\(50\) to varchar\(10\) would lose the value of 1 record,/);
    expect(await columnType(name)).toBe('character varying(50)');
    await ok(change(f.guid, { text_length: 20 }));
    expect(await columnType(name)).toBe('character varying(20)');
  });

  it('narrower integers: refused while a value is out of range; wider ones are taken', async () => {
    const { name, f } = await field('int', 'number');
    await ok(member(A, { [name]: 300 }));
    await refused(change(f.guid, { data_type: 'tinyint' }), /from int to tinyint would lose/);
    await ok(change(f.guid, { data_type: 'bigint' }));
    expect(await columnType(name)).toBe('bigint');
    const rows = (await ok(asOp(`${STAFF}/page`, { [name]: '300', bu_guid: A.buGuid }))).list;
    expect(rows.map((r: Record<string, unknown>) => r[name])).toEqual(['300']);
  });

  it('text to a number: refused while a value is not one; decimals lose no digits', async () => {
    const { name, f } = await field('varchar', 'input', { text_length: 20 });
    await ok(member(A, { [name]: '12' }));
    const odd = await ok(member(A, { [name]: 'twelve' }));
    await refused(change(f.guid, { data_type: 'int', form_type: 'number', text_length: null }), /from varchar\(20\) to int would lose the value of 1 record,/);
    await ok(asTenant(A, '/open/system/member/update', { guid: odd.guid, [name]: '12.5' }));
    await refused(change(f.guid, { data_type: 'int', form_type: 'number', text_length: null }), /would lose/);
    await ok(change(f.guid, { data_type: 'decimal', form_type: 'number', text_length: 8, scale: 1 }));
    expect(await columnType(name)).toBe('numeric(8,1)');
    const got = await ok(asOp(`${STAFF}/info`, { guid: odd.guid }));
    expect(got[name]).toBe('12.5');
    await refused(change(f.guid, { scale: 0 }), /would lose/);
  });

  it('a date and time to a date: refused while a time of day is stored', async () => {
    const { name, f } = await field('datetime', 'datetime');
    await ok(member(A, { [name]: '2026-11-22T08:30:00Z' }));
    await refused(change(f.guid, { data_type: 'date', form_type: 'date' }), /from datetime to date would lose/);
  });

  it('any change is taken while the column holds nothing', async () => {
    const { name, f } = await field('varchar', 'input');
    await ok(change(f.guid, { data_type: 'date', form_type: 'date' }));
    expect(await columnType(name)).toBe('date');
  });
});

describe('removal, switches per BU, and the staff calls', () => {
  it('deleting a field drops its column and its values from every answer', async () => {
    const name = newName('gone');
    const f = await addField({ field_name: name, display_name: 'Gone', data_type: 'varchar' });
    const m = await ok(member(A, { [name]: 'v' }));
    await ok(asOp(`${FIELD}/delete`, { guid: f.guid }));
    expect(await columnType(name)).toBeUndefined();
    const got = await ok(asTenant(A, '/open/system/member/get', { guid: m.guid }));
    expect(name in got).toBe(false);
  });

  it('another server, holding the field set from a moment ago, still answers once the field’s column is dropped here', async () => {
    const other = await buildApp({ db: s.db });
    try {
      const name = newName('stale');
      const f = await addField({ field_name: name, display_name: 'Stale', data_type: 'varchar' });
      const m = await ok(member(A, { [name]: 'v' }));
      const read = async () => (await other.app.inject({ method: 'POST', url: '/open/system/member/get', payload: { guid: m.guid }, headers: { authorization: `Bearer ${A.token}` } })).json();
      expect((await read()).data[name]).toBe('v');
      await ok(asOp(`${FIELD}/delete`, { guid: f.guid }));
      const after = await read();
      expect(after.code).toBe(200);
      expect(name in after.data).toBe(false);
    } finally {
      await other.app.close();
    }
  });

  it('a disabled field is kept but shown and taken nowhere', async () => {
    const name = newName('off');
    const f = await addField({ field_name: name, display_name: 'Retired', data_type: 'varchar' });
    const m = await ok(member(A, { [name]: 'kept' }));
    await ok(asOp(`${FIELD}/update-status`, { guid: f.guid, status: 1 }));
    expect(name in (await ok(asOp(`${STAFF}/info`, { guid: m.guid })))).toBe(false);
    await ok(asOp(`${FIELD}/update-status`, { guid: f.guid, status: 0 }));
    expect((await ok(asOp(`${STAFF}/info`, { guid: m.guid })))[name]).toBe('kept');
  });

  it('a BU turns a custom field and an optional preset off: its calls no longer show or take them; other BUs and operators still do', async () => {
    const name = newName('sw');
    await addField({ field_name: name, display_name: 'Shoe size', data_type: 'int', form_type: 'number' });
    const listA = await ok(asOp(`${STAFF}/list-field-status`, { bu_guid: A.buGuid }));
    expect(listA.find((r: { field: string }) => r.field === name)).toMatchObject({ kind: 'custom', enabled: true, label: 'Shoe size' });
    expect(listA.find((r: { field: string }) => r.field === 'email')).toMatchObject({ kind: 'preset', enabled: true, label: 'E-mail' });
    // A required preset (the name) and the duty status cannot be switched.
    expect(listA.some((r: { field: string }) => r.field === 'name' || r.field === 'duty_status')).toBe(false);
    await refused(asOp(`${STAFF}/update-field-status`, { bu_guid: A.buGuid, field: 'name', enabled: false }), /not a field that can be turned/);

    const m = await ok(member(A, { [name]: 42, email: 'a@example.com' }));
    await ok(asOp(`${STAFF}/update-field-status`, { bu_guid: A.buGuid, field: name, enabled: false }));
    await ok(asOp(`${STAFF}/update-field-status`, { bu_guid: A.buGuid, guid: 'email', enabled: false }));
    const seen = await ok(asTenant(A, '/open/system/member/get', { guid: m.guid }));
    expect(name in seen || 'email' in seen).toBe(false);
    const fields = await ok(asTenant(A, '/open/system/member/custom-fields', {}));
    expect(fields.off).toEqual(expect.arrayContaining([name, 'email']));
    await ok(asTenant(A, '/open/system/member/update', { guid: m.guid, [name]: 7 }));
    expect((await ok(asOp(`${STAFF}/info`, { guid: m.guid })))[name]).toBe(42);
    const inB = await ok(member(B, { [name]: 9 }));
    expect(inB[name]).toBe(9);
    await ok(asOp(`${STAFF}/update-field-status`, { bu_guid: A.buGuid, field: name, enabled: true }));
    expect((await ok(asTenant(A, '/open/system/member/get', { guid: m.guid })))[name]).toBe(42);
  });

  it('operators page every BU’s staff, narrow by BU and custom field, edit and delete; both prefixes answer', async () => {
    const name = newName('team');
    await addField({ field_name: name, display_name: 'Team', data_type: 'varchar' });
    const a = await ok(member(A, { [name]: 'Falcons', job_number: `J${uid()}` }));
    await ok(member(B, { [name]: 'Falcons' }));
    const all = await ok(asOp(`${STAFF}/page`, { [name]: 'alcon' }));
    expect(all.count).toBe(2);
    const onlyA = await ok(asOp('/open/admin/system/staff-management/page', { [name]: 'alcon', bu_guid: A.buGuid }));
    expect(onlyA.list.map((r: { guid: string }) => r.guid)).toEqual([a.guid]);
    const changed = await ok(asOp(`${STAFF}/update`, { guid: a.guid, [name]: 'Owls', job_number: a.job_number }));
    expect(changed[name]).toBe('Owls');
    await ok(asOp('/open/admin/system/staff-management/delete', { guid: a.guid }));
    await refused(asTenant(A, '/open/system/member/get', { guid: a.guid }), /./);
  });

  it('the staff screen’s pickers: BUs, one BU’s departments as a tree, companies', async () => {
    const dept = await ok(asTenant(A, '/open/system/department/add', { name: `D ${uid()}` }));
    await ok(asTenant(A, '/open/system/department/add', { name: `Sub ${uid()}`, parent_guid: dept.guid }));
    const company = await ok(asTenant(A, '/open/system/company/add', { name: `Co ${uid()}`, credit_code: '91350100M000100Y43' }));
    const bus = await ok(asOp(`${STAFF}/bu-list`, undefined));
    expect(bus.map((b: { guid: string }) => b.guid)).toEqual(expect.arrayContaining([A.buGuid, B.buGuid]));
    const tree = await ok(asOp(`${STAFF}/department-tree`, { bu_guid: A.buGuid }));
    const top = tree.find((d: { guid: string }) => d.guid === dept.guid);
    expect(top.children).toHaveLength(1);
    await refused(asOp(`${STAFF}/department-tree`, {}), /./);
    const companies = await ok(asOp(`${STAFF}/company-list`, { bu_guid: A.buGuid }));
    expect(companies.map((c: { guid: string }) => c.guid)).toEqual([company.guid]);
  });

  it('a BU’s admin switches its own members’ fields; a sub-account without the grant cannot', async () => {
    const name = newName('own');
    await addField({ field_name: name, display_name: 'Desk', data_type: 'varchar' });
    const rows = await ok(asTenant(B, '/open/system/member/field/list-field-status', {}));
    expect(rows.find((r: { field: string }) => r.field === name)).toMatchObject({ enabled: true });
    // The body cannot point at another BU: the caller's own is switched.
    await ok(asTenant(B, '/open/system/member/field/update-field-status', { bu_guid: A.buGuid, field: name, enabled: false }));
    expect((await ok(asOp(`${STAFF}/list-field-status`, { bu_guid: B.buGuid }))).find((r: { field: string }) => r.field === name).enabled).toBe(false);
    expect((await ok(asOp(`${STAFF}/list-field-status`, { bu_guid: A.buGuid }))).find((r: { field: string }) => r.field === name).enabled).toBe(true);
    const sub = await s.tenant({ owner: false });
    await refused(s.post('/open/system/member/field/update-field-status', { field: name, enabled: true }, { token: sub.token, lang: 'en-US' }), /./);
  });

  it('tenants reach none of it', async () => {
    for (const path of [`${FIELD}/page`, `${STAFF}/page`, `${STAFF}/list-field-status`, `${STAFF}/bu-list`]) {
      await refused(asTenant(A, path, { bu_guid: A.buGuid }), /operators|access/i);
    }
  });

  it('sentences come in the caller’s language, naming the field by its display name', async () => {
    const name = newName('zh');
    await addField({ field_name: name, display_name: '工牌邮箱', data_type: 'varchar', formats: ['EMAIL'] });
    await refused(member(A, { [name]: 'nope' }, ), /工牌邮箱/);
    const r = await asTenant(A, '/open/system/member/add', { name: 'M', [name]: 'nope' }, 'zh-CN');
    expect(r.message).toMatch(/工牌邮箱：邮箱格式不正确/);
  });
});

describe('display names in three languages', () => {
  it('zh is required, hk and en fall back to it; sentences, the field list and both OpenAPI documents use the reader’s', async () => {
    const name = newName('tri');
    const other = newName('zhonly');
    await refused(asOp(`${FIELD}/add`, { field_name: name, display_name: '', display_name_en: 'Badge', data_type: 'varchar', form_type: 'input' }), /required|必填/i);
    await addField({ field_name: name, display_name: '工牌邮箱', display_name_hk: '工牌電郵', display_name_en: 'Badge e-mail', data_type: 'varchar', formats: ['EMAIL'] });
    await addField({ field_name: other, display_name: '只有中文', data_type: 'varchar' });

    // A refusal names the field in the reader's language.
    for (const [lang, label] of [['en-US', 'Badge e-mail'], ['zh-CN', '工牌邮箱'], ['zh-HK', '工牌電郵']] as const) {
      const r = await asTenant(A, '/open/system/member/add', { name: `M ${uid()}`, [name]: 'not-an-email' }, lang);
      expect(r.message).toContain(label);
    }
    // The console's field list carries every name; the console picks the reader's (src/console/CustomFields.tsx).
    const { fields } = await ok(asTenant(A, '/open/system/member/custom-fields', {}));
    expect(fields.find((f: { field_name: string }) => f.field_name === name)).toMatchObject({ display_name: '工牌邮箱', display_name_hk: '工牌電郵', display_name_en: 'Badge e-mail' });

    const doc = async (url: string, lang: string) => (await s.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } })).json();
    for (const url of ['/open/openapi.json', '/open/api/openapi.json']) {
      const en = (await doc(url, 'en-US')).components.schemas.member.properties;
      expect(en[name]).toMatchObject({ title: 'Badge e-mail', description: 'Badge e-mail' });
      // No English name: the default language's.
      expect(en[other].title).toBe('只有中文');
      expect((await doc(url, 'zh-HK')).components.schemas.member.properties[name].title).toBe('工牌電郵');
      expect((await doc(url, 'zh-CN')).components.schemas.member.properties[name].title).toBe('工牌邮箱');
    }
    // Renamed: the documents are built again.
    const [{ guid }] = (await s.db.query<{ guid: string }>('select guid from custom_field where field_name = $1', [name])).rows;
    await ok(asOp(`${FIELD}/update`, { guid, display_name_en: 'Badge address' }));
    expect((await doc('/open/openapi.json', 'en-US')).components.schemas.member.properties[name].title).toBe('Badge address');
  });
});
