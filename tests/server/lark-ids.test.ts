import * as lark from '@larksuiteoapi/node-sdk';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LarkIdKeys } from '../../server/lark/ids.ts';
import { handlersFor, type Seen } from '../fixtures/lark-handlers/handlers.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { larkClient, refusalOf } from '../helpers/lark-sdk.ts';

/**
 * Lark's id model (docs/lark.md "Ids"): an app reads a member by its own `open_id`, the same
 * `union_id` as its provider's other apps and the member's guid as `user_id`; departments by their
 * `od-` ids. Pushed events carry them too, received by handlers written from Lark's SDK's own types
 * (tests/fixtures/lark-handlers), which compile under tsc --strict.
 */
let s: TestServer;
let baseUrl: string;
let admin: string;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  s = await startServer({ options: { events: { allowPrivate: true, worker: false } } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  admin = await s.login();
  A = await tenantWithBu(s);
}, 60_000);
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
  await s?.close();
});

const post = (path: string, body: unknown = {}) => s.post(path, body, { token: A.token, lang: 'en' });

/** Lark's SDK behind a plain HTTP server, its handlers those of the fixture (typed by the SDK). */
const sdkReceiver = async () => {
  const seen: Seen[] = [];
  const handle = lark.adaptDefault('/webhook/event', handlersFor(seen), { autoChallenge: true });
  const server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(400).end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/event`, seen };
};

/** An app of A reading and writing members and departments, its user and department events pushed in plain JSON to the SDK. */
const larkApp = async () => {
  const app = (await post('/open/app/create', { name: `Ids ${uid()}`, code: `ids-${uid()}` })).data as { guid: string; app_id: string; app_secret: string; bu_guid: string };
  const scopes = ['contact:member:readonly', 'contact:member:write', 'contact:department:readonly', 'contact:department:write'];
  expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: scopes }, { token: admin })).code).toBe(200);
  expect((await post('/open/app/event/subscribe-config/reset', { app_guid: app.guid, key: 'encrypt_key', clear: true })).code).toBe(200);
  const receiver = await sdkReceiver();
  const saved = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url });
  expect(saved.code, saved.message).toBe(200);
  expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3', 'contact.user.updated_v3', 'contact.department.created_v3'] })).code).toBe(200);
  return { app, seen: receiver.seen, client: larkClient(baseUrl, app.app_id, app.app_secret) };
};

const deliver = async () => {
  while ((await s.services.events.runOnce()) > 0);
};

const OPEN_ID = /^ou_[0-9a-f]{32}$/;
const UNION_ID = /^on_[0-9a-f]{32}$/;
const OPEN_DEPARTMENT_ID = /^od-[0-9a-f]{32}$/;

it("compiles handlers written from Lark's SDK's own types under tsc --strict", () => {
  const r = spawnSync(join(process.cwd(), 'node_modules/.bin/tsc'), ['-p', 'tests/fixtures/lark-handlers'], { encoding: 'utf8' });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.status).toBe(0);
});

describe("two apps of one BU, through Lark's SDK", () => {
  let X: Awaited<ReturnType<typeof larkApp>>;
  let Y: Awaited<ReturnType<typeof larkApp>>;
  let member: { guid: string; name: string };
  let dept: { guid: string; name: string };

  beforeAll(async () => {
    [X, Y] = [await larkApp(), await larkApp()];
    dept = (await post('/open/system/department/add', { name: `Ids ${uid()}` })).data;
    member = (await post('/open/system/member/add', { name: `Ada ${uid()}`, job_number: `J${uid()}`, department_guid: dept.guid, area_code: '86', phone: '13900000001' })).data;
    expect((await post('/open/system/member/update', { guid: member.guid, name: 'Ada Renamed' })).code).toBe(200);
    await deliver();
  }, 60_000);

  it('pushes each app its own open_id of a member, the same union_id, user_id and od- department ids, old_object only what changed', () => {
    const created = (seen: Seen[]) => seen.find((e) => e.type === 'created' && e.userId === member.guid)!;
    const [x, y] = [created(X.seen), created(Y.seen)];
    expect(x).toMatchObject({ openId: expect.stringMatching(OPEN_ID), unionId: expect.stringMatching(UNION_ID), name: member.name, mobile: '+8613900000001', departments: [expect.stringMatching(OPEN_DEPARTMENT_ID)] });
    expect(x.openId).not.toBe(y.openId);
    expect(x.unionId).toBe(y.unionId);
    expect(x.departments).toEqual(y.departments);
    const updated = X.seen.find((e) => e.type === 'updated' && e.userId === member.guid)!;
    expect(updated).toMatchObject({ openId: x.openId, name: 'Ada Renamed', changed: ['name', 'open_id', 'union_id', 'user_id'] });
    const department = X.seen.find((e) => e.type === 'department' && e.userId === dept.guid)!;
    expect(department).toMatchObject({ openId: x.departments[0], name: dept.name, departments: ['0'] });
  });

  it("reads a member by its own open_id, stably, and by union_id or user_id when asked; another app's open_id names no one", async () => {
    const pushed = X.seen.find((e) => e.type === 'created' && e.userId === member.guid)!;
    const got = (await X.client.contact.user.get({ path: { user_id: pushed.openId! } })).data!.user!;
    expect(got).toMatchObject({ open_id: pushed.openId, union_id: pushed.unionId, user_id: member.guid, department_ids: pushed.departments });
    // The same again, and from the keys read afresh (another instance, a restart).
    expect((await X.client.contact.user.list({ params: { department_id: pushed.departments[0], page_size: 50 } })).data!.items!.map((u) => u.open_id)).toContain(pushed.openId);
    expect((await LarkIdKeys.open(s.db)).forApp(X.app.guid, X.app.bu_guid).openId(member.guid)).toBe(pushed.openId);
    // Y reads the same member under its own open_id, and X's names no one of Y's.
    const yOpenId = Y.seen.find((e) => e.type === 'created' && e.userId === member.guid)!.openId!;
    expect((await Y.client.contact.user.get({ path: { user_id: yOpenId } })).data!.user!.user_id).toBe(member.guid);
    expect(await refusalOf(Y.client.contact.user.get({ path: { user_id: pushed.openId! } }))).toMatchObject({ status: 400, code: 41050 });
    // The other id types, in the path and in the answer's references.
    const byGuid = (await X.client.contact.user.get({ path: { user_id: member.guid }, params: { user_id_type: 'user_id', department_id_type: 'department_id' } })).data!.user!;
    expect(byGuid).toMatchObject({ open_id: pushed.openId, department_ids: [dept.guid] });
    expect((await X.client.contact.user.get({ path: { user_id: pushed.unionId! }, params: { user_id_type: 'union_id' } })).data!.user!.user_id).toBe(member.guid);
    // An id of another type than the one asked: a guid as an open_id, a made-up open_id.
    expect(await refusalOf(X.client.contact.user.get({ path: { user_id: member.guid } }))).toMatchObject({ status: 400, code: 99992402 });
    expect(await refusalOf(X.client.contact.user.get({ path: { user_id: 'ou_0123' } }))).toMatchObject({ status: 400, code: 99992402 });
    expect(await refusalOf(X.client.contact.department.get({ path: { department_id: `od-${'0'.repeat(32)}` } }))).toMatchObject({ code: 40004 });
  });

  it('writes references in the id types asked and answers them so: a leader by open_id, a department by its guid', async () => {
    const leader = X.seen.find((e) => e.type === 'created' && e.userId === member.guid)!.openId!;
    const made = (await X.client.contact.user.create({ data: { name: `Led ${uid()}`, leader_user_id: leader, department_ids: ['0'], mobile: '+8613900000002', employee_type: 1 } })).data!.user!;
    expect(made).toMatchObject({ open_id: expect.stringMatching(OPEN_ID), leader_user_id: leader, department_ids: ['0'] });
    const moved = await X.client.contact.user.patch({ path: { user_id: made.user_id! }, params: { user_id_type: 'user_id', department_id_type: 'department_id' }, data: { department_ids: [dept.guid] } });
    expect(moved.data!.user).toMatchObject({ department_ids: [dept.guid], leader_user_id: member.guid });
    // Y's open_id of the leader is no one X knows.
    const yLeader = Y.seen.find((e) => e.type === 'created' && e.userId === member.guid)!.openId!;
    expect(await refusalOf(X.client.contact.user.patch({ path: { user_id: made.open_id! }, data: { leader_user_id: yLeader } }))).toMatchObject({ status: 400, code: 41050 });
    // An id of X's own that reads back to a guid of no row is refused as one of no one: the same codes, whatever the guid.
    const xIds = s.services.larkIds.forApp(X.app.guid, X.app.bu_guid);
    expect(await refusalOf(X.client.contact.user.patch({ path: { user_id: made.open_id! }, data: { leader_user_id: xIds.openId(crypto.randomUUID()) } }))).toMatchObject({ status: 400, code: 41050 });
    expect(await refusalOf(X.client.contact.user.patch({ path: { user_id: made.open_id! }, data: { department_ids: [xIds.openDepartmentId(crypto.randomUUID())] } }))).toMatchObject({ status: 403, code: 40004 });
    expect(await refusalOf(X.client.contact.department.create({ data: { name: `Orphan ${uid()}`, parent_department_id: xIds.openDepartmentId(crypto.randomUUID()) } }))).toMatchObject({ status: 403, code: 40004 });
    const child = (await X.client.contact.department.create({ params: { department_id_type: 'department_id' }, data: { name: `Child ${uid()}`, parent_department_id: dept.guid } })).data!.department!;
    expect(child).toMatchObject({ parent_department_id: dept.guid, open_department_id: expect.stringMatching(OPEN_DEPARTMENT_ID) });
  });
});

it("gives another provider's app other union_ids, and each app other open_ids, of the same person", async () => {
  const keys = s.services.larkIds;
  const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
  const person = crypto.randomUUID();
  expect(keys.forApp(one, A.buGuid).unionId(person)).toBe(keys.forApp(two, A.buGuid).unionId(person));
  expect(keys.forApp(one, A.buGuid).unionId(person)).not.toBe(keys.forApp(one, crypto.randomUUID()).unionId(person));
  expect(keys.forApp(one, A.buGuid).openId(person)).not.toBe(keys.forApp(two, A.buGuid).openId(person));
  // Each reads back only under its own app's key.
  expect(keys.forApp(one, A.buGuid).userIn('user_id', keys.forApp(one, A.buGuid).openId(person))).toBe(person);
  expect(keys.forApp(two, A.buGuid).userIn('user_id', keys.forApp(one, A.buGuid).openId(person))).not.toBe(person);
});
