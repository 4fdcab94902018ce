import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { buildApp } from '../../server/app.ts';
import type { Queryable } from '../../server/db/driver.ts';
import { pruneAuditLogs, searchLog } from '../../server/services/audit-log.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { zodCompilesDuring } from '../helpers/zod-compiles.ts';

/**
 * The audit logs (docs/operator.md, "Audit logs"): sign-in attempts, every write through the engine
 * (field names, never values), users' requests; searched within 7 days by keyset or page, by
 * operators holding the log's permission only.
 */
let s: TestServer;
let admin: string;
let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  tenant = await tenantWithBu(s);
});
afterAll(() => s?.close());

const LOGIN = '/open/admin/portal-login-log/page';
const OPERATIONS = '/open/admin/operation-log/page';
const USER_OPERATIONS = '/open/admin/user-operation-log/page';
const REQUESTS = '/open/admin/system-log/request-user-log/page';
const REQUEST_DETAIL = '/open/admin/system-log/request-user-log/detail';
const LOG_CALLS = [LOGIN, OPERATIONS, USER_OPERATIONS, REQUESTS, REQUEST_DETAIL];

const search = async (path: string, body: Record<string, unknown>, token = admin) => {
  const r = await s.post(path, body, { token });
  expect(r.code, r.message).toBe(200);
  return r.data as { list: Record<string, any>[]; next: string | null; count?: number; count_capped?: boolean };
};

describe('login log', () => {
  it('records a success and a refusal, on the operator and the tenant sign-in routes, with address and user agent', async () => {
    const ua = { 'user-agent': `AuditTest/${uid()}` };
    const name = `op_${uid()}`;
    await s.post('/open/admin/system/user/add', { username: name, password: 'Operator123', role_guids: [] }, { token: admin });
    expect((await s.post('/open/admin/sys-auth/login', { username: name, password: 'Operator123' }, { headers: ua })).code).toBe(200);
    expect((await s.post('/open/admin/sys-auth/login', { username: name, password: 'Wrong12345' }, { headers: ua })).code).toBe(201);
    expect((await s.post('/open/sys-auth/login', { username: tenant.username, password: 'Wrong12345' }, { headers: ua })).code).toBe(201);
    expect((await s.post('/open/sys-auth/login', { username: tenant.username, password: tenant.password }, { headers: ua })).code).toBe(200);

    const op = await search(LOGIN, { username: name });
    expect(op.list.map((r) => [r.scene, r.result])).toEqual([
      ['admin', 'login_failed'],
      ['admin', 'success'],
    ]);
    expect(op.list[1].user_guid).toBeTruthy();
    expect(op.list[0].user_guid).toBeNull();
    expect(op.list[0]).toMatchObject({ ip: '127.0.0.1', user_agent: ua['user-agent'] });
    expect(op.count).toBe(2);
    const t = await search(LOGIN, { username: tenant.username, scene: 'tenant' });
    expect(t.list.map((r) => r.result)).toEqual(['success', 'login_failed']);
    expect(t.list[0].user_guid).toBe(tenant.guid);
    // Only refusals, by their reason.
    const refused = await search(LOGIN, { username: tenant.username, result: 'login_failed' });
    expect(refused.list).toHaveLength(1);
    // The password typed is kept nowhere.
    expect(JSON.stringify((await s.db.query('select * from login_log')).rows)).not.toContain('Wrong12345');
  });
});

