import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The platform calls of docs/operator.md "Platform calls": a BU's accounts, the phone calls that
 * refuse without an SMS transport, the certification history, the caller's resources, the
 * languages and the operators' lease projects — each in scope, each refused without its grant.
 */
let s: TestServer;
let admin: string;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
});
afterAll(() => s?.close());

const NO_ACCESS = 'You have no access rights yet. Please contact the administrator.';
const ids = (rows: { guid: string }[]) => rows.map((r) => r.guid);

/** A role of A's BU granting the given tenant codes, through the tenant's own calls. */
const roleWith = async (token: string, codes: string[]) => {
  const role = await s.post('/open/system/role/add', { name: `Role ${uid()}` }, { token });
  expect(role.code, role.message).toBe(200);
  const nodes = (await s.post('/open/system/role/auth-list', { guid: role.data.guid }, { token })).data.list as { guid: string; code: string }[];
  const wanted = nodes.filter((n) => codes.includes(n.code)).map((n) => n.guid);
  expect(wanted).toHaveLength(codes.length);
  const granted = await s.post('/open/system/role/auth', { guid: role.data.guid, permission_guids: wanted }, { token });
  expect(granted.code, granted.message).toBe(200);
  return role.data.guid as string;
};

describe("system/user: the BU's accounts", () => {
  it("page and user-list show the owner and the sub-accounts of the caller's BU only", async () => {
    const sub = await activeSub(s, A.token);
    const other = await activeSub(s, B.token);
    const page = await s.post('/open/system/user/page', { page: 1, page_size: 50 }, { token: A.token });
    expect(page.code, page.message).toBe(200);
    expect(ids(page.data.list)).toEqual(expect.arrayContaining([A.guid, sub.guid]));
    expect(ids(page.data.list)).not.toContain(other.guid);
    expect(ids(page.data.list)).not.toContain(B.guid);
    // The owner comes first, marked; no password ever leaves.
    expect(page.data.list[0]).toMatchObject({ guid: A.guid, is_owner: true, user_type: 1 });
    expect(page.data.list.find((u: { guid: string }) => u.guid === sub.guid)).toMatchObject({ is_owner: false, user_type: 2 });
    expect(JSON.stringify(page.data)).not.toMatch(/password/);
    expect(page.data.count).toBe(page.data.list.length);

    const list = await s.post('/open/system/user/user-list', undefined, { token: A.token });
    expect(list.code, list.message).toBe(200);
    expect(ids(list.data).sort()).toEqual(ids(page.data.list).sort());

    // Filters: a sub-account's name, and the kind of account.
    const found = await s.post('/open/system/user/page', { keyword: sub.username }, { token: A.token });
    expect(ids(found.data.list)).toEqual([sub.guid]);
    const owners = await s.post('/open/system/user/page', { user_type: 1 }, { token: A.token });
    expect(ids(owners.data.list)).toEqual([A.guid]);

    // Tenant B sees its own BU's accounts, never A's.
    const theirs = await s.post('/open/system/user/user-list', {}, { token: B.token });
    expect(ids(theirs.data)).toEqual(expect.arrayContaining([B.guid, other.guid]));
    expect(ids(theirs.data)).not.toContain(sub.guid);
  });

  it('lists the owner first, then the newest members first (the definition sorts by two keys)', async () => {
    const older = await activeSub(s, A.token);
    const newer = await activeSub(s, A.token);
    const page = await s.post('/open/system/user/page', { page: 1, page_size: 100 }, { token: A.token });
    const order = ids(page.data.list);
    expect(order[0]).toBe(A.guid);
    expect(order.indexOf(newer.guid)).toBeGreaterThan(0);
    expect(order.indexOf(newer.guid)).toBeLessThan(order.indexOf(older.guid));
  });

  it("answers a role's holders to whoever may view roles with their names only, never the accounts' phones or other roles", async () => {
    const role = await roleWith(A.token, ['tenant:sub-account:view']);
    const holder = await activeSub(s, A.token, [role]);
    const viewer = await activeSub(s, A.token, [await roleWith(A.token, ['bu:role:view'])]);
    const page = await s.post('/open/system/role-user/page', { role_guid: role }, { token: viewer.token });
    expect(page.code, page.message).toBe(200);
    expect(page.data.list).toEqual([{ guid: holder.guid, username: expect.any(String), name: expect.any(String), email: expect.any(String), status: 0, user_type: 2, is_owner: false }]);
    // The same viewer cannot list the accounts themselves.
    expect((await s.post('/open/system/user/page', {}, { token: viewer.token })).code).toBe(201);
  });

  it('add makes a sub-account to be activated (mailed its link) and delete removes it from the BU', async () => {
    const name = `acc_${uid()}`;
    const added = await s.post('/open/system/user/add', { username: name, name: 'Account', email: `${name}@example.com` }, { token: A.token });
    expect(added.code, added.message).toBe(200);
    expect(added.data).toMatchObject({ username: name, user_type: 2, status: 2, bu_guid: A.buGuid });
    expect(s.mails(`${name}@example.com`).length).toBe(1);
    const listed = await s.post('/open/system/user/user-list', {}, { token: A.token });
    expect(ids(listed.data)).toContain(added.data.guid);

    // Another BU cannot delete it; A can, and it leaves the BU's accounts.
    expect((await s.post('/open/system/user/delete', { guid: added.data.guid }, { token: B.token })).code).toBe(201);
    const gone = await s.post('/open/system/user/delete', { guid: added.data.guid }, { token: A.token });
    expect(gone.code, gone.message).toBe(200);
    expect(ids((await s.post('/open/system/user/user-list', {}, { token: A.token })).data)).not.toContain(added.data.guid);
  });

  it('the owner is out of reach of delete, and nobody deletes the account they use', async () => {
    const owner = await s.post('/open/system/user/delete', { guid: A.guid }, { token: A.token, lang: 'en-US' });
    expect(owner.code).toBe(201);
    const role = await roleWith(A.token, ['tenant:sub-account:delete', 'tenant:sub-account:view']);
    const sub = await activeSub(s, A.token, [role]);
    const self = await s.post('/open/system/user/delete', { guid: sub.guid }, { token: sub.token, lang: 'en-US' });
    expect(self.code).toBe(201);
    expect(self.message).toBe(translate('en', 'server.cannot_delete_self'));
  });

  it('refuses a sub-account without the grant, and lets one through with it', async () => {
    const bare = await activeSub(s, A.token);
    for (const path of ['/open/system/user/page', '/open/system/user/user-list', '/open/system/user/add', '/open/system/user/delete']) {
      const r = await s.post(path, { guid: bare.guid, username: `x_${uid()}`, name: 'X', email: `x${uid()}@example.com` }, { token: bare.token, lang: 'en-US' });
      expect(r.code, path).toBe(201);
      expect(r.message, path).toBe(NO_ACCESS);
    }
    const viewer = await activeSub(s, A.token, [await roleWith(A.token, ['tenant:sub-account:view'])]);
    expect((await s.post('/open/system/user/page', {}, { token: viewer.token })).code).toBe(200);
    expect((await s.post('/open/system/user/add', { username: `y_${uid()}`, name: 'Y', email: `y${uid()}@example.com` }, { token: viewer.token, lang: 'en-US' })).message).toBe(NO_ACCESS);
    // Operators have no BU's accounts; no token is HTTP 401.
    expect((await s.post('/open/system/user/page', {}, { token: admin })).code).toBe(201);
    expect((await s.post('/open/system/user/page', {})).status).toBe(401);
  });

  it('you cannot grant what you do not hold: add refuses a role wider than the caller', async () => {
    // A sub-account that may add accounts, but does not hold the roles' management.
    const adder = await activeSub(s, A.token, [await roleWith(A.token, ['tenant:sub-account:add', 'tenant:sub-account:view'])]);
    const wide = await roleWith(A.token, ['bu:role:add', 'bu:role:view']);
    const name = `esc_${uid()}`;
    const r = await s.post('/open/system/user/add', { username: name, name: 'Esc', email: `${name}@example.com`, role_guids: [wide] }, { token: adder.token, lang: 'en-US' });
    expect(r.code).toBe(201);
    expect(r.message).toMatch(/^You cannot grant permissions you do not hold yourself: /);
    // Without roles, or with a role it could hold itself, the same caller adds the account.
    const narrow = await roleWith(A.token, ['tenant:sub-account:view']);
    const ok = await s.post('/open/system/user/add', { username: `ok_${uid()}`, name: 'Ok', email: `ok${uid()}@example.com`, role_guids: [narrow] }, { token: adder.token });
    expect(ok.code, ok.message).toBe(200);
    expect(ok.data.role_guids).toEqual([narrow]);
    const listed = await s.post('/open/system/user/page', { keyword: name }, { token: A.token });
    expect(listed.data.list).toEqual([]);
  });
});

