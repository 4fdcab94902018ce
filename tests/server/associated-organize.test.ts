import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * `/account/associated-organize` (docs/tenant-console.md): a BU sees the unions it belongs to with
 * the other members' names and codes, and leaves one where the operator lets members leave.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let C: Awaited<ReturnType<typeof tenantWithBu>>;
let op: string;
beforeAll(async () => {
  s = await startServer();
  [A, B, C] = [await tenantWithBu(s), await tenantWithBu(s), await tenantWithBu(s)];
  op = await s.login();
});
afterAll(() => s?.close());

const union = async (bus: string[], extra: Record<string, unknown> = {}) => {
  const r = await s.post('/open/admin/system/union-bu/add', { name: `Union ${uid()}`, code: `u${uid()}`, bu_guids: bus, ...extra }, { token: op });
  expect(r.code, r.message).toBe(200);
  return r.data as { guid: string; name: string };
};
const mine = async (token: string) => (await s.post('/open/system/union-bu/page', { page: 1, page_size: 100 }, { token })).data.list as { guid: string; members: string[]; members_may_leave: boolean }[];
const buName = async (guid: string) => (await s.db.query<{ name: string; code: string }>('select name, code from bu where guid = $1', [guid])).rows[0];

describe('associated organisations', () => {
  it('a BU sees its unions with the other members by name and code, never itself; a BU outside sees none', async () => {
    const u = await union([A.buGuid, B.buGuid]);
    const row = (await mine(A.token)).find((r) => r.guid === u.guid)!;
    const b = await buName(B.buGuid);
    expect(row.members).toEqual([b.code ? `${b.name} (${b.code})` : b.name]);
    await s.db.query('update bu set code = $2 where guid = $1', [B.buGuid, `B${uid()}`]);
    const coded = await buName(B.buGuid);
    expect((await mine(A.token)).find((r) => r.guid === u.guid)!.members).toEqual([`${coded.name} (${coded.code})`]);
    expect((await mine(C.token)).map((r) => r.guid)).not.toContain(u.guid);
  });

  it('leaving: only where the operator allows it, and the BU’s shared rows leave with it', async () => {
    const closed = await union([A.buGuid, B.buGuid]);
    const refused = await s.post('/open/system/union-bu/leave', { guid: closed.guid }, { token: A.token });
    expect(refused.code).toBe(201);
    expect(refused.message).toMatch(/does not let its members leave/);
    const open = await union([A.buGuid, B.buGuid], { members_may_leave: true });
    const dept = await s.post('/open/system/department/add', { name: `Dept ${uid()}` }, { token: A.token });
    expect((await s.post('/open/admin/system/union-bu/save-dept-users', { guid: open.guid, dept_guids: [dept.data.guid] }, { token: op })).code).toBe(200);
    // Another BU cannot make A leave, nor leave a union it is not in.
    expect((await s.post('/open/system/union-bu/leave', { guid: open.guid }, { token: C.token })).code).toBe(201);
    const left = await s.post('/open/system/union-bu/leave', { guid: open.guid }, { token: A.token });
    expect(left.code, left.message).toBe(200);
    expect((await mine(A.token)).map((r) => r.guid)).not.toContain(open.guid);
    const after = (await s.post('/open/admin/system/union-bu/get', { guid: open.guid }, { token: op })).data;
    expect(after.bu_guids).toEqual([B.buGuid]);
    expect(after.dept_guids).toEqual([]);
  });

  it('a sub-account without the grant reads nothing and leaves nothing', async () => {
    const u = await union([A.buGuid], { members_may_leave: true });
    const sub = await activeSub(s, A.token);
    for (const [path, body] of [['/open/system/union-bu/page', {}], ['/open/system/union-bu/leave', { guid: u.guid }]] as const) {
      const r = await s.post(path, body, { token: sub.token });
      expect(r.code, path).not.toBe(200);
    }
    expect((await mine(A.token)).map((r) => r.guid)).toContain(u.guid);
  });
});
