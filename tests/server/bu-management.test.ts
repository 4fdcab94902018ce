import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedStoreApp } from '../fixtures/samples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { register, tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { zodCompilesDuring } from '../helpers/zod-compiles.ts';

/**
 * Operators' BU management (docs/operator.md, "BU management"): every call works for an operator
 * holding `admin:bu`, is refused to an operator without it and to a tenant; install and uninstall are
 * idempotent; a BU is removed only when nothing would be orphaned; app-project bindings name only the
 * BU's own projects and apps.
 */
let s: TestServer;
let admin: string;
let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
type Post = (path: string, body?: unknown) => ReturnType<TestServer['post']>;
let op: Post;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  op = (path, body = {}) => s.post(path, body, { token: admin, lang: 'en-US' });
  tenant = await tenantWithBu(s);
});
afterAll(() => s?.close());

const ok = async (r: ReturnType<Post>) => {
  const a = await r;
  expect(a.code, a.message).toBe(200);
  return a.data;
};

const M = '/open/admin/system/bu-management';

describe('the BU page’s reads', () => {
  it('names one BU, and offers only its own rows and the store apps it has not installed', async () => {
    const other = await tenantWithBu(s);
    expect(await ok(op(`${M}/detail`, { bu_guid: tenant.buGuid }))).toMatchObject({ guid: tenant.buGuid });
    const store = await listedStoreApp(op as never, uid());
    const mine = await ok(s.post('/open/app/create', { name: `Own ${uid()}`, code: `own-${uid()}` }, { token: tenant.token }));
    const theirs = await ok(s.post('/open/app/create', { name: `Theirs ${uid()}`, code: `theirs-${uid()}` }, { token: other.token }));
    const project = await ok(s.post('/open/system/project/add', { name: `Project ${uid()}`, code: `P${uid()}` }, { token: tenant.token }));
    const guids = (rows: { guid: string }[]) => rows.map((r) => r.guid);
    expect(guids(await ok(op(`${M}/app/installable`, { bu_guid: tenant.buGuid })))).toContain(store.guid);
    expect(guids(await ok(op(`${M}/app/bu-apps`, { bu_guid: tenant.buGuid })))).toEqual(expect.arrayContaining([mine.guid]));
    expect(guids(await ok(op(`${M}/app/bu-apps`, { bu_guid: tenant.buGuid })))).not.toContain(theirs.guid);
    await ok(op(`${M}/app/install`, { bu_guid: tenant.buGuid, app_guid: store.guid }));
    expect(guids(await ok(op(`${M}/app/installable`, { bu_guid: tenant.buGuid })))).not.toContain(store.guid);
    expect(guids(await ok(op(`${M}/app/bu-apps`, { bu_guid: tenant.buGuid })))).toContain(store.guid);
    expect(guids(await ok(op(`${M}/project/list`, { bu_guid: tenant.buGuid })))).toEqual([project.guid]);
    expect(await ok(op(`${M}/project/list`, { bu_guid: other.buGuid }))).toEqual([]);
    // A tenant reaches none of them.
    for (const path of ['detail', 'app/installable', 'app/bu-apps', 'project/list']) {
      expect((await s.post(`${M}/${path}`, { bu_guid: tenant.buGuid }, { token: tenant.token })).code, path).not.toBe(200);
    }
  });
});