describe('operation log', () => {
  it('records a generic write by a tenant: who, BU, call, target and the names of the fields given', async () => {
    const role = await s.post('/open/system/role/add', { name: `Audited ${uid()}`, description: 'kept out of the log' }, { token: tenant.token });
    expect(role.code, role.message).toBe(200);
    const { list } = await search(OPERATIONS, { target_guid: role.data.guid });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      user_guid: tenant.guid,
      username: tenant.username,
      user_type: 1,
      bu_guid: tenant.buGuid,
      resource: 'role',
      action: 'add',
      path: '/open/system/role/add',
      target_guid: role.data.guid,
      ip: '127.0.0.1',
    });
    expect([...list[0].fields].sort()).toEqual(['description', 'name']);
    expect(JSON.stringify(list[0])).not.toContain('kept out of the log');
    // The tenant users' view holds it too, by user.
    const mine = await search(USER_OPERATIONS, { username: tenant.username });
    expect(mine.list.map((r) => r.target_guid)).toContain(role.data.guid);
  });

  it("records a named handler's write (a role's grants) with the fields it was given", async () => {
    const role = (await s.post('/open/system/role/add', { name: `Granted ${uid()}` }, { token: tenant.token })).data;
    const granted = await s.post('/open/system/role/auth', { guid: role.guid, permission_guids: [] }, { token: tenant.token });
    expect(granted.code, granted.message).toBe(200);
    const { list } = await search(OPERATIONS, { target_guid: role.guid, action: 'auth' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ resource: 'role', path: '/open/system/role/auth', fields: ['permission_guids'] });
  });

  it("keeps a password's field name, never its value; operators' writes stay out of the tenant users' view", async () => {
    const secret = `Secret${uid()}9`;
    const added = await s.post('/open/admin/system/user/add', { username: `pw_${uid()}`, password: secret, role_guids: [] }, { token: admin });
    expect(added.code, added.message).toBe(200);
    const { list } = await search(OPERATIONS, { target_guid: added.data.guid });
    expect(list[0]).toMatchObject({ user_type: 0, username: 'admin', resource: 'user', action: 'add' });
    expect(list[0].fields).toContain('password');
    for (const table of ['operation_log', 'request_log', 'login_log']) expect(JSON.stringify((await s.db.query(`select * from ${table}`)).rows)).not.toContain(secret);
    expect((await search(USER_OPERATIONS, { target_guid: added.data.guid })).list).toEqual([]);
  });

  it('writes nothing for a refused write: a validation failure, a missing permission, a rule', async () => {
    const before = (await search(OPERATIONS, { user_guid: tenant.guid, with_total: true })).count;
    expect((await s.post('/open/system/role/add', { name: '' }, { token: tenant.token })).code).toBe(201);
    expect((await s.post('/open/system/role/update', { guid: '00000000-0000-4000-8000-000000000000', name: 'x' }, { token: tenant.token })).code).toBe(201);
    const member = await s.tenant({ buGuid: tenant.buGuid });
    expect((await s.post('/open/system/role/add', { name: 'Not allowed' }, { token: member.token })).code).toBe(201);
    expect((await search(OPERATIONS, { user_guid: tenant.guid })).count).toBe(before);
    expect((await search(OPERATIONS, { user_guid: member.guid })).count).toBe(0);
  });
});

