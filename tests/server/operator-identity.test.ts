import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

const LOGIN = '/open/admin/sys-auth/login';
const addOperator = async (username: string, password: string, role_guids: string[] = []) => {
  const r = await s.post('/open/admin/system/user/add', { username, password, role_guids }, { token: admin });
  expect(r.code, r.message).toBe(200);
  return r.data;
};

describe('operator login', () => {
  it('returns a token carrying expiry and buGuid, and the user without password', async () => {
    const r = await s.post(LOGIN, ADMIN);
    expect(r.code).toBe(200);
    const claims = JSON.parse(Buffer.from(r.data.token.split('.')[1], 'base64url').toString());
    expect(claims).toHaveProperty('exp');
    expect(claims).toHaveProperty('buGuid', null);
    expect(claims.exp).toBe(r.data.exp);
    expect(r.data.user.username).toBe('admin');
    expect(r.data.user).not.toHaveProperty('password');
  });

  it('stores passwords as argon2id at 19 MiB, t=2, p=1', async () => {
    const { rows } = await s.db.query<{ password: string }>("select password from users where username = 'admin'");
    expect(rows[0].password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a wrong password and an unknown user with the same sentence', async () => {
    const a = await s.post(LOGIN, { username: 'admin', password: 'Wrong12345' });
    const b = await s.post(LOGIN, { username: 'nobody', password: 'Wrong12345' });
    expect([a.code, b.code]).toEqual([201, 201]);
    expect(a.message).toBe(b.message);
    await s.post(LOGIN, ADMIN); // a success gives the attempts back
  });

  it('validates the body', async () => {
    const r = await s.post(LOGIN, { username: '' });
    expect(r.code).toBe(201);
    expect(r.data.map((e: { field: string }) => e.field).sort()).toEqual(['password', 'username']);
  });

  it('locks a username after repeated wrong passwords, even for the right one', async () => {
    await addOperator('throttled', 'Right12345');
    for (let i = 0; i < 5; i++) expect((await s.post(LOGIN, { username: 'throttled', password: `Wrong${i}xyz1` })).message).toBe('Incorrect username or password.');
    const locked = await s.post(LOGIN, { username: 'throttled', password: 'Right12345' });
    expect(locked.code).toBe(201);
    expect(locked.message).toMatch(/Too many failed logins\. Please try again in \d+ minutes,/);
  });

  it('admits no parallel guess past the limit', async () => {
    await addOperator('parallel', 'Right12345');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => s.post(LOGIN, { username: 'parallel', password: `Wrong${i}abc1` })));
    const checked = results.filter((r) => r.message === 'Incorrect username or password.').length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.every((r) => r.code === 201)).toBe(true);
  });

  it('refuses a frozen operator and ends the sessions it has', async () => {
    const op = await addOperator('freezable', 'Right12345');
    const token = await s.login('freezable', 'Right12345');
    expect((await s.post('/open/admin/system/user/update-status', { guid: op.guid, status: 1 }, { token: admin })).code).toBe(200);
    const r = await s.post('/open/admin/user/get-permission-auth', undefined, { token });
    expect([r.status, r.code]).toEqual([401, 201]);
    expect((await s.post(LOGIN, { username: 'freezable', password: 'Right12345' })).message).toBe('This account is frozen. Please contact the administrator.');
  });

  it('refuses tenant accounts at the operator login', async () => {
    const t = await s.tenant({ owner: true });
    const { rows } = await s.db.query<{ username: string }>('select username from users where guid = $1', [t.guid]);
    expect((await s.post(LOGIN, { username: rows[0].username, password: 'Tenant1234' })).code).toBe(201);
  });
});