describe('BUs', () => {
  it('pages every BU with its owner and certification state, and lists them unpaged', async () => {
    await s.post('/open/system/org/add', { company_name: `Org ${uid()}`, credit_code: '91350100M000100Y43' }, { token: tenant.token });
    await s.post('/open/system/org/apply-auth', {}, { token: tenant.token });
    const page = await ok(op(`${M}/page`, { keyword: tenant.username, page: 1, page_size: 10 }));
    const row = page.list.find((b: { guid: string }) => b.guid === tenant.buGuid);
    expect(row).toMatchObject({ owner_username: tenant.username, auth_state: 1 });
    const certifying = await ok(op(`${M}/page`, { auth_state: 1, page_size: 100 }));
    expect(certifying.list.every((b: { auth_state: number }) => b.auth_state === 1)).toBe(true);
    const list = await ok(op('/open/admin/system/bu/list', {}));
    expect(list.map((b: { guid: string }) => b.guid)).toContain(tenant.buGuid);
  });

  it('adds a BU for an owner (who then lists it) or for nobody, and refuses an unknown owner', async () => {
    const owner = await register(s);
    const made = await ok(op(`${M}/add-bu`, { name: `Made ${uid()}`, owner_username: owner.username }));
    expect(made.owner_username).toBe(owner.username);
    const mine = await s.post('/open/system/user-bu/list', {}, { token: owner.token });
    expect(mine.data.map((b: { guid: string }) => b.guid)).toContain(made.guid);
    const nobody = await ok(op(`${M}/add-bu`, { name: `Platform ${uid()}` }));
    expect(nobody.owner_username).toBeNull();
    const again = await op(`${M}/add-bu`, { name: nobody.name });
    expect(again.code).toBe(201);
    expect(again.message).toMatch(/already exists/);
    const unknown = await op(`${M}/add-bu`, { name: `X ${uid()}`, owner_username: `nobody_${uid()}` });
    expect(unknown.code).toBe(201);
    expect(unknown.data[0].field).toBe('owner_username');
  });

  it('removes a BU that holds nothing that must be kept, with its configuration', async () => {
    const owner = await register(s);
    const bu = await ok(op(`${M}/add-bu`, { name: `Gone ${uid()}`, owner_username: owner.username }));
    await ok(op(`${M}/sso/password-policy-update`, { bu_guid: bu.guid, min_length: 12 }));
    await ok(op(`${M}/org/update-bu-org-info`, { bu_guid: bu.guid, company_name: 'Gone Ltd', credit_code: '91350100M000100Y43' }));
    const other = await tenantWithBu(s);
    const union = await ok(op('/open/admin/system/union-bu/save', { name: `Union ${uid()}`, code: `U${uid()}`, bu_guids: [bu.guid, other.buGuid] }));
    expect(await ok(op(`${M}/remove-bu`, { guid: bu.guid }))).toEqual({ deleted: 1 });
    // It has left its union, which can still be saved.
    expect((await ok(op('/open/admin/system/union-bu/get', { guid: union.guid }))).bu_guids).toEqual([other.buGuid]);
    await ok(op('/open/admin/system/union-bu/save', { guid: union.guid, name: union.name }));
    expect((await op(`${M}/org/bu-org-info`, { bu_guid: bu.guid })).code).toBe(201);
    expect((await s.post('/open/system/user-bu/list', {}, { token: owner.token })).data).toEqual([]);
    expect((await op(`${M}/remove-bu`, { guid: bu.guid })).code).toBe(201);
  });

  it('refuses to remove a BU that still has apps, sub-accounts or orders, naming them', async () => {
    const t = await tenantWithBu(s);
    await s.post('/open/app/create', { name: `App ${uid()}`, code: `app-${uid()}` }, { token: t.token });
    const r = await op(`${M}/remove-bu`, { guid: t.buGuid });
    expect(r.code).toBe(201);
    expect(r.message).toMatch(/\b1 app\b/);
    const zh = await s.post(`${M}/remove-bu`, { guid: t.buGuid }, { token: admin, lang: 'zh-CN' });
    expect(zh.message).toContain('1 个应用');
    expect((await op(`${M}/page`, { keyword: t.username })).data.count).toBe(1);
  });
});

