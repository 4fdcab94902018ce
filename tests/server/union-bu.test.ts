import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * Union BUs (docs/operator.md "Union BUs"): operators create, change and remove them, move them
 * between enabled and disabled only by the allowed moves, group BUs, and share the departments,
 * users and apps drawn only from the member BUs (apps also from the store). No tenant reaches any of it.
 */
const BASE = '/open/admin/system/union-bu';
const CALLS = ['page', 'bu-list', 'save', 'remove', 'get-dept-list', 'get-user-list', 'get-selected-user-dept-list', 'save-dept-users', 'get-app-list', 'get-selected-app-list', 'save-apps', 'enable', 'disable'];

type Tenant = Awaited<ReturnType<typeof tenantWithBu>>;
interface Org {
  t: Tenant;
  dept: string;
  member: string;
  app: string;
}
let s: TestServer;
let op: string;
let A: Org;
let B: Org;
let C: Org;
/** A BU that is disabled. */
let D: Tenant;
let storeApp: string;

const as = (token: string | undefined) => (call: string, body: unknown = {}) => s.post(`${BASE}/${call}`, body, { token, lang: 'en-US' });
const ok = async (p: Promise<{ code: number; data: any; message: string }>) => {
  const r = await p;
  expect(r.code, r.message).toBe(200);
  return r.data;
};
const guids = (rows: { guid: string }[]) => rows.map((r) => r.guid).sort();

/** A BU with a department, a member in it and an app. */
const org = async (): Promise<Org> => {
  const t = await tenantWithBu(s);
  const post = (path: string, body: unknown) => ok(s.post(path, body, { token: t.token }));
  const dept = (await post('/open/system/department/add', { name: `Dept ${uid()}` })).guid;
  const member = (await post('/open/system/member/add', { name: `Member ${uid()}`, department_guid: dept, job_number: `J${uid()}` })).guid;
  const app = (await post('/open/app/create', { name: `App ${uid()}`, code: `app-${uid()}` })).guid;
  return { t, dept, member, app };
};

const operator = () => as(op);
const create = async (extra: Record<string, unknown> = {}) => ok(operator()('save', { name: `Union ${uid()}`, code: `u${uid()}`, ...extra }));

beforeAll(async () => {
  s = await startServer();
  op = await s.login();
  A = await org();
  B = await org();
  C = await org();
  D = await tenantWithBu(s);
  await ok(s.post('/open/system/bu/update-status', { guid: D.buGuid, status: 1 }, { token: D.token }));
  storeApp = (await ok(s.post('/open/admin/app-manage/add-app', { name: `Store ${uid()}`, code: `store-${uid()}`, type: 0 }, { token: op }))).guid;
});
afterAll(() => s?.close());

