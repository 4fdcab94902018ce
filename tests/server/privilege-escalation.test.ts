import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { Mount } from '../../resources/types.ts';
import { actionOf, isRead, specOf } from '../../server/engine/spec.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The escalation matrix: a caller holding update/auth permissions on roles and accounts, but not
 * everything, tries every way a write could raise privileges — a super role type, grants it does
 * not hold, roles carrying such grants, its own roles — on every mount of every definition that
 * declares `privileges`, operator and tenant side. Each is refused and changes nothing; the
 * legitimate changes next to them still work.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

const ok = async (url: string, body: unknown, token: string) => {
  const r = await s.post(url, body, { token });
  expect(r.code, `${url}: ${r.message}`).toBe(200);
  return r.data;
};

/**
 * Paths of every call that can write privileges, which the matrix must refuse: grant calls, the
 * generic writes and creating handlers (they take every field), and transitions into the state in
 * which a record's privileges take effect.
 */
const writesPrivileges = () =>
  resources
    .filter((d) => d.access?.privileges)
    .flatMap((d) =>
      d.api.mounts.flatMap((m) =>
        Object.entries(m.calls)
          .filter(([, raw]) => {
            const c = specOf(raw);
            const action = actionOf(c);
            return !c.public && (action === 'auth' || c.verb === 'add' || c.verb === 'update' || (c.handler && action === 'add') || (c.verb === 'status' && d.access?.privileges!.activeStatus !== undefined));
          })
          .map(([seg]) => `${m.base}/${seg}`),
      ),
    );
const refused = new Set<string>();

const expectRefused = async (url: string, body: unknown, token: string, pattern: RegExp) => {
  const r = await s.post(url, body, { token });
  expect(r.code, `${url} ${JSON.stringify(body)} answered ${r.message}`).toBe(201);
  expect(r.message).toMatch(pattern);
  refused.add(url);
};

const SUPER_ONLY = /super administrator/;
const EXCEEDS = /do not hold/;
const OWN = /your own roles/;