describe('organisation info and certification', () => {
  it('reads and changes a BU’s organisation info and its name, keeping the certification state', async () => {
    const t = await tenantWithBu(s);
    const empty = await ok(op(`${M}/org/bu-org-info`, { bu_guid: t.buGuid }));
    expect(empty).toMatchObject({ guid: null, auth_state: 0, bu_guid: t.buGuid, bu_name: `BU ${t.username}` });
    const missing = await op(`${M}/org/update-bu-org-info`, { bu_guid: t.buGuid, legal_person: 'Li' });
    expect(missing.code).toBe(201);
    const saved = await ok(op(`${M}/org/update-bu-org-info`, { bu_guid: t.buGuid, company_name: 'Acme', credit_code: '91350100M000100Y43', bu_name: `Renamed ${uid()}`, bu_code: 'ACME01' }));
    expect(saved).toMatchObject({ company_name: 'Acme', auth_state: 0, bu_code: 'ACME01' });
    const mine = await s.post('/open/system/org/info', {}, { token: t.token });
    expect(mine.data.company_name).toBe('Acme');
  });

  it('certifies, fails with a reason and withdraws; certification needs organisation info', async () => {
    const t = await tenantWithBu(s);
    expect((await op(`${M}/auth/info`, { bu_guid: t.buGuid })).data.auth_state).toBe(0);
    const none = await op(`${M}/auth/update`, { bu_guid: t.buGuid, auth_state: 2 });
    expect(none.message).toBe('Please fill in the organisation information first.');
    await ok(op(`${M}/org/update-bu-org-info`, { bu_guid: t.buGuid, company_name: 'Acme', credit_code: '91350100M000100Y43' }));
    expect((await ok(op(`${M}/auth/update`, { bu_guid: t.buGuid, auth_state: 2 }))).auth_state).toBe(2);
    expect((await ok(op(`${M}/auth/update`, { bu_guid: t.buGuid, auth_state: 2 }))).auth_state).toBe(2);
    expect((await s.post('/open/system/org/info', {}, { token: t.token })).data.auth_state).toBe(2);
    expect((await op(`${M}/auth/update`, { bu_guid: t.buGuid, auth_state: 3 })).data[0].field).toBe('remark');
    expect(await ok(op(`${M}/auth/update`, { bu_guid: t.buGuid, auth_state: 3, remark: 'Licence expired' }))).toMatchObject({ auth_state: 3, remark: 'Licence expired' });
    expect((await ok(op(`${M}/auth/update`, { bu_guid: t.buGuid, auth_state: 0 }))).auth_state).toBe(0);
    expect((await op(`${M}/auth/update`, { bu_guid: t.buGuid, auth_state: 1 })).code).toBe(201);
  });

  it('reaches the BU’s SSO and policies through the same bu_guid', async () => {
    await ok(op(`${M}/sso/safe-policy-update`, { bu_guid: tenant.buGuid, login_error_limit: 4 }));
    expect((await ok(op(`${M}/sso/safe-policy-info`, { bu_guid: tenant.buGuid }))).login_error_limit).toBe(4);
  });
});

describe('installed apps', () => {
  it('installs idempotently without an order, lists, details and uninstalls idempotently', async () => {
    const t = await tenantWithBu(s);
    const app = await listedStoreApp((p, b) => s.post(p, b, { token: admin }), uid());
    const first = await ok(op(`${M}/app/install`, { bu_guid: t.buGuid, app_guid: app.guid }));
    expect(first).toMatchObject({ app_guid: app.guid, order_guid: null, already: false });
    const second = await ok(op(`${M}/app/install`, { bu_guid: t.buGuid, app_guid: app.guid }));
    expect(second).toMatchObject({ guid: first.guid, already: true });
    const page = await ok(op(`${M}/app/list`, { bu_guid: t.buGuid }));
    expect(page.list.map((r: { app_guid: string }) => r.app_guid)).toEqual([app.guid]);
    expect((await ok(op(`${M}/app/detail`, { bu_guid: t.buGuid, guid: first.guid }))).projects).toEqual([]);
    // The tenant sees it among its enterprise apps; no order was made.
    expect((await s.post('/open/installed-app/list', {}, { token: t.token })).data.map((r: { app_guid: string }) => r.app_guid)).toContain(app.guid);
    expect((await s.post('/open/order/page', {}, { token: t.token })).data.count).toBe(0);
    expect(await ok(op(`${M}/app/uninstall`, { bu_guid: t.buGuid, app_guid: app.guid }))).toMatchObject({ deleted: 1, already: false });
    expect(await ok(op(`${M}/app/uninstall`, { bu_guid: t.buGuid, app_guid: app.guid }))).toMatchObject({ deleted: 0, already: true });
    expect((await ok(op(`${M}/app/list`, { bu_guid: t.buGuid }))).count).toBe(0);
  });

  it('installs only enabled store apps, in a BU that exists', async () => {
    const own = await s.post('/open/app/create', { name: `Own ${uid()}`, code: `own-${uid()}` }, { token: tenant.token });
    expect((await op(`${M}/app/install`, { bu_guid: tenant.buGuid, app_guid: own.data.guid })).message).toBe('The app does not exist or is not an enabled store app.');
    const app = await listedStoreApp((p, b) => s.post(p, b, { token: admin }), uid());
    expect((await op(`${M}/app/install`, { bu_guid: '00000000-0000-4000-8000-000000000000', app_guid: app.guid })).code).toBe(201);
  });
});