describe('system/user phone calls without an SMS transport', () => {
  it.each([
    ['/open/system/user/send-phone-verification-code', { phone: '13800138000' }],
    ['/open/system/user/update-personal-phone', { phone: '13800138000', code: '123456' }],
  ])('%s refuses with the translated sentence and changes nothing', async (path, body) => {
    const before = (await s.post('/open/system/user/info', {}, { token: A.token })).data.phone ?? null;
    for (const [lang, key] of [['zh-CN', 'zh'], ['zh-HK', 'hk'], ['en-US', 'en']] as const) {
      const r = await s.post(path, body, { token: A.token, lang });
      expect(r.status).toBe(200);
      expect(r.code).toBe(201);
      expect(r.message).toBe(translate(key, 'server.sms_not_configured'));
    }
    expect(translate('en', 'server.sms_not_configured')).toMatch(/No SMS transport is configured/);
    expect((await s.post('/open/system/user/info', {}, { token: A.token })).data.phone ?? null).toBe(before);
    expect((await s.post(path, body)).status).toBe(401);
    // Operators have no tenant profile.
    expect((await s.post(path, body, { token: admin })).code).toBe(201);
  });
});

describe('system/org/application/page: the certification history', () => {
  it('records the application and each decision, for the BU only', async () => {
    const org = await s.post('/open/system/org/add', { company_name: `Org ${uid()}`, credit_code: '91350100M000100Y43' }, { token: A.token });
    expect(org.code, org.message).toBe(200);
    expect((await s.post('/open/system/org/apply-auth', {}, { token: A.token })).code).toBe(200);
    const rejected = await s.post('/open/admin/org/update-status', { guid: org.data.guid, status: 3, remark: 'Licence unreadable' }, { token: admin });
    expect(rejected.code, rejected.message).toBe(200);
    expect((await s.post('/open/system/org/apply-auth', {}, { token: A.token })).code).toBe(200);
    expect((await s.post('/open/admin/org/update-status', { guid: org.data.guid, status: 2 }, { token: admin })).code).toBe(200);
    // An operator withdraws it outside a review (BU management).
    const withdrawn = await s.post('/open/admin/system/bu-management/auth/update', { bu_guid: A.buGuid, auth_state: 0 }, { token: admin });
    expect(withdrawn.code, withdrawn.message).toBe(200);

    // The catalogue's call takes no body: newest first.
    const page = await s.post('/open/system/org/application/page', undefined, { token: A.token });
    expect(page.code, page.message).toBe(200);
    expect(page.data.list.map((r: { action: string }) => r.action)).toEqual(['withdraw', 'approve', 'apply', 'reject', 'apply']);
    expect(page.data.list.map((r: { auth_state: number }) => r.auth_state)).toEqual([0, 2, 1, 3, 1]);
    expect(page.data.list[3]).toMatchObject({ remark: 'Licence unreadable', company_name: org.data.company_name, credit_code: '91350100M000100Y43', bu_guid: A.buGuid });
    expect(page.data.list[4]).toMatchObject({ remark: null, created_by: A.guid });
    expect(page.data.count).toBe(5);

    // Another BU sees none of it; operators read it for the BU they name.
    expect((await s.post('/open/system/org/application/page', {}, { token: B.token })).data.list).toEqual([]);
    const oversight = await s.post('/open/admin/org/application/page', { bu_guid: A.buGuid }, { token: admin });
    expect(oversight.data.list).toHaveLength(5);
    expect(oversight.data.list.every((r: { bu_guid: string }) => r.bu_guid === A.buGuid)).toBe(true);
  });

  it('refuses a sub-account without the grant, an operator on the tenant call and no token', async () => {
    const bare = await activeSub(s, A.token);
    const r = await s.post('/open/system/org/application/page', {}, { token: bare.token, lang: 'en-US' });
    expect(r.message).toBe(NO_ACCESS);
    expect((await s.post('/open/system/org/application/page', {}, { token: admin })).code).toBe(201);
    expect((await s.post('/open/system/org/application/page', {})).status).toBe(401);
    expect((await s.post('/open/admin/org/application/page', {}, { token: A.token })).code).toBe(201);
  });
});