describe('create, update and remove', () => {
  it('save without a guid creates an enabled union sharing nothing; with a guid it changes that union', async () => {
    const u = await create({ description: 'North region' });
    expect(u).toMatchObject({ status: 0, description: 'North region', bu_guids: [], dept_guids: [], user_guids: [], app_guids: [] });
    const changed = await ok(operator()('save', { guid: u.guid, name: 'Renamed union', description: 'South region' }));
    expect(changed).toMatchObject({ guid: u.guid, name: 'Renamed union', description: 'South region', code: u.code, status: 0 });
    // What the union shares is written only by its own save calls, never taken from these bodies.
    const forged = await ok(operator()('save', { guid: u.guid, dept_guids: [A.dept], user_guids: [A.member], app_guids: [storeApp] }));
    expect(forged).toMatchObject({ dept_guids: [], user_guids: [], app_guids: [] });
    expect((await create({ app_guids: [storeApp] })).app_guids).toEqual([]);
    const page = await ok(operator()('page', { keyword: 'Renamed union', page_size: 100 }));
    expect(page.list.map((r: { guid: string }) => r.guid)).toContain(u.guid);
    // Through save a guid is always an update: one that does not exist is refused, nothing is created.
    const ghost = await operator()('save', { guid: randomUUID(), name: 'Ghost', code: `g${uid()}` });
    expect(ghost.code).toBe(201);
    expect(ghost.message).toBe('The record does not exist or you have no access to it.');
  });

  it('refuses an invalid body naming the field, and a code or name already used', async () => {
    const bad = await operator()('save', { name: 'Union', code: 'bad code!' });
    expect(bad.code).toBe(201);
    expect(bad.data.map((e: { field: string }) => e.field)).toEqual(['code']);
    const u = await create();
    const dup = await operator()('save', { name: `Other ${uid()}`, code: u.code });
    expect(dup.code).toBe(201);
    expect(dup.message).toBe('Union code already exists.');
    const dupName = await operator()('save', { name: u.name, code: `c${uid()}` });
    expect(dupName.message).toBe('Union name already exists.');
  });

  it('removes only a disabled union', async () => {
    const u = await create();
    const refused = await operator()('remove', { guid: u.guid });
    expect(refused.code).toBe(201);
    expect(refused.message).toBe(`The union BU "${u.name}" is enabled; disable it before removing it.`);
    expect((await operator()('get', { guid: u.guid })).code).toBe(200);
    await ok(operator()('disable', { guid: u.guid }));
    expect(await ok(operator()('remove', { guid: u.guid }))).toEqual({ deleted: 1 });
    expect((await operator()('get', { guid: u.guid })).code).toBe(201);
    expect((await operator()('remove', { guid: u.guid })).code).toBe(201);
  });
});

describe('enable and disable', () => {
  it('an enabled union can be disabled, not enabled', async () => {
    const u = await create();
    const again = await operator()('enable', { guid: u.guid });
    expect(again.code).toBe(201);
    expect(again.message).toBe('The record is "Enabled", so "Enable" is not possible.');
    expect((await ok(operator()('disable', { guid: u.guid }))).status).toBe(1);
  });

  it('a disabled union can be enabled, not disabled', async () => {
    const u = await create({ status: 1 });
    expect(u.status).toBe(1);
    const again = await operator()('disable', { guid: u.guid });
    expect(again.code).toBe(201);
    expect(again.message).toBe('The record is "Disabled", so "Disable" is not possible.');
    expect((await ok(operator()('enable', { guid: u.guid }))).status).toBe(0);
  });

  it('the status moves only through enable and disable, never through save', async () => {
    const u = await create();
    const r = await ok(operator()('save', { guid: u.guid, status: 1, description: 'x' }));
    expect(r.status).toBe(0);
    expect((await operator()('enable', { guid: randomUUID() })).code).toBe(201);
  });
});

describe('member BUs', () => {
  it('bu-list names a union\'s BUs; without a guid, the enabled BUs an operator may add', async () => {
    const u = await create({ bu_guids: [A.t.buGuid, B.t.buGuid] });
    const members = await ok(operator()('bu-list', { guid: u.guid, page_size: 100 }));
    expect(guids(members.list)).toEqual([A.t.buGuid, B.t.buGuid].sort());
    expect(members.count).toBe(2);
    const candidates = await ok(operator()('bu-list', { page_size: 100, keyword: 'BU u_' }));
    const offered = candidates.list.map((b: { guid: string }) => b.guid);
    expect(offered).toEqual(expect.arrayContaining([A.t.buGuid, B.t.buGuid, C.t.buGuid]));
    expect(offered).not.toContain(D.buGuid);
    expect(candidates.list.every((b: { status: number }) => b.status === 0)).toBe(true);
  });

  it('refuses a BU that does not exist, a disabled BU joining, and the same BU twice', async () => {
    const unknown = await operator()('save', { name: `Union ${uid()}`, code: `u${uid()}`, bu_guids: [A.t.buGuid, randomUUID()] });
    expect(unknown.code).toBe(201);
    expect(unknown.data).toEqual({ field: 'bu_guids' });
    const disabled = await operator()('save', { name: `Union ${uid()}`, code: `u${uid()}`, bu_guids: [D.buGuid] });
    expect(disabled.code).toBe(201);
    expect(disabled.message).toBe(`The business unit "BU ${D.username}" is disabled and cannot join a union BU.`);
    const twice = await operator()('save', { name: `Union ${uid()}`, code: `u${uid()}`, bu_guids: [A.t.buGuid, A.t.buGuid] });
    expect(twice.code).toBe(201);
    expect(twice.data.map((e: { field: string }) => e.field)).toEqual(['bu_guids']);
  });
});

