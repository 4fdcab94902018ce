import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, linkToken, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  A = await tenantWithBu(s);
  admin = await s.login();
});
afterAll(() => s?.close());

const post = (path: string, body: unknown = {}, token = A.token, lang?: string) => s.post(path, body, { token, lang });

describe('sub-accounts', () => {
  it('goes to be activated → normal → frozen → normal, and its role decides its permissions', async () => {
    const perms = await post('/open/system/role/add', { name: `Viewer ${uid()}` });
    const tree = await post('/open/system/role/auth-list', { guid: perms.data.guid });
    const want = tree.data.list.filter((n: { code: string }) => ['tenant:department:view', 'tenant:organize', 'tenant:department'].includes(n.code)).map((n: { guid: string }) => n.guid);
    expect((await post('/open/system/role/auth', { guid: perms.data.guid, permission_guids: want })).code).toBe(200);

    const name = `sub_${uid()}`;
    const email = `${name}@example.com`;
    const added = await post('/open/system/user/child-add', { username: name, name: 'Sub', email, role_guids: [perms.data.guid] }, A.token, 'zh-HK');
    expect(added.code, added.message).toBe(200);
    expect(added.data).toMatchObject({ status: 2, user_type: 2, role_guids: [perms.data.guid] });
    expect(s.mails(email).at(-1)!.subject).toBe('啟用您的子帳號');
    expect((await s.post('/open/sys-auth/login', { username: name, password: 'whatever1' })).code).toBe(201);
    // A resend replaces the link; the old one stops working.
    const first = linkToken(s, email);
    await s.db.query("update one_time_code set created_at = now() - interval '2 minutes' where target = $1", [added.data.guid]);
    expect((await post('/open/system/user/resend-child-email', { guid: added.data.guid })).code).toBe(200);
    const second = linkToken(s, email);
    expect(second).not.toBe(first);
    expect((await s.post('/open/system/user/child-set', { token: first, password: 'SubPassw0rd', confirm_password: 'SubPassw0rd' })).code).toBe(201);
    const act = await s.post('/open/system/user/child-set', { token: second, password: 'SubPassw0rd', confirm_password: 'SubPassw0rd' });
    expect(act.code, act.message).toBe(200);
    expect((await post('/open/system/user/resend-child-email', { guid: added.data.guid })).message).toContain('already activated');

    const login = await s.post('/open/sys-auth/login', { username: name, password: 'SubPassw0rd' });
    expect(login.code).toBe(200);
    expect(login.data.buGuid).toBe(A.buGuid);
    const sub = login.data.token;
    expect((await post('/open/system/department/page', {}, sub)).code).toBe(200);
    expect((await post('/open/system/department/add', { name: 'No' }, sub)).message).toBe('You have no access rights yet. Please contact the administrator.');
    const menus = JSON.stringify((await post('/open/user/get-permission-auth', {}, sub)).data);
    expect(menus).toContain('tenant:department:view');
    expect(menus).not.toContain('tenant:member');

    expect((await post('/open/system/user/child-freeze', { guid: added.data.guid })).data.status).toBe(1);
    expect((await post('/open/system/department/page', {}, sub)).status).toBe(401);
    expect((await s.post('/open/sys-auth/login', { username: name, password: 'SubPassw0rd' })).message).toContain('frozen');
    expect((await post('/open/system/user/child-freeze', { guid: added.data.guid })).code).toBe(201);
    expect((await post('/open/system/user/child-restore', { guid: added.data.guid })).data.status).toBe(0);
    expect((await s.post('/open/sys-auth/login', { username: name, password: 'SubPassw0rd' })).code).toBe(200);

    expect((await post('/open/system/user/child-set-role', { guid: added.data.guid, role_guids: [] })).data.role_guids).toEqual([]);
    const page = await post('/open/system/user/child-page', { keyword: name });
    expect(page.data.list.map((r: { guid: string }) => r.guid)).toEqual([added.data.guid]);
    expect((await post('/open/system/user/child-update', { guid: added.data.guid, name: 'Renamed' })).data.name).toBe('Renamed');
    expect((await post('/open/system/user/child-reset', { guid: added.data.guid })).code).toBe(200);
    expect(s.mails(email).at(-1)!.text).toContain('/resetPassword?token=');
    expect((await post('/open/system/user/child-delete', { guid: added.data.guid })).data.deleted).toBe(1);
    expect((await s.post('/open/sys-auth/login', { username: name, password: 'SubPassw0rd' })).code).toBe(201);
  });

  it("applies the BU's password policy on activation", async () => {
    await post('/open/system/sso/password-policy-update', { min_length: 12, require_upper: true, require_lower: true, require_digit: true });
    const name = `sub_${uid()}`;
    await post('/open/system/user/child-add', { username: name, name: 'Sub', email: `${name}@example.com` });
    const token = linkToken(s, `${name}@example.com`);
    const weak = await s.post('/open/system/user/child-set', { token, password: 'short1A', confirm_password: 'short1A' });
    expect(weak.message).toContain('12 to 64 characters');
    const mismatch = await s.post('/open/system/user/child-set', { token, password: 'LongEnough123', confirm_password: 'LongEnough124' });
    expect(mismatch.message).toContain('The two passwords do not match');
    expect((await s.post('/open/system/user/child-set', { token, password: 'LongEnough123', confirm_password: 'LongEnough123' })).code).toBe(200);
    await post('/open/system/sso/password-policy-update', { min_length: 8, require_upper: false, require_lower: false });
  });
});

