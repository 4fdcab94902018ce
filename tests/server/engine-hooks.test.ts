import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../resources/types.ts';
import { buildApp } from '../../server/app.ts';
import { transitionOf } from '../../server/engine/transitions.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

describe('invariants', () => {
  it('keeps an enabled operator holding an enabled super role: the last cannot freeze itself', async () => {
    const me = (await s.app.inject({ method: 'GET', url: '/open/admin/user/info', headers: { authorization: `Bearer ${admin}` } })).json().data;
    const refused = await s.post('/open/admin/system/user/update-status', { guid: me.guid, status: 1 }, { token: admin });
    expect(refused.code).toBe(201);
    expect(refused.message).toMatch(/at least one enabled operator holding an enabled super management role/);
    // With a second super operator, one of them may be frozen.
    const superRole = (await s.post('/open/admin/system/role/page', { type: 0 }, { token: admin })).data.list[0].guid;
    const other = await s.post('/open/admin/system/user/add', { username: `sup_${uid()}`, password: 'Super1234', role_guids: [superRole] }, { token: admin });
    expect(other.code).toBe(200);
    expect((await s.post('/open/admin/system/user/update-status', { guid: other.data.guid, status: 1 }, { token: admin })).code).toBe(200);
    expect((await s.post('/open/admin/system/user/update-status', { guid: me.guid, status: 1 }, { token: admin })).code).toBe(201);
  });

  it('role codes are unique within their owner', async () => {
    const code = `aud${uid()}`;
    expect((await s.post('/open/admin/system/role/add', { name: `A ${uid()}`, code }, { token: admin })).code).toBe(200);
    const dup = await s.post('/open/admin/system/role/add', { name: `B ${uid()}`, code }, { token: admin });
    expect(dup.message).toBe('Role code already exists.');
    // Another BU's roles are another owner.
    const t = await tenantWithBu(s);
    expect((await s.post('/open/system/role/add', { name: `C ${uid()}`, code }, { token: t.token })).code).toBe(200);
    expect((await s.post('/open/system/role/add', { name: `D ${uid()}`, code }, { token: t.token })).message).toBe('Role code already exists.');
  });
});

describe('transitions by name', () => {
  const def = {
    name: 'x', storage: { table: 'x' }, admin: { columns: [] },
    api: { mounts: [], status: { field: 'status', transitions: [{ name: 'approve', from: [0], to: 2 }, { name: 'close', from: [1], to: 2 }, { name: 'reopen', from: [2], to: 0, sides: ['operator'] }] } },
  } as unknown as ResourceDef;
  const mount = (side: 'operator' | 'tenant') => ({ side, base: '', scope: 'bu' as const, calls: {} });

  it('selects two transitions into the same state by their names, and limits one to a side', () => {
    expect(transitionOf(def, mount('tenant'), {}, { action: 'approve' })?.name).toBe('approve');
    expect(transitionOf(def, mount('tenant'), {}, { action: 'close' })?.name).toBe('close');
    expect(transitionOf(def, mount('tenant'), { transition: 'close' }, { status: 0 })?.name).toBe('close');
    expect(transitionOf(def, mount('tenant'), {}, { status: 2 })?.name).toBe('approve');
    expect(transitionOf(def, mount('tenant'), {}, { action: 'reopen' })).toBeUndefined();
    expect(transitionOf(def, mount('operator'), {}, { action: 'reopen' })?.name).toBe('reopen');
  });
});