describe('departments and users', () => {
  let u: { guid: string };
  beforeAll(async () => {
    u = await create({ bu_guids: [A.t.buGuid, B.t.buGuid] });
  });

  it('lists departments and users drawn only from the member BUs', async () => {
    const depts = await ok(operator()('get-dept-list', { guid: u.guid }));
    expect(guids(depts)).toEqual([A.dept, B.dept].sort());
    expect(depts.find((d: { guid: string }) => d.guid === A.dept)).toMatchObject({ bu_guid: A.t.buGuid, bu_name: `BU ${A.t.username}` });
    expect(guids(await ok(operator()('get-dept-list', { guid: u.guid, bu_guid: B.t.buGuid })))).toEqual([B.dept]);
    // Another BU's rows are never offered, even when asked for by name.
    expect(await ok(operator()('get-dept-list', { guid: u.guid, bu_guid: C.t.buGuid }))).toEqual([]);

    const users = await ok(operator()('get-user-list', { guid: u.guid, page_size: 100 }));
    expect(guids(users.list)).toEqual([A.member, B.member].sort());
    expect(users.list.find((m: { guid: string }) => m.guid === A.member)).toMatchObject({ department_guid: A.dept, bu_guid: A.t.buGuid });
    expect(guids((await ok(operator()('get-user-list', { guid: u.guid, dept_guid: B.dept }))).list)).toEqual([B.member]);
    expect((await ok(operator()('get-user-list', { guid: u.guid, dept_guid: C.dept }))).list).toEqual([]);
  });

  it('saves and reads the chosen departments and users; a list left out stays as it is', async () => {
    const saved = await ok(operator()('save-dept-users', { guid: u.guid, dept_guids: [A.dept], user_guids: [B.member, B.member] }));
    expect(saved).toMatchObject({ guid: u.guid, dept_guids: [A.dept], user_guids: [B.member] });
    expect(saved.depts[0]).toMatchObject({ guid: A.dept, bu_guid: A.t.buGuid });
    const read = await ok(operator()('get-selected-user-dept-list', { guid: u.guid }));
    expect(read).toMatchObject({ dept_guids: [A.dept], user_guids: [B.member] });
    const deptsOnly = await ok(operator()('save-dept-users', { guid: u.guid, dept_guids: [A.dept, B.dept] }));
    expect(deptsOnly.user_guids).toEqual([B.member]);
    expect(deptsOnly.dept_guids.sort()).toEqual([A.dept, B.dept].sort());
  });

  it('refuses departments or users outside the member BUs, and unknown guids, changing nothing', async () => {
    const before = await ok(operator()('get-selected-user-dept-list', { guid: u.guid }));
    const foreign = await operator()('save-dept-users', { guid: u.guid, dept_guids: [A.dept, C.dept] });
    expect(foreign.code).toBe(201);
    expect(foreign.message).toBe('Some of the selected Shared departments do not exist or do not belong to a member business unit of this union BU.');
    expect(foreign.data).toEqual({ field: 'dept_guids' });
    const unknown = await operator()('save-dept-users', { guid: u.guid, user_guids: [randomUUID()] });
    expect(unknown.code).toBe(201);
    expect(unknown.data).toEqual({ field: 'user_guids' });
    // A department is no user.
    expect((await operator()('save-dept-users', { guid: u.guid, user_guids: [A.dept] })).code).toBe(201);
    expect((await operator()('save-dept-users', { guid: randomUUID(), dept_guids: [] })).code).toBe(201);
    expect(await ok(operator()('get-selected-user-dept-list', { guid: u.guid }))).toEqual(before);
  });
});