describe('system/resource/list: the resources the caller may see', () => {
  it('the owner sees the tenant console, flat, and no operator node', async () => {
    const r = await s.post('/open/system/resource/list', undefined, { token: A.token });
    expect(r.code, r.message).toBe(200);
    const codes = r.data.map((n: { code: string }) => n.code);
    expect(codes).toEqual(expect.arrayContaining(['tenant:account', 'tenant:sub-account', 'tenant:sub-account:add']));
    expect(codes.some((c: string) => c.startsWith('admin:'))).toBe(false);
    expect(r.data.every((n: Record<string, unknown>) => !('children' in n) && n.status === 0)).toBe(true);
    // Each node names its parent, which is listed before it.
    const seen = new Set<string>();
    for (const n of r.data as { guid: string; parent_guid: string | null }[]) {
      if (n.parent_guid) expect(seen.has(n.parent_guid)).toBe(true);
      seen.add(n.guid);
    }
  });

  it('a sub-account sees what its roles grant with their menus, an operator the operator console', async () => {
    const sub = await activeSub(s, A.token, [await roleWith(A.token, ['tenant:sub-account:view'])]);
    const mine = (await s.post('/open/system/resource/list', {}, { token: sub.token })).data.map((n: { code: string }) => n.code);
    expect(mine).toEqual(expect.arrayContaining(['tenant:account', 'tenant:member', 'tenant:sub-account', 'tenant:sub-account:view']));
    expect(mine).not.toContain('tenant:sub-account:add');
    expect(mine).not.toContain('tenant:project');
    const bare = await activeSub(s, A.token);
    expect((await s.post('/open/system/resource/list', {}, { token: bare.token })).data).toEqual([]);
    const ops = (await s.post('/open/system/resource/list', {}, { token: admin })).data.map((n: { code: string }) => n.code);
    expect(ops).toContain('admin:system');
    expect(ops.some((c: string) => c.startsWith('tenant:'))).toBe(false);
    expect((await s.post('/open/system/resource/list', {})).status).toBe(401);
  });
});