describe('certification', () => {
  it('unverified → in progress → verified or failed; operators review; data is frozen under review', async () => {
    const t = await tenantWithBu(s);
    expect((await post('/open/system/org/apply-auth', {}, t.token)).message).toBe('Please fill in the organisation information first.');
    const bad = await post('/open/system/org/add', { company_name: 'Acme', credit_code: '91350100M000100I43' }, t.token);
    expect(bad.message).toContain('must be 18 digits or upper-case letters, without I, O, Z, S or V');
    const org = await post('/open/system/org/add', { company_name: 'Acme', credit_code: '91350100M000100Y43' }, t.token);
    expect(org.data.auth_state).toBe(0);
    expect((await post('/open/system/org/apply-auth', {}, t.token)).data.auth_state).toBe(1);
    expect((await post('/open/system/org/update', { guid: org.data.guid, address: 'x' }, t.token)).message).toContain('under review');
    const listed = await s.post('/open/admin/org/list', { auth_state: 1, bu_guid: t.buGuid }, { token: admin });
    expect(listed.data.list.map((r: { guid: string }) => r.guid)).toEqual([org.data.guid]);
    expect((await s.post('/open/admin/org/info', { guid: org.data.guid }, { token: admin })).data.company_name).toBe('Acme');
    expect((await s.post('/open/admin/org/update-status', { guid: org.data.guid, status: 3, remark: 'Licence expired' }, { token: admin })).data.auth_state).toBe(3);
    expect((await post('/open/system/org/apply-auth', {}, t.token)).data.auth_state).toBe(1);
    expect((await s.post('/open/admin/org/update-status', { guid: org.data.guid, status: 2 }, { token: admin })).data.auth_state).toBe(2);
    expect((await post('/open/system/org/info', {}, t.token)).data.auth_state).toBe(2);
    expect((await post('/open/admin/org/list', {}, t.token)).message).toBe('Only platform operators can do this.');
  });

  it('the BU list tells every member the certification state, also a sub-account that may not read the certification', async () => {
    const t = await tenantWithBu(s);
    const sub = await activeSub(s, t.token);
    const state = async (token: string) => (await post('/open/system/user-bu/list', {}, token)).data.find((b: { guid: string }) => b.guid === t.buGuid)?.auth_state;
    expect(await state(sub.token)).toBe(0);
    expect((await post('/open/system/org/info', {}, sub.token)).code).toBe(201);
    const org = await post('/open/system/org/add', { company_name: 'Acme', credit_code: '91350100M000100Y43' }, t.token);
    await post('/open/system/org/apply-auth', {}, t.token);
    await s.post('/open/admin/org/update-status', { guid: org.data.guid, status: 2 }, { token: admin });
    expect([await state(t.token), await state(sub.token)]).toEqual([2, 2]);
  });

  it('dashboard and statistics count the BU\'s real rows', async () => {
    const t = await tenantWithBu(s);
    const d = await post('/open/system/department/add', { name: 'Ops' }, t.token);
    await post('/open/system/member/add', { name: 'M1', department_guid: d.data.guid }, t.token);
    await post('/open/system/member/add', { name: 'M2', duty_status: 1 }, t.token);
    await activeSub(s, t.token);
    const dash = await post('/open/system/org/dashboard', {}, t.token);
    expect(dash.data.counts).toMatchObject({ members: 2, departments: 1, sub_accounts: 1, accounts: 2, companies: 0 });
    expect(dash.data.bu.guid).toBe(t.buGuid);
    const stats = await post('/open/system/org/statistics', {}, t.token);
    expect(stats.data.members_by_duty_status).toEqual({ '0': 1, '1': 1 });
    expect(stats.data.sub_accounts_by_status).toEqual({ '0': 1 });
  });
});