describe('apps', () => {
  it('offers enabled store apps and apps of the member BUs, saves and reads the chosen ones', async () => {
    const u = await create({ bu_guids: [A.t.buGuid] });
    const offered = await ok(operator()('get-app-list', { guid: u.guid, page_size: 100 }));
    const ids = offered.list.map((a: { guid: string }) => a.guid);
    expect(ids).toEqual(expect.arrayContaining([storeApp, A.app]));
    expect(ids).not.toContain(B.app);
    expect(ids).not.toContain(C.app);
    expect(offered.list.find((a: { guid: string }) => a.guid === A.app)).toMatchObject({ bu_guid: A.t.buGuid, bu_name: `BU ${A.t.username}` });
    expect(offered.list.find((a: { guid: string }) => a.guid === storeApp)).toMatchObject({ bu_guid: null });

    const saved = await ok(operator()('save-apps', { guid: u.guid, app_guids: [storeApp, A.app] }));
    expect(saved.app_guids.sort()).toEqual([storeApp, A.app].sort());
    const read = await ok(operator()('get-selected-app-list', { guid: u.guid }));
    expect(read.app_guids.sort()).toEqual([storeApp, A.app].sort());
    expect(read.list).toHaveLength(2);
    expect((await ok(operator()('save-apps', { guid: u.guid, app_guids: [] }))).app_guids).toEqual([]);
  });

  it('refuses apps of other BUs, unknown apps and disabled apps not already shared', async () => {
    const u = await create({ bu_guids: [A.t.buGuid] });
    await ok(operator()('save-apps', { guid: u.guid, app_guids: [A.app] }));
    for (const app of [C.app, randomUUID()]) {
      const r = await operator()('save-apps', { guid: u.guid, app_guids: [A.app, app] });
      expect(r.code).toBe(201);
      expect(r.message).toBe('Some of the selected apps do not exist, are disabled, or are neither store apps nor apps of a member business unit of this union BU.');
      expect(r.data).toEqual({ field: 'app_guids' });
    }
    const other = await ok(s.post('/open/app/create', { name: `Off ${uid()}`, code: `off-${uid()}` }, { token: A.t.token }));
    await ok(s.post('/open/app/update-status', { guid: other.guid, status: 1 }, { token: A.t.token }));
    await ok(s.post('/open/app/update-status', { guid: A.app, status: 1 }, { token: A.t.token }));
    try {
      const offered = await ok(operator()('get-app-list', { guid: u.guid, page_size: 100 }));
      expect(offered.list.map((a: { guid: string }) => a.guid)).not.toContain(other.guid);
      expect((await operator()('save-apps', { guid: u.guid, app_guids: [other.guid] })).code).toBe(201);
      // One shared before it was disabled may stay.
      expect((await ok(operator()('save-apps', { guid: u.guid, app_guids: [A.app] }))).app_guids).toEqual([A.app]);
    } finally {
      await ok(s.post('/open/app/update-status', { guid: A.app, status: 0 }, { token: A.t.token }));
    }
    expect((await ok(operator()('get-selected-app-list', { guid: u.guid }))).app_guids).toEqual([A.app]);
  });
});

describe('a BU leaving a union', () => {
  it('takes its departments, users and apps out of what the union shares', async () => {
    const u = await create({ bu_guids: [A.t.buGuid, B.t.buGuid] });
    await ok(operator()('save-dept-users', { guid: u.guid, dept_guids: [A.dept, B.dept], user_guids: [A.member, B.member] }));
    await ok(operator()('save-apps', { guid: u.guid, app_guids: [storeApp, A.app, B.app] }));
    const changed = await ok(operator()('save', { guid: u.guid, bu_guids: [A.t.buGuid] }));
    expect(changed).toMatchObject({ bu_guids: [A.t.buGuid], dept_guids: [A.dept], user_guids: [A.member] });
    expect(changed.app_guids.sort()).toEqual([storeApp, A.app].sort());
    expect(await ok(operator()('get-dept-list', { guid: u.guid }))).toHaveLength(1);
    // A BU joining again shares nothing of its own until chosen again.
    const back = await ok(operator()('save', { guid: u.guid, bu_guids: [A.t.buGuid, B.t.buGuid] }));
    expect(back.dept_guids).toEqual([A.dept]);
  });

  it('a member BU disabled later stays a member', async () => {
    const t = await tenantWithBu(s);
    const u = await create({ bu_guids: [t.buGuid] });
    await ok(s.post('/open/system/bu/update-status', { guid: t.buGuid, status: 1 }, { token: t.token }));
    const kept = await ok(operator()('save', { guid: u.guid, bu_guids: [t.buGuid, A.t.buGuid], description: 'still here' }));
    expect(kept.bu_guids).toEqual([t.buGuid, A.t.buGuid]);
  });
});