describe('operator side', () => {
  let limited: string;
  let self: string;
  let other: string;
  let own: string;
  let superRole: string;
  let richDisabled: string;
  let perms: Map<string, string>;

  beforeAll(async () => {
    const list = (await ok('/open/admin/system/permission/list', { scene: 'admin' }, admin)) as { guid: string; code: string }[];
    perms = new Map(list.map((p) => [p.code, p.guid]));
    const grant = (codes: string[]) => codes.map((c) => perms.get(c)!);
    const held = ['admin:role:view', 'admin:role:add', 'admin:role:update', 'admin:role:status', 'admin:role:auth', 'admin:role:delete', 'admin:user:view', 'admin:user:add', 'admin:user:update', 'admin:permission:view', 'admin:permission:add', 'admin:permission:update', 'admin:permission:status'];
    own = (await ok('/open/admin/system/role/add', { name: `Limited ${uid()}` }, admin)).guid;
    await ok('/open/admin/system/role/auth', { guid: own, permission_guids: grant(held) }, admin);
    richDisabled = (await ok('/open/admin/system/role/add', { name: `Rich ${uid()}` }, admin)).guid;
    await ok('/open/admin/system/role/auth', { guid: richDisabled, permission_guids: grant(['admin:dict:view', 'admin:dict:delete']) }, admin);
    await ok('/open/admin/system/role/update-status', { guid: richDisabled, status: 1 }, admin);
    superRole = ((await ok('/open/admin/system/role/page', { type: 0 }, admin)) as { list: { guid: string }[] }).list[0].guid;
    const name = `lim_${uid()}`;
    self = (await ok('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [own] }, admin)).guid;
    other = (await ok('/open/admin/system/user/add', { username: `oth_${uid()}`, password: 'Other1234' }, admin)).guid;
    limited = await s.login(name, 'Limited123');
  });

  const roleBases = ['/open/admin/system/role', '/open/system/admin/role'];
  const userBases = ['/open/admin/system/user', '/open/system/admin/user'];
  const permBases = ['/open/admin/system/permission', '/open/system/admin/permission', '/open/system/permission'];

  it.each(roleBases)('%s: no super type, no grant or role re-enabled beyond what the caller holds', async (base) => {
    await expectRefused(`${base}/update`, { guid: own, type: 0 }, limited, SUPER_ONLY);
    await expectRefused(`${base}/add`, { name: `Up ${uid()}`, type: 0 }, limited, SUPER_ONLY);
    await expectRefused(`${base}/auth`, { guid: own, permission_guids: [...perms.values()] }, limited, EXCEEDS);
    await expectRefused(`${base}/update-status`, { guid: richDisabled, status: 0 }, limited, EXCEEDS);
    await expectRefused(`${base}/update-status`, { guid: superRole, status: 1 }, limited, SUPER_ONLY);
    await expectRefused(`${base}/update`, { guid: superRole, description: 'mine now' }, limited, SUPER_ONLY);
    await expectRefused(`${base}/delete`, { guid: superRole }, limited, SUPER_ONLY);
    // Nothing changed: the limited role is still ordinary with its grants, the rich one disabled.
    const mine = await ok(`${base}/get`, { guid: own }, admin);
    expect(mine.type).toBe(2);
    expect((await ok(`${base}/get`, { guid: richDisabled }, admin)).status).toBe(1);
    expect((await s.post('/open/system/dict/page', {}, { token: limited })).code).toBe(201);
  });

  it.each(userBases)('%s: no one gives roles beyond their own grants, nor changes their own roles', async (base) => {
    await expectRefused(`${base}/update`, { guid: self, role_guids: [own, superRole] }, limited, OWN);
    await expectRefused(`${base}/update`, { guid: other, role_guids: [superRole] }, limited, SUPER_ONLY);
    await expectRefused(`${base}/update`, { guid: other, role_guids: [richDisabled] }, limited, EXCEEDS);
    await expectRefused(`${base}/add`, { username: `up_${uid()}`, password: 'Upgrade123', role_guids: [superRole] }, limited, SUPER_ONLY);
    expect((await ok(`${base}/info`, { guid: self }, admin)).role_guids).toEqual([own]);
    expect((await ok(`${base}/info`, { guid: other }, admin)).role_guids).toEqual([]);
    expect((await s.post(`${base}/update-status`, { guid: self, status: 1 }, { token: limited })).code).toBe(201);
  });

  it.each(permBases)('%s: no permission code the caller does not hold is written or re-enabled', async (base) => {
    await expectRefused(`${base}/add`, { name: 'Sneak', code: `admin:dict:delete`, type: 2, scene: 'admin' }, limited, EXCEEDS);
    await expectRefused(`${base}/update`, { guid: perms.get('admin:permission:view'), code: 'admin:dict:view' }, limited, EXCEEDS);
    const disabled = (await ok(`${base}/add`, { name: `Off ${uid()}`, code: `test:off:${uid()}`, type: 2, scene: 'admin', status: 1 }, admin)).guid;
    await expectRefused(`${base}/update-status`, { guid: disabled, status: 0 }, limited, EXCEEDS);
  });

  it('still lets the limited operator give what it holds', async () => {
    const spare = (await ok('/open/admin/system/role/add', { name: `Spare ${uid()}` }, limited)).guid;
    await ok('/open/admin/system/role/auth', { guid: spare, permission_guids: [perms.get('admin:role:view')] }, limited);
    await ok('/open/admin/system/user/update', { guid: other, role_guids: [own] }, limited);
    // Its own record with the same roles is not a change of roles.
    await ok('/open/admin/system/user/update', { guid: self, name: 'Still limited', role_guids: [own] }, limited);
    await ok('/open/admin/system/role/update-status', { guid: spare, status: 1 }, limited);
    await ok('/open/admin/system/role/update-status', { guid: spare, status: 0 }, limited);
  });
});

describe('tenant side', () => {
  let owner: Awaited<ReturnType<typeof tenantWithBu>>;
  let limited: Awaited<ReturnType<typeof activeSub>>;
  let other: Awaited<ReturnType<typeof activeSub>>;
  let own: string;
  let superRole: string;
  let richDisabled: string;
  let perms: Map<string, string>;

  beforeAll(async () => {
    owner = await tenantWithBu(s);
    own = (await ok('/open/system/role/add', { name: `Limited ${uid()}` }, owner.token)).guid;
    const list = (await ok('/open/system/role/auth-list', { guid: own }, owner.token)).list as { guid: string; code: string }[];
    perms = new Map(list.map((p) => [p.code, p.guid]));
    const grant = (codes: string[]) => codes.map((c) => perms.get(c)!);
    await ok('/open/system/role/auth', { guid: own, permission_guids: grant(['bu:role', 'bu:role:view', 'bu:role:add', 'bu:role:update', 'bu:role:status', 'bu:role:auth', 'tenant:sub-account', 'tenant:sub-account:view', 'tenant:sub-account:add', 'tenant:sub-account:update', 'tenant:sub-account:auth']) }, owner.token);
    richDisabled = (await ok('/open/system/role/add', { name: `Rich ${uid()}` }, owner.token)).guid;
    await ok('/open/system/role/auth', { guid: richDisabled, permission_guids: grant(['tenant:member', 'tenant:member:view']) }, owner.token);
    await ok('/open/system/role/update-status', { guid: richDisabled, status: 1 }, owner.token);
    superRole = (await ok('/open/system/role/add', { name: `Super ${uid()}`, type: 0 }, owner.token)).guid;
    limited = await activeSub(s, owner.token, [own]);
    other = await activeSub(s, owner.token);
  });

  it('no super type, no grant or role re-enabled beyond what the sub-account holds', async () => {
    const base = '/open/system/role';
    await expectRefused(`${base}/update`, { guid: own, type: 0 }, limited.token, SUPER_ONLY);
    await expectRefused(`${base}/add`, { name: `Up ${uid()}`, type: 0 }, limited.token, SUPER_ONLY);
    await expectRefused(`${base}/auth`, { guid: own, permission_guids: [...perms.values()] }, limited.token, EXCEEDS);
    await expectRefused(`${base}/update-status`, { guid: richDisabled, status: 0 }, limited.token, EXCEEDS);
    await expectRefused(`${base}/update`, { guid: superRole, name: `Mine ${uid()}` }, limited.token, SUPER_ONLY);
    expect((await ok(`${base}/get`, { guid: own }, owner.token)).type).toBe(2);
    expect((await s.post('/open/system/member/page', {}, { token: limited.token })).code).toBe(201);
  });

  it('no roles given beyond its grants, none of its own changed, on every call that sets roles', async () => {
    const base = '/open/system/user';
    await expectRefused(`${base}/child-set-role`, { guid: limited.guid, role_guids: [own, superRole] }, limited.token, OWN);
    await expectRefused(`${base}/child-set-role`, { guid: other.guid, role_guids: [superRole] }, limited.token, SUPER_ONLY);
    await expectRefused(`${base}/child-set-role`, { guid: other.guid, role_guids: [richDisabled] }, limited.token, EXCEEDS);
    await expectRefused(`${base}/child-add`, { username: `up_${uid()}`, name: 'Up', email: `up${uid()}@example.com`, role_guids: [superRole] }, limited.token, SUPER_ONLY);
    await expectRefused(`${base}/add`, { username: `up_${uid()}`, name: 'Up', email: `up${uid()}@example.com`, role_guids: [richDisabled] }, limited.token, EXCEEDS);
    await expectRefused(`${base}/child-update`, { guid: other.guid, role_guids: [superRole] }, limited.token, SUPER_ONLY);
    await expectRefused('/open/system/role-user/assign-users', { role_guid: superRole, user_guids: [limited.guid] }, limited.token, OWN);
    await expectRefused('/open/system/role-user/assign-users', { role_guid: superRole, user_guids: [other.guid] }, limited.token, SUPER_ONLY);
    await expectRefused('/open/system/role-user/assign-users', { role_guid: own, user_guids: [] }, limited.token, OWN);
    const roles = await ok('/open/system/user/child-page', {}, owner.token);
    const byGuid = new Map((roles.list as { guid: string; role_guids: string[] }[]).map((u) => [u.guid, u.role_guids]));
    expect(byGuid.get(limited.guid)).toEqual([own]);
    expect(byGuid.get(other.guid)).toEqual([]);
  });

  it('still lets the sub-account give what it holds', async () => {
    await ok('/open/system/user/child-set-role', { guid: other.guid, role_guids: [own] }, limited.token);
    await ok('/open/system/role-user/assign-users', { role_guid: own, user_guids: [limited.guid] }, limited.token);
    const spare = (await ok('/open/system/role/add', { name: `Spare ${uid()}` }, limited.token)).guid;
    await ok('/open/system/role/auth', { guid: spare, permission_guids: [perms.get('bu:role:view')] }, limited.token);
  });
});

it('refuses, on every mount, every call that can write role types, grants or role holders', () => {
  const missing = writesPrivileges().filter((p) => !refused.has(p));
  expect(missing).toEqual([]);
});

// `holds` reads a code's console from its prefix: operator mounts must declare `admin:` codes and BU mounts others.
const tenantReads = (m: Mount) => m.scope === 'catalog' && m.side === 'tenant' && Object.values(m.calls).every((c) => isRead(specOf(c)));

it('declares operator permission codes with the admin: prefix and BU codes without it', () => {
  const wrong = resources.flatMap((d) =>
    d.api.mounts.flatMap((m) =>
      Object.values(m.calls)
        .map((c) => specOf(c).perm ?? m.perm)
        // Catalogue reads on the tenant side (the abilities, /open/app) take tenant codes, like BU calls;
        // a tenant-side catalogue that is also written (the store's, by its staff) is the operators'.
        .filter((perm): perm is string => !!perm && (m.scope === 'bu' || tenantReads(m) ? perm.startsWith('admin:') : ['platform', 'oversight', 'catalog'].includes(m.scope) && !perm.startsWith('admin:')))
        .map((perm) => `${m.base}: ${perm}`),
    ),
  );
  expect(wrong).toEqual([]);
});
