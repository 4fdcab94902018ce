import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Row access and joined columns as data (server/engine/where.ts, joins.ts): a `within: 'bu_guid'`
 * mount's verbs refuse a missing, malformed or unknown BU and read only that BU's rows; a mount's
 * `joins` are answered, sorted, searched, filtered and documented by the generic verbs; a singleton
 * mount's `blank` row stands in for an owner's row not made yet; a `member` mount reaches the rows
 * naming the caller's BU among their members, with the other members joined as a list.
 */
let s: TestServer;
let admin: string;
const op = (path: string, body: unknown) => s.post(path, body, { token: admin, lang: 'en-US' });
const M = '/open/admin/system/bu-management';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

describe('a within mount', () => {
  it('refuses a missing, malformed or unknown BU, and reads the named BU’s rows only, in the call’s order', async () => {
    const a = await tenantWithBu(s);
    const b = await tenantWithBu(s);
    for (const name of ['Beta', 'Alpha']) await s.post('/open/system/project/add', { name: `${name} ${uid()}`, code: `P${uid()}` }, { token: a.token });
    await s.post('/open/system/project/add', { name: `Other ${uid()}`, code: `P${uid()}` }, { token: b.token });
    expect((await op(`${M}/project/list`, {})).data[0].field).toBe('bu_guid');
    expect((await op(`${M}/project/list`, { bu_guid: 'nope' })).data[0].field).toBe('bu_guid');
    expect((await op(`${M}/project/list`, { bu_guid: '00000000-0000-4000-8000-000000000000' })).message).toBe('The record does not exist or you have no access to it.');
    const listed = (await op(`${M}/project/list`, { bu_guid: a.buGuid })).data as { name: string; bu_guid: string }[];
    expect(listed.map((p) => p.name.split(' ')[0])).toEqual(['Alpha', 'Beta']);
    expect(new Set(listed.map((p) => p.bu_guid))).toEqual(new Set([a.buGuid]));
  });
});

describe('an operator’s BU-named calls', () => {
  it('refuse an unknown BU on every within mount, handlers included, and save no row for it', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const calls: [string, Record<string, unknown>][] = [
      [`${M}/sso/password-policy-update`, { bu_guid: unknown, min_length: 12 }],
      [`${M}/sso/auth-config-info`, { bu_guid: unknown }],
      [`${M}/sso/auth-config-test`, { bu_guid: unknown }],
      ['/open/admin/staff-management/list-field-status', { bu_guid: unknown }],
      ['/open/admin/staff-management/update-field-status', { bu_guid: unknown, field: 'email', enabled: false }],
      [`${M}/org/update-bu-org-info`, { bu_guid: unknown, company_name: 'Nobody Ltd', credit_code: '91350100M000100Y43' }],
    ];
    for (const [path, body] of calls) expect((await op(path, body)).message, path).toBe('The record does not exist or you have no access to it.');
    const t = await tenantWithBu(s);
    expect((await op(`${M}/sso/password-policy-update`, { bu_guid: t.buGuid, min_length: 12 })).data.bu_guid).toBe(t.buGuid);
  });
});

describe('a blank singleton row', () => {
  it('answers the owner’s joined columns and the blank values, every other field null, until the row exists', async () => {
    const t = await tenantWithBu(s);
    const blank = (await op(`${M}/auth/info`, { bu_guid: t.buGuid })).data;
    expect(blank).toMatchObject({ guid: null, bu_guid: t.buGuid, auth_state: 0, company_name: null, remark: null, updated_at: null, bu_name: `BU ${t.username}`, bu_code: null });
    const company = `Blank ${uid()}`;
    await s.post('/open/system/org/add', { company_name: company, credit_code: '91350100M000100Y43' }, { token: t.token });
    const row = (await op(`${M}/org/bu-org-info`, { bu_guid: t.buGuid })).data;
    expect(row).toMatchObject({ bu_guid: t.buGuid, company_name: company, auth_state: 0, bu_name: `BU ${t.username}` });
    expect(row.guid).toMatch(/^[0-9a-f-]{36}$/);
    // The tenant's own mount declares no blank row: none until it adds one.
    const other = await tenantWithBu(s);
    expect((await s.post('/open/system/org/info', {}, { token: other.token })).data).toBeNull();
  });
});