describe('organisation structure rules', () => {
  it('departments nest as a tree, refuse cycles and unchanged renames, bind and list members', async () => {
    const root = await post('/open/system/department/add', { name: `Root ${uid()}` });
    const child = await post('/open/system/department/add', { name: 'Child', parent_guid: root.data.guid });
    const leaf = await post('/open/system/department/add', { name: 'Leaf', parent_guid: child.data.guid });
    const tree = await post('/open/system/department/tree');
    const r = tree.data.find((n: { guid: string }) => n.guid === root.data.guid);
    expect(r.children[0].children[0].guid).toBe(leaf.data.guid);
    expect((await post('/open/system/department/update', { guid: root.data.guid, parent_guid: leaf.data.guid })).message).toBe('The parent cannot be the item itself or one of its descendants.');
    expect((await post('/open/system/department/update', { guid: child.data.guid, name: 'Child' })).message).toContain('must differ from the current name');
    expect((await post('/open/system/department/add', { name: 'x'.repeat(31) })).message).toContain('at most 30 characters');
    const m = await post('/open/system/member/add', { name: 'Bound' });
    expect((await post('/open/system/department/bind-users', { guid: leaf.data.guid, user_guids: [m.data.guid] })).code).toBe(200);
    const users = await post('/open/system/department/list-users', { guid: leaf.data.guid });
    expect(users.data.list.map((u: { guid: string }) => u.guid)).toEqual([m.data.guid]);
    expect((await post('/open/system/department/delete', { guid: leaf.data.guid })).message).toBe('The record is still in use and cannot be deleted.');
    const level = await s.post('/open/admin/department/level-tree', { bu_guid: A.buGuid }, { token: admin });
    expect(JSON.stringify(level.data)).toContain(leaf.data.guid);
    expect((await s.post('/open/admin/department/level-tree', {}, { token: admin })).code).toBe(201);
  });

  it('members: superior never themself, phone fits the area code', async () => {
    const m = await post('/open/system/member/add', { name: 'Self', area_code: '852', phone: '91234567' });
    expect(m.code, m.message).toBe(200);
    expect((await post('/open/system/member/update', { guid: m.data.guid, superior_guid: m.data.guid })).message).toContain('cannot be the member themself');
    expect((await post('/open/system/member/add', { name: 'P', area_code: '86', phone: '91234567' })).message).toContain('11-digit mobile');
    expect((await post('/open/system/member/add', { name: 'P', area_code: '853', phone: '13800138000' })).message).toContain('must be 8 digits');
    expect((await post('/open/system/member/add', { name: 'P', phone: '12800138000' })).message).toContain('must be 8 digits, or 11 digits starting 13 to 19');
    expect((await post('/open/system/member/add', { name: 'P', area_code: '99' })).message).toContain('is not one of the allowed values');
  });

  it('projects: the same currency never twice; coordinates and times validated', async () => {
    expect((await post('/open/system/project/add', { name: 'P', code: 'p1', secondary_currencies: ['USD', 'USD'] })).message).toContain('cannot contain the same currency twice');
    expect((await post('/open/system/project/add', { name: 'P', code: 'p1', main_currency: 'USD', secondary_currencies: ['USD'] })).message).toContain('cannot contain the same currency twice');
    expect((await post('/open/system/project/add', { name: 'P', code: 'p1', longitude: 181 })).message).toContain('longitude between -180 and 180');
    expect((await post('/open/system/project/add', { name: 'P', code: 'p1', opening_time: '25:00' })).message).toContain('HH:mm');
    const company = await post('/open/system/company/add', { name: `Co ${uid()}`, credit_code: '91350100M000100Y4A' });
    expect(company.code, company.message).toBe(200);
    const p = await post('/open/system/project/add', { name: 'P', code: `p${uid()}`, company_guids: [company.data.guid], main_currency: 'HKD', secondary_currencies: ['CNY', 'USD'] });
    expect(p.code, p.message).toBe(200);
    expect((await post('/open/system/company/delete', { guid: company.data.guid })).message).toBe('The record is still in use and cannot be deleted.');
  });

  it('companies: credit code and one default receiving and paying account', async () => {
    const acc = (n: string, r: boolean, p: boolean) => ({ bank_name: 'B', account_name: 'A', account_number: n, default_receive: r, default_pay: p });
    expect((await post('/open/system/company/add', { name: 'C', credit_code: '91350100M000100Z43' })).message).toContain('without I, O, Z, S or V');
    expect((await post('/open/system/company/add', { name: 'C', credit_code: '91350100M000100Y4' })).message).toContain('must be 18');
    const two = await post('/open/system/company/add', { name: 'C', credit_code: '91350100M000100Y43', bank_accounts: [acc('123456', true, false), acc('654321', true, true)] });
    expect(two.message).toContain('only one default receiving account');
    const ok = await post('/open/system/company/add', { name: `C ${uid()}`, credit_code: '91350100M000100Y43', bank_accounts: [acc('123456', true, false), acc('654321', false, true)] });
    expect(ok.code, ok.message).toBe(200);
  });
});