describe('common-i18n-setting: the languages', () => {
  it('page lists zh-CN, zh-HK and en-US with their enable flags to anyone, get one of them', async () => {
    for (const token of [undefined, A.token, admin]) {
      const r = await s.post('/open/common-i18n-setting/page', { page_size: 50 }, { token });
      expect(r.code, r.message).toBe(200);
      expect(r.data.list.map((l: { code: string }) => l.code)).toEqual(['zh-CN', 'zh-HK', 'en-US']);
      expect(r.data.list[0]).toMatchObject({ lang: 'zh', name: '简体中文', is_default: true, status: 0 });
      expect(r.data.count).toBe(3);
    }
    const hk = (await s.post('/open/common-i18n-setting/page', { code: 'zh-HK' })).data.list[0];
    const got = await s.post('/open/common-i18n-setting/get', { guid: hk.guid });
    expect(got.data).toMatchObject({ code: 'zh-HK', lang: 'hk', name: '繁體中文' });
    expect((await s.post('/open/common-i18n-setting/get', { guid: '00000000-0000-4000-8000-000000000000' })).code).toBe(201);
  });

  it('operators switch a language off and on; the default stays on; tenants change nothing', async () => {
    const list = (await s.post('/open/admin/common-i18n-setting/page', {}, { token: admin })).data.list as { guid: string; code: string }[];
    const en = list.find((l) => l.code === 'en-US')!;
    const zh = list.find((l) => l.code === 'zh-CN')!;
    const off = await s.post('/open/admin/common-i18n-setting/update-status', { guid: en.guid, status: 1 }, { token: admin });
    expect(off.code, off.message).toBe(200);
    expect((await s.post('/open/common-i18n-setting/get', { guid: en.guid })).data.status).toBe(1);
    expect((await s.post('/open/common-i18n-setting/page', { status: 0 })).data.list.map((l: { code: string }) => l.code)).toEqual(['zh-CN', 'zh-HK']);
    expect((await s.post('/open/admin/common-i18n-setting/update-status', { guid: en.guid, status: 0 }, { token: admin })).code).toBe(200);
    const def = await s.post('/open/admin/common-i18n-setting/update-status', { guid: zh.guid, status: 1 }, { token: admin, lang: 'en-US' });
    expect(def.code).toBe(201);
    expect(def.message).toBe(translate('en', 'server.default_language_required'));
    const tenant = await s.post('/open/admin/common-i18n-setting/update-status', { guid: en.guid, status: 1 }, { token: A.token });
    expect(tenant.code).toBe(201);
    expect((await s.post('/open/common-i18n-setting/get', { guid: en.guid })).data.status).toBe(0);
  });
});

describe('admin/system/lease-project/list: every BU\'s projects, for operators', () => {
  it('pages the projects of every BU, filtered, and refuses tenants', async () => {
    const a = await s.post('/open/system/project/add', { name: `Mall ${uid()}`, code: `m${uid()}` }, { token: A.token });
    const b = await s.post('/open/system/project/add', { name: `Park ${uid()}`, code: `k${uid()}` }, { token: B.token });
    expect(a.code, a.message).toBe(200);
    const all = await s.post('/open/admin/system/lease-project/list', { page: 1, page_size: 100 }, { token: admin });
    expect(all.code, all.message).toBe(200);
    expect(ids(all.data.list)).toEqual(expect.arrayContaining([a.data.guid, b.data.guid]));
    const one = await s.post('/open/admin/system/lease-project/list', { keyword: a.data.name }, { token: admin });
    expect(one.data.list).toHaveLength(1);
    expect(one.data.list[0]).toMatchObject({ guid: a.data.guid, bu_guid: A.buGuid });
    const tenant = await s.post('/open/admin/system/lease-project/list', {}, { token: A.token, lang: 'en-US' });
    expect(tenant.code).toBe(201);
    expect((await s.post('/open/admin/system/lease-project/list', {})).status).toBe(401);
  });
});