describe('joined columns', () => {
  it('answers, sorts, searches and filters them', async () => {
    const t = await tenantWithBu(s);
    const company = `Joined ${uid()}`;
    await s.post('/open/system/org/add', { company_name: company, credit_code: '91350100M000100Y43' }, { token: t.token });
    const found = await op(`${M}/page`, { keyword: company });
    expect(found.data.list).toEqual([expect.objectContaining({ guid: t.buGuid, company_name: company, owner_username: t.username, auth_state: 0 })]);
    expect((await op(`${M}/page`, { keyword: company, auth_state: 2 })).data.count).toBe(0);
    const sorted = (await op(`${M}/page`, { sort: { field: 'owner_username', order: 'DESC' }, page_size: 100 })).data.list as { owner_username: string | null }[];
    // Names of one shape (u_ and eight hex digits), which every collation orders alike.
    const names = sorted.map((r) => r.owner_username).filter((n): n is string => !!n && /^u_[0-9a-f]{8}$/.test(n));
    expect(names).toEqual([...names].sort((x, y) => (x < y ? 1 : x > y ? -1 : 0)));
    expect((await op(`${M}/detail`, { bu_guid: t.buGuid })).data).toMatchObject({ guid: t.buGuid, company_name: company, owner_username: t.username });
  });

  it('types them in the OpenAPI answer', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/open/openapi.json', headers: { 'accept-language': 'en-US' } })).json();
    const answer = JSON.stringify(doc.paths[`${M}/page`].post.responses);
    for (const field of ['owner_username', 'company_name', 'auth_state']) expect(answer).toContain(field);
  });
});

describe('a member mount', () => {
  it('reaches only the rows naming the caller’s BU, through the generic page, sorted, with the other members as a list', async () => {
    const [a, b, c] = [await tenantWithBu(s), await tenantWithBu(s), await tenantWithBu(s)];
    const made: string[] = [];
    for (const name of ['Alpha', 'Zeta']) {
      const r = await op('/open/admin/system/union-bu/add', { name: `${name} ${uid()}`, code: `m${uid()}`, bu_guids: [a.buGuid, b.buGuid] });
      expect(r.code, r.message).toBe(200);
      made.push(r.data.guid);
    }
    const page = (token: string, body: Record<string, unknown> = {}) => s.post('/open/system/union-bu/page', { page_size: 100, ...body }, { token });
    const rows = (await page(a.token, { sort: 'name' })).data.list as { guid: string; name: string; members: string[]; bu_guid?: string; created_by?: string }[];
    const mine = rows.filter((r) => made.includes(r.guid));
    // Sorted by the body's field, not newest first (all the handler it replaces answered).
    expect(mine.map((r) => r.name.split(' ')[0])).toEqual(['Alpha', 'Zeta']);
    expect(mine[0].members).toEqual([`BU ${b.username}`]);
    // The row's own columns only: no owner column, nor the operator who made the union.
    expect(mine[0]).not.toHaveProperty('bu_guid');
    expect(mine[0]).not.toHaveProperty('created_by');
    expect((await page(c.token)).data.list.map((r: { guid: string }) => r.guid)).not.toContain(made[0]);
    // A list column is neither a sort key nor a filter: asking for either changes nothing.
    expect((await page(a.token, { sort: 'members', members: 'x' })).data.count).toBe(rows.length);
  });

  it('types the joined list in the OpenAPI answer', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/open/openapi.json', headers: { 'accept-language': 'en-US' } })).json();
    const row = doc.paths['/open/system/union-bu/page'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(row)).toContain('"members":{"type":"array","items":{"type":"string"');
  });
});