describe('who may call', () => {
  it('no tenant reaches any call, with any body; without a token every call is 401', async () => {
    const u = await create({ bu_guids: [A.t.buGuid] });
    const body = { guid: u.guid, name: 'Hijack', code: `h${uid()}`, bu_guids: [A.t.buGuid], dept_guids: [A.dept], user_guids: [A.member], app_guids: [A.app], page_size: 100 };
    const before = await ok(operator()('get', { guid: u.guid }));
    for (const call of [...CALLS, 'add', 'get', 'update']) {
      for (const token of [A.t.token, B.t.token]) {
        const r = await as(token)(call, body);
        expect(r.code, `${call}: ${r.message}`).toBe(201);
        expect(r.message, call).toBe('Only platform operators can do this.');
        expect(JSON.stringify(r.data ?? null)).not.toContain(u.guid);
      }
      const anonymous = await as(undefined)(call, body);
      expect(anonymous.status, call).toBe(401);
    }
    expect(await ok(operator()('get', { guid: u.guid }))).toEqual(before);
  });

  it('an operator needs the code of each action: viewing does not save, updating does not create', async () => {
    const nodes = (await ok(s.post('/open/admin/system/permission/list', { keyword: 'admin:union-bu' }, { token: op }))) as { guid: string; code: string; url: string; type: number; scene: string }[];
    // The console's menu entry, with a button per action, is a node of the operator permission tree.
    expect(nodes.find((n) => n.code === 'admin:union-bu')).toMatchObject({ url: '/operation/union-bu', type: 1, scene: 'admin' });
    expect(nodes.map((n) => n.code).filter((c) => c.startsWith('admin:union-bu:')).sort()).toEqual(['add', 'delete', 'status', 'update', 'view'].map((a) => `admin:union-bu:${a}`));
    const node = (code: string) => nodes.find((n) => n.code === code)!.guid;
    const role = (await ok(s.post('/open/admin/system/role/add', { name: `Union ${uid()}` }, { token: op }))).guid;
    await ok(s.post('/open/admin/system/role/auth', { guid: role, permission_guids: [node('admin:union-bu:view')] }, { token: op }));
    const name = `union_${uid()}`;
    await ok(s.post('/open/admin/system/user/add', { username: name, password: 'Union1234', role_guids: [role] }, { token: op }));
    const limited = as(await s.login(name, 'Union1234'));
    const u = await create();
    expect((await limited('page', {})).code).toBe(200);
    expect((await limited('get-selected-app-list', { guid: u.guid })).code).toBe(200);
    for (const [call, body] of [['save', { guid: u.guid, description: 'x' }], ['disable', { guid: u.guid }], ['save-apps', { guid: u.guid, app_guids: [] }]] as const) {
      expect((await limited(call, body)).message, call).toBe('You have no access rights yet. Please contact the administrator.');
    }
    await ok(s.post('/open/admin/system/role/auth', { guid: role, permission_guids: [node('admin:union-bu:view'), node('admin:union-bu:update')] }, { token: op }));
    const limited2 = as(await s.login(name, 'Union1234'));
    expect((await limited2('save', { guid: u.guid, description: 'changed by an editor' })).code).toBe(200);
    const created = await limited2('save', { name: `Union ${uid()}`, code: `u${uid()}` });
    expect(created.message).toBe('You have no access rights yet. Please contact the administrator.');
  });
});