describe('app-projects', () => {
  it('binds only the BU’s own projects to its own or installed apps; lists by appGuid/buGuid; updates and deletes', async () => {
    const a = await tenantWithBu(s);
    const b = await tenantWithBu(s);
    const project = (await s.post('/open/system/project/add', { name: `P ${uid()}`, code: `p${uid()}` }, { token: a.token })).data;
    const otherProject = (await s.post('/open/system/project/add', { name: `Q ${uid()}`, code: `q${uid()}` }, { token: b.token })).data;
    const project2 = (await s.post('/open/system/project/add', { name: `R ${uid()}`, code: `r${uid()}` }, { token: a.token })).data;
    const ownApp = (await s.post('/open/app/create', { name: `Own ${uid()}`, code: `own-${uid()}` }, { token: a.token })).data;
    const otherApp = (await s.post('/open/app/create', { name: `Other ${uid()}`, code: `oth-${uid()}` }, { token: b.token })).data;
    const store = await listedStoreApp((p, body) => s.post(p, body, { token: admin }), uid());
    const AP = '/open/admin/system/bu/app-project';

    const bound = await ok(op(`${AP}/add`, { bu_guid: a.buGuid, app_guid: ownApp.guid, project_guid: project.guid }));
    expect(bound.bu_guid).toBe(a.buGuid);
    // Another BU's project or app, a store app not installed, and no BU at all are refused.
    // The body's schema (the row's fields and the BU it names) was made once: a second add compiles none.
    let refused: Awaited<ReturnType<typeof op>> | undefined;
    expect(await zodCompilesDuring(async () => void (refused = await op(`${AP}/add`, { bu_guid: a.buGuid, app_guid: ownApp.guid, project_guid: otherProject.guid })))).toBe(0);
    expect(refused!.data.field).toBe('project_guid');
    expect((await op(`${AP}/add`, { bu_guid: a.buGuid, app_guid: otherApp.guid, project_guid: project.guid })).data.field).toBe('app_guid');
    expect((await op(`${AP}/add`, { bu_guid: a.buGuid, app_guid: store.guid, project_guid: project.guid })).data.field).toBe('app_guid');
    expect((await op(`${AP}/add`, { app_guid: ownApp.guid, project_guid: project.guid })).code).toBe(201);
    expect((await op(`${AP}/add`, { bu_guid: a.buGuid, app_guid: ownApp.guid, project_guid: project.guid })).message).toMatch(/already exists/);
    await ok(op(`${M}/app/install`, { bu_guid: a.buGuid, app_guid: store.guid }));
    const storeBound = await ok(op(`${AP}/add`, { bu_guid: a.buGuid, app_guid: store.guid, project_guid: project.guid }));

    const byQuery = await s.post(`${AP}/list?appGuid=${ownApp.guid}&buGuid=${a.buGuid}`, {}, { token: admin });
    expect(byQuery.data.map((r: { guid: string }) => r.guid)).toEqual([bound.guid]);
    expect(byQuery.data[0]).toMatchObject({ app_name: ownApp.name, project_name: project.name });
    expect((await ok(op(`${AP}/list`, { bu_guid: a.buGuid }))).length).toBe(2);
    expect(await ok(op(`${AP}/list`, { bu_guid: b.buGuid }))).toEqual([]);
    expect((await op(`${AP}/list`, {})).code).toBe(201);
    // Tenants read their own bindings.
    expect((await s.post('/open/app/app-project/list', {}, { token: a.token })).data.length).toBe(2);
    expect((await s.post('/open/app/app-project/list', {}, { token: b.token })).data).toEqual([]);

    expect((await op(`${AP}/update`, { guid: bound.guid, project_guid: otherProject.guid })).data.field).toBe('project_guid');
    expect(await ok(op(`${AP}/update`, { guid: bound.guid, project_guid: project2.guid, remark: 'moved' }))).toMatchObject({ project_guid: project2.guid, remark: 'moved' });
    expect(await ok(op(`${AP}/delete`, { guid: bound.guid }))).toEqual({ deleted: 1 });
    // Uninstalling a store app takes its bindings with it.
    await ok(op(`${M}/app/uninstall`, { bu_guid: a.buGuid, guid: (await ok(op(`${M}/app/list`, { bu_guid: a.buGuid }))).list[0].guid }));
    expect((await ok(op(`${AP}/list`, { bu_guid: a.buGuid }))).map((r: { guid: string }) => r.guid)).not.toContain(storeBound.guid);
  });
});