describe('side effects after commit', () => {
  it('a mail that fails after the change does not undo it or fail the call', async () => {
    const failing = await buildApp({ db: s.db, mailer: { send: async () => { throw new Error('smtp down'); } } as never });
    await failing.app.ready();
    const t = await tenantWithBu(s);
    const name = `fx_${uid()}`;
    const r = await failing.app.inject({ method: 'POST', url: '/open/system/user/child-add', payload: { username: name, name: 'F', email: `${name}@example.com` }, headers: { authorization: `Bearer ${t.token}`, 'accept-language': 'en-US' } });
    expect(r.json().code).toBe(200);
    expect((await s.db.query('select 1 from users where username = $1', [name])).rows).toHaveLength(1);
    await failing.app.close();
  });

  it('a change that is refused sends nothing', async () => {
    const t = await tenantWithBu(s);
    const name = `fy_${uid()}`;
    const email = `${name}@example.com`;
    expect((await s.post('/open/system/user/child-add', { username: name, name: 'F', email }, { token: t.token })).code).toBe(200);
    const again = await s.post('/open/system/user/child-add', { username: name, name: 'F', email: `x${email}` }, { token: t.token });
    expect(again.message).toBe('Username already exists.');
    expect(s.mails(`x${email}`)).toHaveLength(0);
  });
});

describe('paging', () => {
  it('has one rule: an out-of-range page_size gets the same refusal on every paged call', async () => {
    const t = await tenantWithBu(s);
    const dept = (await s.post('/open/system/department/add', { name: `D ${uid()}` }, { token: t.token })).data.guid;
    const role = (await s.post('/open/system/role/add', { name: `R ${uid()}` }, { token: t.token })).data.guid;
    const answers = [
      await s.post('/open/system/member/page', { page_size: 500 }, { token: t.token }),
      await s.post('/open/system/department/list-users', { guid: dept, page_size: 500 }, { token: t.token }),
      await s.post('/open/system/role-user/page', { role_guid: role, page_size: 500 }, { token: t.token }),
      await s.post('/open/admin/system/role/page', { page_size: 500 }, { token: admin }),
    ];
    for (const a of answers) {
      expect(a.code).toBe(201);
      expect(a.data).toEqual([{ field: 'page_size', message: 'Page size must be a whole number from 1 to 100' }]);
    }
    const ok = await s.post('/open/system/role-user/page', { role_guid: role, page_size: 100 }, { token: t.token });
    expect(ok.data).toMatchObject({ list: [], count: 0, count_capped: false, page: 1, page_size: 100 });
  });
});

describe('certification as data', () => {
  it('apply, reject with a reason the tenant reads, apply again: transitions of the org definition, each on its side', async () => {
    const t = await tenantWithBu(s);
    const org = (await s.post('/open/system/org/add', { company_name: 'Acme', credit_code: '91350100M000100Y43' }, { token: t.token })).data;
    const applied = await s.post('/open/system/org/apply-auth', {}, { token: t.token });
    expect(applied.data).toMatchObject({ auth_state: 1, remark: null });
    expect(applied.data.applied_at).toBeTruthy();
    // The tenant's call is bound to applying: a body naming "approve" cannot pick another transition.
    expect((await s.post('/open/system/org/apply-auth', { action: 'approve' }, { token: t.token })).code).toBe(201);
    // A rejection needs its reason: without one nothing changes and the answer names the field.
    const bare = await s.post('/open/admin/org/update-status', { guid: org.guid, action: 'reject', remark: '  ' }, { token: admin, lang: 'en' });
    expect(bare.code).toBe(201);
    expect(bare.message).toMatch(/remark|reason/i);
    expect((await s.post('/open/system/org/info', {}, { token: t.token })).data.auth_state).toBe(1);
    const rejected = await s.post('/open/admin/org/update-status', { guid: org.guid, action: 'reject', remark: 'The licence scan is unreadable.' }, { token: admin });
    expect(rejected.data).toMatchObject({ auth_state: 3, remark: 'The licence scan is unreadable.' });
    expect((await s.post('/open/system/org/info', {}, { token: t.token })).data.remark).toBe('The licence scan is unreadable.');
    expect((await s.post('/open/system/org/apply-auth', {}, { token: t.token })).data).toMatchObject({ auth_state: 1, remark: null });
    expect((await s.post('/open/admin/org/update-status', { guid: org.guid, status: 1 }, { token: admin })).code).toBe(201);
  });
});