describe('user info and permission tree', () => {
  it('answers GET /open/admin/user/info with the caller', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/open/admin/user/info', headers: { authorization: `Bearer ${admin}` } });
    expect(r.json().code).toBe(200);
    expect(r.json().data.username).toBe('admin');
  });

  it('gives the super operator the whole operator tree', async () => {
    const r = await s.post('/open/admin/user/get-permission-auth', undefined, { token: admin });
    expect(r.code).toBe(200);
    const codes: string[] = [];
    const walk = (nodes: { code: string; type: number; status: number; children: unknown[] }[]) =>
      nodes.forEach((n) => {
        codes.push(n.code);
        expect([0, 1, 2]).toContain(n.type);
        expect([0, 1]).toContain(n.status);
        walk(n.children as never);
      });
    walk(r.data);
    expect(codes).toEqual(expect.arrayContaining(['admin:system', 'admin:role', 'admin:role:add', 'admin:permission', 'admin:user', 'admin:dict']));
    expect(codes.some((c) => c.startsWith('tenant:'))).toBe(false);
  });

  it('gives a limited operator only its grants, with their ancestors, and enforces them', async () => {
    const perms = (await s.post('/open/admin/system/permission/list', { scene: 'admin' }, { token: admin })).data as { guid: string; code: string }[];
    const grant = perms.filter((p) => ['admin:dict', 'admin:dict:view', 'admin:dict:add'].includes(p.code)).map((p) => p.guid);
    const role = (await s.post('/open/admin/system/role/add', { name: 'Dict keepers' }, { token: admin })).data;
    expect((await s.post('/open/admin/system/role/auth', { guid: role.guid, permission_guids: grant }, { token: admin })).code).toBe(200);
    expect((await s.post('/open/admin/system/role/get-role-permissions', { guid: role.guid }, { token: admin })).data.permission_guids.sort()).toEqual([...grant].sort());
    await addOperator('dictkeeper', 'Right12345', [role.guid]);
    const token = await s.login('dictkeeper', 'Right12345');
    const tree = (await s.post('/open/admin/user/get-permission-auth', undefined, { token })).data;
    expect(tree.map((n: { code: string }) => n.code)).toEqual(['admin:system']);
    expect(tree[0].children.map((n: { code: string }) => n.code)).toEqual(['admin:dict']);
    expect((await s.post('/open/system/dict/add', { type: 'currency', label: 'Hong Kong dollar', value: 'HKD' }, { token })).code).toBe(200);
    expect((await s.post('/open/system/dict/delete', { guid: '00000000-0000-4000-8000-000000000000' }, { token })).code).toBe(201);
    expect((await s.post('/open/admin/system/role/page', {}, { token })).message).toBe('You have no access rights yet. Please contact the administrator.');

    // Disabling the role takes its grants away at once.
    expect((await s.post('/open/admin/system/role/update-status', { guid: role.guid, status: 1 }, { token: admin })).code).toBe(200);
    expect((await s.post('/open/system/dict/add', { type: 'currency', label: 'Euro', value: 'EUR' }, { token })).code).toBe(201);
  });

  it('refuses to grant a node of the other console or one that does not exist', async () => {
    const role = (await s.post('/open/admin/system/role/add', { name: 'Cross console' }, { token: admin })).data;
    const tenantNode = (await s.post('/open/admin/system/permission/list', { scene: 'tenant' }, { token: admin })).data[0];
    const r = await s.post('/open/admin/system/role/auth', { guid: role.guid, permission_guids: [tenantNode.guid] }, { token: admin });
    expect(r.code).toBe(201);
  });

  it('deleting a role removes its grants and takes it off its holders', async () => {
    const role = (await s.post('/open/admin/system/role/add', { name: 'Short lived' }, { token: admin })).data;
    const node = (await s.post('/open/admin/system/permission/list', { scene: 'admin' }, { token: admin })).data[0];
    await s.post('/open/admin/system/role/auth', { guid: role.guid, permission_guids: [node.guid] }, { token: admin });
    const op = await addOperator('holder', 'Right12345', [role.guid]);
    expect((await s.post('/open/admin/system/role/delete', { guid: role.guid }, { token: admin })).code).toBe(200);
    expect((await s.db.query('select 1 from role_permission where role_guid = $1', [role.guid])).rows).toHaveLength(0);
    expect((await s.post('/open/admin/system/user/info', { guid: op.guid }, { token: admin })).data.role_guids).toEqual([]);
  });

  it('keeps one enabled super management role: the last cannot be disabled, demoted or deleted', async () => {
    const { rows } = await s.db.query<{ guid: string }>("select guid from role where code = 'superadmin' and bu_guid is null");
    const guid = rows[0].guid;
    const sentence = 'The platform needs at least one enabled super management role; the last one cannot be disabled, deleted or demoted.';
    expect((await s.post('/open/admin/system/role/update-status', { guid, status: 1 }, { token: admin })).message).toBe(sentence);
    expect((await s.post('/open/admin/system/role/update', { guid, type: 2 }, { token: admin })).message).toBe(sentence);
    expect((await s.post('/open/admin/system/role/delete', { guid }, { token: admin })).message).toBe(sentence);
    // With a second super role (held by another operator) the first may go, and then the second is the last.
    const other = (await s.post('/open/admin/system/role/add', { name: 'Second super', type: 0 }, { token: admin })).data;
    await addOperator('super2', 'Right12345', [other.guid]);
    const second = await s.login('super2', 'Right12345');
    expect((await s.post('/open/admin/system/role/update-status', { guid, status: 1 }, { token: second })).code).toBe(200);
    expect((await s.post('/open/admin/system/role/update-status', { guid: other.guid, status: 1 }, { token: second })).message).toBe(sentence);
    expect((await s.post('/open/admin/system/role/update-status', { guid, status: 0 }, { token: second })).code).toBe(200);
  });

  it('an operator cannot delete the account it is logged in with', async () => {
    const { rows } = await s.db.query<{ guid: string }>("select guid from users where username = 'admin'");
    const r = await s.post('/open/admin/system/user/delete', { guid: rows[0].guid }, { token: admin });
    expect(r.message).toBe('You cannot delete the account you are logged in with.');
  });
});