describe('searches', () => {
  it('cover at most 7 days, saying so in each language', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 8 * 86_400_000);
    for (const [lang, code] of [['en-US', 'en'], ['zh-CN', 'zh'], ['zh-HK', 'hk']] as const) {
      for (const path of [LOGIN, OPERATIONS, USER_OPERATIONS, REQUESTS]) {
        const r = await s.post(path, { from: from.toISOString(), to: to.toISOString() }, { token: admin, lang });
        expect(r.code, path).toBe(201);
        expect(r.message).toBe(translate(code, 'server.log_window', { days: 7 }));
      }
    }
    // Start after end: refused too.
    expect((await s.post(OPERATIONS, { from: to.toISOString(), to: from.toISOString() }, { token: admin })).code).toBe(201);
    // Exactly 7 days, an older window included, is a search.
    const weekAgo = new Date(to.getTime() - 7 * 86_400_000);
    expect((await s.post(OPERATIONS, { from: weekAgo.toISOString(), to: to.toISOString() }, { token: admin })).code).toBe(200);
    const old = await search(OPERATIONS, { from: new Date(to.getTime() - 30 * 86_400_000).toISOString(), to: new Date(to.getTime() - 25 * 86_400_000).toISOString() });
    expect(old.list).toEqual([]);
    // A start alone (the log page's date range half filled) searches the 7 days from it.
    expect((await search(OPERATIONS, { from: new Date(to.getTime() - 30 * 86_400_000).toISOString() })).list).toEqual([]);
  });

  it('page by keyset (each row once, newest first) and by number; the total is counted on the first page only', async () => {
    const t = await tenantWithBu(s);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await s.post('/open/system/role/add', { name: `Paged ${i}` }, { token: t.token })).data.guid);
    const seen: string[] = [];
    let page = await search(OPERATIONS, { user_guid: t.guid, resource: 'role', page_size: 2 });
    expect(page.count).toBe(5);
    expect(page.count_capped).toBe(false);
    seen.push(...page.list.map((r) => r.target_guid));
    while (page.next) {
      page = await search(OPERATIONS, { user_guid: t.guid, resource: 'role', page_size: 2, cursor: page.next });
      expect(page.count).toBeUndefined();
      seen.push(...page.list.map((r) => r.target_guid));
    }
    expect(seen).toEqual([...made].reverse());
    // Numbered pages answer the same rows.
    const second = await search(OPERATIONS, { user_guid: t.guid, resource: 'role', page: 2, page_size: 2 });
    expect(second.list.map((r) => r.target_guid)).toEqual(seen.slice(2, 4));
    // A search's schemas are made once, not per call.
    expect(await zodCompilesDuring(() => search(OPERATIONS, { user_guid: t.guid, resource: 'role', page: 2, page_size: 2 }))).toBe(0);
    // Past the first 10,000 rows only the cursor goes on.
    const deep = await s.post(OPERATIONS, { page: 501, page_size: 20 }, { token: admin });
    expect(deep.code).toBe(201);
    expect(deep.message).toBe(translate('en', 'server.log_page_too_deep', { max: '10,000' }));
    expect((await s.post(OPERATIONS, { cursor: 'not a cursor' }, { token: admin })).code).toBe(201);
  });
});

describe('request log', () => {
  it("records users' calls (route, status, envelope code, user agent) with a detail; anonymous calls are not users'", async () => {
    const ua = { 'user-agent': `Requests/${uid()}` };
    await s.post('/open/system/role/page', { page_size: 5 }, { token: tenant.token, headers: ua });
    await s.post('/open/system/role/add', { name: '' }, { token: tenant.token, headers: ua });
    await s.post('/open/system/role/page', {}, { headers: ua });
    const { list } = await search(REQUESTS, { user_guid: tenant.guid, path: '/open/system/role/page' });
    expect(list[0]).toMatchObject({ method: 'POST', http_status: 200, code: 200, user_type: 1, username: tenant.username, bu_guid: tenant.buGuid });
    const refused = await search(REQUESTS, { user_guid: tenant.guid, path: '/open/system/role/add' });
    expect(refused.list[0]).toMatchObject({ http_status: 200, code: 201 });
    const detail = await s.post(REQUEST_DETAIL, { guid: list[0].guid }, { token: admin });
    expect(detail.code).toBe(200);
    expect(detail.data).toMatchObject({ guid: list[0].guid, user_agent: ua['user-agent'], path: '/open/system/role/page' });
    expect(typeof detail.data.request_id).toBe('string');
    expect((await s.post(REQUEST_DETAIL, { guid: '00000000-0000-4000-8000-000000000000' }, { token: admin })).code).toBe(201);
    const rows = (await s.db.query("select count(*)::int as n from request_log where user_agent = $1", [ua['user-agent']])).rows[0] as { n: number };
    expect(rows.n).toBe(2);
  });
});