describe('who may call', () => {
  const CALLS: [string, Record<string, unknown>][] = [
    ['/open/admin/system/bu/list', {}],
    [`${M}/page`, {}],
    [`${M}/add-bu`, { name: 'Nope' }],
    [`${M}/remove-bu`, { guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/org/bu-org-info`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/org/update-bu-org-info`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/app/list`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/app/detail`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/app/install`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/app/uninstall`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/auth/info`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    [`${M}/auth/update`, { bu_guid: '00000000-0000-4000-8000-000000000000' }],
    ['/open/admin/system/bu/app-project/list', {}],
    ['/open/admin/system/bu/app-project/add', {}],
    ['/open/admin/system/bu/app-project/update', {}],
    ['/open/admin/system/bu/app-project/delete', {}],
  ];

  it('refuses an operator without admin:bu, a tenant owner and no token on every call', async () => {
    const role = await ok(op('/open/admin/system/role/add', { name: `No BU ${uid()}` }));
    const name = `nobu_${uid()}`;
    await ok(op('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.guid] }));
    const limited = await s.login(name, 'Limited123');
    for (const [path, body] of CALLS) {
      const a = await s.post(path, body, { token: limited, lang: 'en-US' });
      expect(a.message, path).toBe('You have no access rights yet. Please contact the administrator.');
      const t = await s.post(path, body, { token: tenant.token, lang: 'en-US' });
      expect(t.code, path).toBe(201);
      expect(t.message, path).toMatch(/operators/i);
      expect((await s.post(path, body)).status, path).toBe(401);
    }
  });

  it('lets an operator holding admin:bu through', async () => {
    const nodes = (await ok(op('/open/admin/system/permission/list', { scene: 'admin' }))) as { guid: string; code: string }[];
    const held = nodes.filter((n) => n.code === 'admin:bu' || n.code.startsWith('admin:bu:')).map((n) => n.guid);
    const role = await ok(op('/open/admin/system/role/add', { name: `BU ${uid()}` }));
    await ok(op('/open/admin/system/role/auth', { guid: role.guid, permission_guids: held }));
    const name = `bu_${uid()}`;
    await ok(op('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.guid] }));
    const bu = await s.login(name, 'Limited123');
    for (const [path, body] of CALLS) {
      const a = await s.post(path, body, { token: bu, lang: 'en-US' });
      expect(a.message, path).not.toMatch(/no access rights|operators/i);
    }
    expect((await s.post(`${M}/page`, {}, { token: bu })).code).toBe(200);
  });
});
