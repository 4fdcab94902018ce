import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { Mount, ResourceDef } from '../../resources/types.ts';
import { specOf } from '../../server/engine/spec.ts';
import { samples } from '../fixtures/samples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The isolation matrix: for every BU-scoped mount of every definition, a row of tenant A, and every
 * call of that mount made by tenant B's owner, by a sub-account of A without grants, by an operator
 * and without a token. None may answer with A's row, and A's row must come out unchanged.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
const callers: Record<string, string | undefined> = {};
beforeAll(async () => {
  s = await startServer();
  A = await tenantWithBu(s);
  const B = await tenantWithBu(s);
  callers['tenant B'] = B.token;
  callers['sub-account of A without grants'] = (await activeSub(s, A.token)).token;
  callers.operator = await s.login();
  callers['no token'] = undefined;
});
afterAll(() => s?.close());

const segmentOf = (mount: Mount, verb: string) => Object.entries(mount.calls).find(([, c]) => specOf(c).verb === verb && !specOf(c).requires)?.[0];
const buMounts = resources.flatMap((def) => def.mounts.filter((m) => m.scope === 'bu').map((mount) => ({ def, mount, label: `${def.name} ${mount.base}` })));

it('covers every BU-scoped resource', () => {
  const names = new Set(buMounts.map((m) => m.def.name));
  for (const n of ['org', 'company', 'project', 'department', 'position', 'member', 'sub-account', 'password-policy', 'safe-policy', 'auth-config', 'role']) expect(names).toContain(n);
});

describe.each(buMounts)('$label', ({ def, mount }: { def: ResourceDef; mount: Mount }) => {
  const sample = samples[def.name];
  const at = (seg: string) => `${mount.base}/${seg}`;

  /** A's own row, created through the mount's own write call. */
  const create = async () => {
    if (sample.create) return sample.create((path, body) => s.post(path, body, { token: A.token }), uid(), (path, body) => s.post(path, body, { token: callers.operator }));
    const add = segmentOf(mount, 'add');
    const save = segmentOf(mount, 'save');
    const body = sample.add(uid());
    const r = add
      ? await s.post(at(add), body, { token: A.token })
      : save
        ? await s.post(at(save), body, { token: A.token })
        : await s.post(at('child-add'), body, { token: A.token });
    expect(r.code, r.message).toBe(200);
    return r.data as Record<string, unknown>;
  };

  /** A's view of the row, to compare before and after. */
  const read = async (guid: string, owner: Record<string, unknown> = {}) => {
    const get = segmentOf(mount, 'get');
    const one = segmentOf(mount, 'one');
    const page = segmentOf(mount, 'page');
    if (get) return (await s.post(at(get), { guid }, { token: A.token })).data;
    if (one) return (await s.post(at(one), owner, { token: A.token })).data;
    const listed = await s.post(at(page!), { page_size: 100 }, { token: A.token });
    return listed.data.list.find((r: { guid: string }) => r.guid === guid);
  };

  const holdsRows = ['add', 'save', 'get', 'one', 'page'].some((v) => segmentOf(mount, v)) || 'child-add' in mount.calls;

  it.runIf(!holdsRows)('refuses every call to a sub-account without grants, an operator and no token', async () => {
    for (const [who, token] of Object.entries(callers)) {
      if (who === 'tenant B') continue;
      for (const segment of Object.keys(mount.calls)) expect((await s.post(at(segment), {}, { token })).code, `${who} ${segment}`).not.toBe(200);
    }
  });

  it.runIf(sample && holdsRows)('no caller but A reads, changes or deletes A\'s row through any call', async () => {
    const row = await create();
    const guid = row.guid as string;
    // A singleton per row of another definition (an app's security) is named by that row.
    const owner = def.singletonPer ? { [def.singletonPer]: row[def.singletonPer] } : {};
    const before = await read(guid, owner);
    expect(before?.guid).toBe(guid);
    const status = def.status?.transitions[0]?.to;
    const body = { ...sample.update, guid, guids: [guid], status, role_guids: [], user_guids: [guid], permission_guids: [], page_size: 100, bu_guid: A.buGuid, ...owner };
    for (const [who, token] of Object.entries(callers)) {
      for (const segment of Object.keys(mount.calls)) {
        const r = await s.post(at(segment), body, { token });
        if (who === 'no token' && !specOf(mount.calls[segment]).public) expect(r.status, `${who} ${segment}`).toBe(401);
        if (who !== 'tenant B') expect(r.code, `${who} ${segment}: ${r.message}`).not.toBe(200);
        // Tenant B may use the call on its own BU, but never sees A's row in the answer.
        expect(JSON.stringify(r.data ?? null), `${who} ${segment}`).not.toContain(guid);
      }
    }
    expect(await read(guid, owner)).toEqual(before);
  });
});

describe('bespoke BU calls', () => {
  it("role holders: tenant B can neither assign A's role nor list its holders", async () => {
    const role = await s.post('/open/system/role/add', { name: `Role ${uid()}` }, { token: A.token });
    const sub = await activeSub(s, A.token, [role.data.guid]);
    for (const [who, token] of Object.entries(callers)) {
      const assign = await s.post('/open/system/role-user/assign-users', { role_guid: role.data.guid, user_guids: [] }, { token });
      expect(assign.code, who).not.toBe(200);
      const page = await s.post('/open/system/role-user/page', { role_guid: role.data.guid }, { token });
      expect(JSON.stringify(page.data ?? null), who).not.toContain(sub.guid);
    }
    const mine = await s.post('/open/system/role-user/page', { role_guid: role.data.guid }, { token: A.token });
    expect(mine.data.list.map((u: { guid: string }) => u.guid)).toEqual([sub.guid]);
  });

  it("references: A's rows cannot be pointed at from tenant B", async () => {
    const dept = await s.post('/open/system/department/add', { name: `D ${uid()}` }, { token: A.token });
    const r = await s.post('/open/system/member/add', { name: 'Spy', department_guid: dept.data.guid }, { token: callers['tenant B'] });
    expect(r.code).toBe(201);
    expect(r.message).toBe('The selected Department does not exist or does not belong to this business unit.');
    const child = await s.post('/open/system/department/add', { name: 'Child', parent_guid: dept.data.guid }, { token: callers['tenant B'] });
    expect(child.code).toBe(201);
  });
});
