import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { name30 } from '../../schemas/common.ts';
import { optionalGuid } from '../../schemas/tenant-common.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * "You cannot grant what you do not hold" for every field that references `role` (issue 43,
 * finding 2): a BU's SSO default role (what just-in-time accounts are given), and — to prove the
 * rule is the engine's, not SSO's — a fixture definition naming a role in a field of its own.
 */
const dutySchema = z.object({ name: name30(), role_guid: optionalGuid() });
const duty: ResourceDef<typeof dutySchema> = {
  name: 'duty',
  schema: dutySchema,
  storage: {
    table: 'duty',
  },
  relations: {
    references: { role_guid: 'role' },
  },
  api: {
    mounts: [{ side: 'system', base: '/open/system/duty', scope: 'bu', perm: 'tenant:enterprise-sso', calls: { add: 'add', update: 'update' } }],
  },
  admin: {
    titleField: 'name',
    columns: [{ field: 'name' }],
  },
};

let s: TestServer;
let admin: string;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let configurer: string;
let own: string;
let rich: string;
let superRole: string;
beforeAll(async () => {
  s = await startServer({ options: { defs: [...resources, duty] } });
  admin = await s.login();
  owner = await tenantWithBu(s);
  const ok = async (url: string, body: unknown) => {
    const r = await s.post(url, body, { token: owner.token });
    if (r.code !== 200) throw new Error(`${url}: ${r.message}`);
    return r.data;
  };
  own = (await ok('/open/system/role/add', { name: `SSO ${uid()}` })).guid;
  const perms = (await ok('/open/system/role/auth-list', { guid: own })).list as { guid: string; code: string }[];
  await ok('/open/system/role/auth', { guid: own, permission_guids: perms.filter((p) => p.code.startsWith('tenant:enterprise-sso')).map((p) => p.guid) });
  rich = (await ok('/open/system/role/add', { name: `Rich ${uid()}` })).guid;
  await ok('/open/system/role/auth', { guid: rich, permission_guids: perms.filter((p) => p.code.startsWith('tenant:member')).map((p) => p.guid) });
  superRole = (await ok('/open/system/role/add', { name: `Super ${uid()}`, type: 0 })).guid;
  configurer = (await activeSub(s, owner.token, [own])).token;
});
afterAll(() => s?.close());

const SSO = '/open/system/sso/auth-config-update';
const expectAnswer = async (url: string, body: unknown, token: string, refusal?: RegExp) => {
  const r = await s.post(url, body, { token });
  if (!refusal) return expect(r.code, r.message).toBe(200);
  expect(r.code, r.message).toBe(201);
  expect(r.message).toMatch(refusal);
};
const defaultRole = async () => (await s.post('/open/system/sso/auth-config-info', {}, { token: owner.token })).data.default_role_guid;

describe('a sub-account holding only the SSO settings', () => {
  it('cannot make a role above it the just-in-time default', async () => {
    await expectAnswer(SSO, { jit_enabled: true, default_role_guid: superRole }, configurer, /super administrator/);
    await expectAnswer(SSO, { default_role_guid: rich }, configurer, /do not hold/);
    expect(await defaultRole()).not.toBe(superRole);
  });

  it('can name a role it could hold, and re-save what the owner chose', async () => {
    await expectAnswer(SSO, { jit_enabled: true, default_role_guid: own }, configurer);
    expect(await defaultRole()).toBe(own);
    await expectAnswer(SSO, { default_role_guid: superRole }, owner.token);
    // The form sends the whole record back: the owner's choice is no change of roles.
    await expectAnswer(SSO, { jit_enabled: true, default_role_guid: superRole }, configurer);
  });
});

it('an operator managing BUs names a BU super role only if it is a super operator itself', async () => {
  const list = (await s.post('/open/admin/system/permission/list', { scene: 'admin' }, { token: admin })).data as { guid: string; code: string }[];
  const role = (await s.post('/open/admin/system/role/add', { name: `BU managers ${uid()}` }, { token: admin })).data.guid;
  await s.post('/open/admin/system/role/auth', { guid: role, permission_guids: list.filter((p) => p.code.startsWith('admin:bu')).map((p) => p.guid) }, { token: admin });
  const name = `bum_${uid()}`;
  expect((await s.post('/open/admin/system/user/add', { username: name, password: 'Manager123', role_guids: [role] }, { token: admin })).code).toBe(200);
  const manager = await s.login(name, 'Manager123');
  const url = '/open/admin/system/bu-management/sso/auth-config-update';
  await expectAnswer(url, { bu_guid: owner.buGuid, default_role_guid: own }, manager);
  await expectAnswer(url, { bu_guid: owner.buGuid, default_role_guid: superRole }, manager, /super administrator/);
  expect(await defaultRole()).toBe(own);
  await expectAnswer(url, { bu_guid: owner.buGuid, default_role_guid: superRole }, admin);
  expect(await defaultRole()).toBe(superRole);
});

it('holds for a role reference of any definition, not only SSO (a fixture)', async () => {
  await expectAnswer('/open/system/duty/add', { name: 'Night', role_guid: superRole }, configurer, /super administrator/);
  const added = await s.post('/open/system/duty/add', { name: 'Day', role_guid: own }, { token: configurer });
  expect(added.code, added.message).toBe(200);
  await expectAnswer('/open/system/duty/update', { guid: added.data.guid, role_guid: rich }, configurer, /do not hold/);
  await expectAnswer('/open/system/duty/update', { guid: added.data.guid, name: 'Day shift', role_guid: own }, configurer);
});