describe('who may read the logs', () => {
  it('a tenant token reads none of them', async () => {
    for (const path of LOG_CALLS) {
      const r = await s.post(path, { guid: '00000000-0000-4000-8000-000000000000' }, { token: tenant.token });
      expect(r.code, path).toBe(201);
      expect(r.message).toBe(translate('en', 'server.operators_only'));
      expect(r.data).toBeNull();
    }
  });

  it('an operator without the log permission is refused; with it, let through', async () => {
    const role = await s.post('/open/admin/system/role/add', { name: `No logs ${uid()}` }, { token: admin });
    const name = `nolog_${uid()}`;
    await s.post('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.data.guid] }, { token: admin });
    const limited = await s.login(name, 'Limited123');
    for (const path of LOG_CALLS) {
      const r = await s.post(path, { guid: '00000000-0000-4000-8000-000000000000' }, { token: limited });
      expect(r.code, path).toBe(201);
      expect(r.message).toBe('You have no access rights yet. Please contact the administrator.');
    }
    const nodes = (await s.post('/open/admin/system/permission/list', { keyword: 'admin:operation-log' }, { token: admin })).data as { guid: string; code: string }[];
    const view = nodes.find((n) => n.code === 'admin:operation-log:view')!;
    await s.post('/open/admin/system/role/auth', { guid: role.data.guid, permission_guids: [view.guid] }, { token: admin });
    expect((await s.post(OPERATIONS, {}, { token: limited })).code).toBe(200);
    expect((await s.post(LOGIN, {}, { token: limited })).code).toBe(201);
  });
});

describe('storage', () => {
  it('prunes rows past the retention in batches', async () => {
    await s.db.query(
      `insert into operation_log (guid, created_at, updated_at, user_guid, user_type, resource, action, path, fields, ip)
       select gen_random_uuid(), now() - interval '100 days', now(), $1, 1, 'role', 'add', '/old', '[]', '' from generate_series(1, 7)`,
      [tenant.guid],
    );
    const removed = await pruneAuditLogs(s.db, 90, 3);
    expect(removed.operation_log).toBe(7);
    expect((await s.db.query("select 1 from operation_log where path = '/old'")).rows).toEqual([]);
  });

  it("browsing a window the planner puts far past the cap answers 10,000+ without counting; a filter is counted", async () => {
    const statements: string[] = [];
    const row = (i: number) => ({ guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, at: '2026-01-01T00:00:00.123456Z', total: null });
    const fake: Queryable = {
      query: async (sql: string) => {
        statements.push(sql);
        if (sql.startsWith('explain')) return { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 500_000 } }] }] as never[] };
        return { rows: Array.from({ length: 20 }, (_, i) => row(i)) } as never;
      },
    };
    const base = { table: 'operation_log' as const, columns: ['path'], from: new Date(Date.now() - 86_400_000), to: new Date(), offset: 0, pageSize: 20, withTotal: true };
    const browsed = await searchLog(fake, { ...base, eq: { user_type: 1 } });
    expect(browsed).toMatchObject({ count: 10_000, count_capped: true });
    expect(browsed.list[0]).toMatchObject({ created_at: '2026-01-01T00:00:00.123Z' });
    expect(statements.some((q) => q.includes('count(*)'))).toBe(false);
    statements.length = 0;
    await searchLog(fake, { ...base, eq: { username: 'someone' } });
    expect(statements.some((q) => q.startsWith('explain'))).toBe(false);
    expect(statements.some((q) => q.includes('count(*)'))).toBe(true);
  });

  it('a normal stop writes what is waiting', async () => {
    const built = await buildApp({ db: s.db });
    await built.app.ready();
    const ua = `Stopping/${uid()}`;
    const r = await built.app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username: 'admin', password: 'wrong-one-1' }, headers: { 'user-agent': ua } });
    expect(r.json().code).toBe(201);
    await built.app.close();
    expect((await s.db.query('select result from login_log where user_agent = $1', [ua])).rows).toEqual([{ result: 'login_failed' }]);
  });
});
