import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * `/developer/log` (docs/apps.md, "Developer log"): one search over the BU's apps' open-API calls
 * and event pushes, newest first by keyset, in a 7-day window; never another BU's.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
const apps: Record<string, { guid: string; name: string }> = {};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const makeApp = async (token: string) => {
  const r = await s.post('/open/app/create', { name: `Log ${uid()}`, code: `log-${uid()}` }, { token });
  expect(r.code, r.message).toBe(200);
  return r.data as { guid: string; name: string };
};
const call = (app: { guid: string }, bu: string, api: string, status: number, request: string, minutes: number) =>
  s.db.query('insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at) values (gen_random_uuid(), $1, $2, $3, $4, 200, 3, $5, $6)', [app.guid, bu, api, status, request, minutesAgo(minutes)]);
const push = (app: { guid: string }, bu: string, type: string, status: number, event: string, minutes: number) =>
  s.db.query(
    `insert into event_attempt (id, event_id, app_guid, bu_guid, event_type, attempt, http_status, ms, answer, created_at) values (gen_random_uuid(), $1, $2, $3, $4, 1, $5, 8, '', $6)`,
    [event, app.guid, bu, type, status, minutesAgo(minutes)],
  );
const search = (body: Record<string, unknown>, token = A.token) => s.post('/open/developer/log/page', { page_size: 20, ...body }, { token });
const refs = (r: { data: { list: { ref_id: string }[] } }) => r.data.list.map((x) => x.ref_id);

beforeAll(async () => {
  s = await startServer();
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  apps.a1 = await makeApp(A.token);
  apps.a2 = await makeApp(A.token);
  apps.b = await makeApp(B.token);
  await call(apps.a1, A.buGuid, 'member.get', 200, 'req-1', 50);
  await push(apps.a2, A.buGuid, 'contact.user.created_v3', 200, 'evt-1', 40);
  await call(apps.a1, A.buGuid, 'member.page', 401, 'req-2', 30);
  await push(apps.a2, A.buGuid, 'contact.user.created_v3', 500, 'evt-2', 20);
  await call(apps.a2, A.buGuid, 'member.get', 200, 'req-3', 10);
  await call(apps.b, B.buGuid, 'member.get', 200, 'req-b', 5);
  await call(apps.a1, A.buGuid, 'member.get', 200, 'req-old', 8 * 24 * 60);
});
afterAll(() => s?.close());

describe('developer log', () => {
  it('lists the BU’s apps’ calls and pushes together, newest first, each naming its app and kind', async () => {
    const r = await search({});
    expect(r.code, r.message).toBe(200);
    expect(refs(r)).toEqual(['req-3', 'evt-2', 'req-2', 'evt-1', 'req-1']);
    expect(r.data.count).toBe(5);
    expect(r.data.list[1]).toMatchObject({ kind: 'event', app_guid: apps.a2.guid, app_name: apps.a2.name, code: 'contact.user.created_v3', http_status: 500 });
    expect(r.data.list[2]).toMatchObject({ kind: 'api', app_name: apps.a1.name, code: 'member.page', http_status: 401 });
  });

  it('filters by kind, app, code, status and id; another BU’s app answers nothing', async () => {
    expect(refs(await search({ kind: 'event' }))).toEqual(['evt-2', 'evt-1']);
    expect(refs(await search({ kind: 'api', app_guid: apps.a1.guid }))).toEqual(['req-2', 'req-1']);
    expect(refs(await search({ code: 'member.get' }))).toEqual(['req-3', 'req-1']);
    expect(refs(await search({ http_status: 500 }))).toEqual(['evt-2']);
    expect(refs(await search({ ref_id: 'evt-1' }))).toEqual(['evt-1']);
    expect(refs(await search({ app_guid: apps.b.guid }))).toEqual([]);
    expect(refs(await search({}, B.token))).toEqual(['req-b']);
  });

  it('pages by keyset without repeating or skipping a row, and keeps to a 7-day window', async () => {
    const first = await search({ page_size: 2 });
    expect(refs(first)).toEqual(['req-3', 'evt-2']);
    const second = await search({ page_size: 2, cursor: first.data.next, with_total: false });
    expect(refs(second)).toEqual(['req-2', 'evt-1']);
    expect(second.data.count).toBeUndefined();
    const third = await search({ page_size: 2, cursor: second.data.next, with_total: false });
    expect(refs(third)).toEqual(['req-1']);
    expect(third.data.next).toBeNull();
    expect(refs(await search({ from: minutesAgo(7 * 24 * 60 + 60), to: minutesAgo(6 * 24 * 60) }))).toEqual([]);
    const wide = await search({ from: minutesAgo(9 * 24 * 60), to: minutesAgo(0) });
    expect(wide.code).toBe(201);
    expect(wide.message).toMatch(/7 days/);
  });

  it('a sub-account without the grant and an operator are refused', async () => {
    const sub = await activeSub(s, A.token);
    expect((await search({}, sub.token)).code).toBe(201);
    expect((await search({}, await s.login())).code).toBe(201);
  });
});

describe("an installed store app's calls into the BU", () => {
  it('are in the buyer’s log beside its own apps’, marked installed, and only those into its BU; its provider sees all of its app’s', async () => {
    // A service provider's (C's) store app, installed in A (as a purchase would) and calling into A and into C.
    const C = await tenantWithBu(s);
    const made = await s.post('/open/app/create', { name: `Store ${uid()}`, code: `store-${uid()}`, type: 0 }, { token: C.token });
    expect(made.code, made.message).toBe(200);
    const store = made.data as { guid: string; name: string };
    await s.db.query(
      `insert into installed_app (guid, bu_guid, app_guid, app_name, order_guid, tenant_key, status, scopes) values (gen_random_uuid(), $1, $2, $3, gen_random_uuid(), $4, 0, '[]')`,
      [A.buGuid, store.guid, store.name, uid().padEnd(32, '0')],
    );
    await call(store, A.buGuid, 'member.page', 200, 'req-into-a', 1);
    await push(store, A.buGuid, 'contact.user.created_v3', 200, 'evt-from-a', 1);
    await call(store, C.buGuid, 'member.page', 200, 'req-into-c', 1);
    const mine = await search({ app_guid: store.guid });
    expect(mine.code, mine.message).toBe(200);
    expect(refs(mine).sort()).toEqual(['evt-from-a', 'req-into-a']);
    expect(mine.data.list.every((r: { installed: boolean; app_name: string }) => r.installed && r.app_name === store.name)).toBe(true);
    expect(refs(await search({})).filter((r) => r.startsWith('req-into') || r.startsWith('evt-from'))).not.toContain('req-into-c');
    // The provider's own app: every call it made, each buyer's, none marked installed.
    const provider = await search({ app_guid: store.guid }, C.token);
    expect(refs(provider).sort()).toEqual(['evt-from-a', 'req-into-a', 'req-into-c']);
    expect(provider.data.list.some((r: { installed: boolean }) => r.installed)).toBe(false);
    // Another BU that did not install it reads none of it.
    expect(refs(await search({ app_guid: store.guid }, B.token))).toEqual([]);
  });
});