describe('personal settings', () => {
  it('changes real name, e-mail with a code, username, password and profile; checks existence', async () => {
    const t = await tenantWithBu(s);
    expect((await post('/open/system/user/update-personal-real-name', { name: 'Real Name' }, t.token)).data.name).toBe('Real Name');
    const newEmail = `n${uid()}@example.com`;
    expect((await post('/open/system/user/update-personal-email', { email: newEmail }, t.token)).code).toBe(200);
    const code = /\b(\d{6})\b/.exec(s.mails(newEmail).at(-1)!.text)![1];
    expect((await post('/open/system/user/update-personal-email-verify', { email: newEmail, code }, t.token)).data.email).toBe(newEmail);
    const newName = `renamed_${uid()}`;
    expect((await post('/open/system/user/update-master-username', { username: newName }, t.token)).data.username).toBe(newName);
    expect((await post('/open/system/user-info/check-exist', { username: newName }, t.token)).data.exist).toBe(true);
    expect((await post('/open/system/user-info/check-exist', { username: `free_${uid()}` }, t.token)).data.exist).toBe(false);
    expect((await post('/open/system/user-info/update', { alias: 'Al', lang: 'en' }, t.token)).data).toMatchObject({ alias: 'Al', lang: 'en' });
    expect((await post('/open/system/user/update-password', { old_password: 'wrong', password: 'Newpass123' }, t.token)).message).toBe('The current password is incorrect.');
    const changed = await post('/open/system/user/update-password', { old_password: t.password, password: 'Newpass123', confirm_password: 'Newpass123' }, t.token);
    expect(changed.code, changed.message).toBe(200);
    expect((await post('/open/system/user/info', {}, t.token)).status).toBe(401);
    expect((await post('/open/system/user/info', {}, changed.data.token)).data.username).toBe(newName);
    expect((await s.post('/open/system/user/info', {}, { token: admin })).message).toBe('Only tenant accounts can do this.');
  });
});
