import * as lark from '@larksuiteoapi/node-sdk';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docPath } from '../../server/lark/openapi.ts';
import { openApp } from '../helpers/open-app.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { uid } from '../helpers/tenant-flows.ts';
import { larkClient, refusalOf } from '../helpers/lark-sdk.ts';

/**
 * The contact calls a Lark sync job makes in batches (docs/lark.md, issue 48): `users/batch_get_id`,
 * `users/batch` and `departments/batch`, driven by Lark's official Node SDK with only its `domain`
 * changed. Each reads the app's BU alone: another BU's member with the same e-mail is never found,
 * another BU's ids are left out.
 */
let s: TestServer;
let baseUrl: string;
let admin: string;
let app: Awaited<ReturnType<typeof openApp>>;
let other: Awaited<ReturnType<typeof openApp>>;
let client: lark.Client;
let otherClient: lark.Client;
const clientOf = (appId: string, appSecret: string) => larkClient(baseUrl, appId, appSecret);

beforeAll(async () => {
  s = await startServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  admin = await s.login();
  app = await openApp(s, admin);
  // Another BU with an app of its own: its members and departments must never reach the first app.
  other = await openApp(s, admin);
  client = clientOf(app.app.app_id, app.app.app_secret);
  otherClient = clientOf(other.app.app_id, other.app.app_secret);
}, 60_000);
afterAll(() => s?.close());

/** `n` random digits. */
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const mobile = () => `139${digits(8)}`;
const createUser = async (c: lark.Client, data: { name: string; email?: string; mobile?: string; department_ids?: string[] }) => {
  const r = await c.contact.user.create({ data: { department_ids: ['0'], employee_type: 1, mobile: `+86${mobile()}`, ...data } });
  expect(r.code, r.msg).toBe(0);
  return r.data!.user!;
};
const createDepartment = async (c: lark.Client, name: string, parent = '0') => {
  const r = await c.contact.department.create({ data: { name: `${name} ${uid()}`, parent_department_id: parent } });
  expect(r.code, r.msg).toBe(0);
  return r.data!.department!;
};

describe('users/batch_get_id', () => {
  it("finds the BU's members by e-mail (case-insensitive) and by mobile, and leaves the unknown without user_id", async () => {
    const email = `ada.${uid()}@example.com`;
    const phone = mobile();
    const ada = await createUser(client, { name: 'Ada', email, mobile: `+86${phone}` });
    const hk = await createUser(client, { name: 'Kit', mobile: `+852${digits(8)}` });
    const unknownEmail = `nobody.${uid()}@example.com`;

    const r = await client.contact.user.batchGetId({
      params: { user_id_type: 'open_id' },
      data: { emails: [email.toUpperCase(), unknownEmail], mobiles: [phone, `+86${phone}`, hk.mobile!, '+8613000000000'] },
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.data!.user_list).toEqual([
      { user_id: ada.open_id, email: email.toUpperCase(), status: { is_resigned: false } },
      { email: unknownEmail },
      // A number alone is a mainland (+86) one; `+<area><number>` is the form the user answers carry.
      { user_id: ada.open_id, mobile: phone, status: { is_resigned: false } },
      { user_id: ada.open_id, mobile: `+86${phone}`, status: { is_resigned: false } },
      { user_id: hk.open_id, mobile: hk.mobile, status: { is_resigned: false } },
      { mobile: '+8613000000000' },
    ]);
    // The user_id answered is the member's id, as the user calls answer it.
    expect((await client.contact.user.get({ path: { user_id: r.data!.user_list![0].user_id! } })).data!.user!.email).toBe(email);
  });

  it('never finds a member of another BU, even one with the same e-mail and mobile', async () => {
    const email = `grace.${uid()}@example.com`;
    const phone = mobile();
    const theirs = await createUser(otherClient, { name: 'Grace', email, mobile: `+86${phone}` });
    const none = await client.contact.user.batchGetId({ data: { emails: [email], mobiles: [phone] } });
    expect(none.data!.user_list).toEqual([{ email }, { mobile: phone }]);
    // The same e-mail in the app's own BU: its own member, never the other BU's.
    const ours = await createUser(client, { name: 'Grace', email, mobile: `+86${phone}` });
    const found = await client.contact.user.batchGetId({ data: { emails: [email], mobiles: [phone] } });
    expect(found.data!.user_list!.map((u) => u.user_id)).toEqual([ours.open_id, ours.open_id]);
    expect(found.data!.user_list!.map((u) => u.user_id)).not.toContain(theirs.open_id);
    // The other BU's app, asking the same, finds its own.
    const theirsFound = await otherClient.contact.user.batchGetId({ data: { emails: [email] } });
    expect(theirsFound.data!.user_list).toEqual([{ user_id: theirs.open_id, email, status: { is_resigned: false } }]);
  });

  it('leaves out members off duty unless include_resigned', async () => {
    const email = `edsger.${uid()}@example.com`;
    const gone = await createUser(client, { name: 'Edsger', email });
    await s.db.query('update member set duty_status = 1 where guid = $1', [gone.user_id]);
    expect((await client.contact.user.batchGetId({ data: { emails: [email] } })).data!.user_list).toEqual([{ email }]);
    const withResigned = await client.contact.user.batchGetId({ data: { emails: [email], include_resigned: true } });
    expect(withResigned.data!.user_list).toEqual([{ user_id: gone.open_id, email, status: { is_resigned: true } }]);
  });

  it("refuses more than 50 e-mails or mobiles, or none at all, with Lark's field refusal", async () => {
    const many = Array.from({ length: 51 }, (_, i) => `m${i}.${uid()}@example.com`);
    const emails = await refusalOf(client.contact.user.batchGetId({ data: { emails: many } }));
    expect(emails).toMatchObject({ status: 400, code: 99992402, msg: 'field validation failed', error: { field_violations: [{ field: 'emails' }] } });
    const mobiles = await refusalOf(client.contact.user.batchGetId({ data: { mobiles: Array.from({ length: 51 }, mobile) } }));
    expect(mobiles).toMatchObject({ status: 400, code: 99992402, error: { field_violations: [{ field: 'mobiles' }] } });
    expect(await refusalOf(client.contact.user.batchGetId({ data: {} }))).toMatchObject({ status: 400, code: 99992402 });
    // 50 of each is Lark's limit, and taken.
    expect((await client.contact.user.batchGetId({ data: { emails: many.slice(0, 50), mobiles: Array.from({ length: 50 }, mobile) } })).data!.user_list).toHaveLength(100);
  });
});

describe('users/batch', () => {
  it("answers the asked members of the app's BU in the user shape, another BU's and unknown ids left out", async () => {
    const a = await createUser(client, { name: 'Alan', email: `alan.${uid()}@example.com`, mobile: `+86${mobile()}` });
    const b = await createUser(client, { name: 'Barbara' });
    const theirs = await createUser(otherClient, { name: 'Theirs' });
    const r = await client.contact.user.batch({ params: { user_ids: [a.open_id!, theirs.open_id!, '00000000-0000-4000-8000-000000000000', 'ou_not_a_guid', b.open_id!], user_id_type: 'open_id', department_id_type: 'open_department_id' } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data!.items!.map((u) => u.open_id)).toEqual([a.open_id, b.open_id]);
    // The same shape the user get answers.
    const got = (await client.contact.user.get({ path: { user_id: a.open_id! } })).data!.user;
    expect(r.data!.items![0]).toEqual(got);
    // One id alone (a single query value) is a list of one.
    expect((await client.contact.user.batch({ params: { user_ids: [b.open_id!] } })).data!.items!.map((u) => u.name)).toEqual(['Barbara']);
    // The other BU's app reads its own member and not ours.
    expect((await otherClient.contact.user.batch({ params: { user_ids: [a.open_id!, theirs.open_id!] } })).data!.items!.map((u) => u.open_id)).toEqual([theirs.open_id]);
  });

  it('refuses more than 50 ids and none; leaves out an id of another type than the one asked', async () => {
    const ids = Array.from({ length: 51 }, () => '00000000-0000-4000-8000-000000000000');
    expect(await refusalOf(client.contact.user.batch({ params: { user_ids: ids } }))).toMatchObject({ status: 400, code: 99992402, error: { field_violations: [{ field: 'user_ids' }] } });
    expect(await refusalOf(client.contact.user.batch({ params: { user_ids: [] } }))).toMatchObject({ status: 400, code: 99992402, error: { field_violations: [{ field: 'user_ids' }] } });
    expect((await client.contact.user.batch({ params: { user_ids: [ids[0]], user_id_type: 'union_id' } })).data!.items).toEqual([]);
    expect((await client.contact.user.batch({ params: { user_ids: ids.slice(0, 50) } })).data!.items).toEqual([]);
  });
});

describe('departments/batch', () => {
  it("answers the asked departments of the app's BU in the department shape, another BU's and unknown ids left out", async () => {
    const top = await createDepartment(client, 'Batch');
    const child = await createDepartment(client, 'Batch child', top.open_department_id!);
    const theirs = await createDepartment(otherClient, 'Theirs');
    const r = await client.contact.department.batch({ params: { department_ids: [child.open_department_id!, theirs.open_department_id!, 'od-nope', '0', top.open_department_id!], department_id_type: 'open_department_id', user_id_type: 'open_id' } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data!.items!.map((d) => d.open_department_id)).toEqual([child.open_department_id, top.open_department_id]);
    const got = (await client.contact.department.get({ path: { department_id: child.open_department_id! } })).data!.department;
    expect(r.data!.items![0]).toEqual(got);
    expect(r.data!.items![0]).toMatchObject({ parent_department_id: top.open_department_id });
    expect((await otherClient.contact.department.batch({ params: { department_ids: [top.open_department_id!, theirs.open_department_id!] } })).data!.items!.map((d) => d.open_department_id)).toEqual([theirs.open_department_id]);
  });

  it('refuses more than 50 ids', async () => {
    const ids = Array.from({ length: 51 }, () => '00000000-0000-4000-8000-000000000000');
    expect(await refusalOf(client.contact.department.batch({ params: { department_ids: ids } }))).toMatchObject({ status: 400, code: 99992402, error: { field_violations: [{ field: 'department_ids' }] } });
  });
});

it("refuses an app without the scopes in Lark's shape, naming the scope", async () => {
  const created = await s.post('/open/app/create', { name: `Bare ${uid()}`, code: `bare-${uid()}` }, { token: app.owner.token });
  const bare = clientOf(created.data.app_id, created.data.app_secret);
  const id = '00000000-0000-4000-8000-000000000000';
  for (const [call, scope] of [
    [() => bare.contact.user.batchGetId({ data: { emails: ['a@example.com'] } }), 'contact:member:readonly'],
    [() => bare.contact.user.batch({ params: { user_ids: [id] } }), 'contact:member:readonly'],
    [() => bare.contact.department.batch({ params: { department_ids: [id] } }), 'contact:department:readonly'],
  ] as const) {
    const refused = await refusalOf(call());
    expect(refused).toMatchObject({ status: 400, code: 99991672, error: { permission_violations: [{ type: 'action_scope_required', subject: scope }] } });
    expect(refused.msg).toContain(scope);
  }
});

it("logs each call under its api_code and documents it in the apps' OpenAPI document", async () => {
  await s.services.apiLog.flush();
  const { rows } = await s.db.query<{ api_code: string }>('select distinct api_code from api_log where app_guid = $1', [app.app.guid]);
  for (const c of ['lark.contact.user.batch_get_id', 'lark.contact.user.batch', 'lark.contact.department.batch']) expect(rows.map((r) => r.api_code), c).toContain(c);
  const doc = (await s.app.inject({ method: 'GET', url: '/open/api/openapi.json', headers: { 'accept-language': 'en-US' } })).json();
  const batchGetId = doc.paths[docPath('/open-apis/contact/v3/users/batch_get_id')].post;
  expect(batchGetId).toMatchObject({ operationId: 'lark.contact.user.batch_get_id', 'x-scope': 'contact:member:readonly', tags: ['lark'] });
  expect(batchGetId.requestBody.content['application/json'].schema.properties.emails).toMatchObject({ type: 'array', maxItems: 50 });
  const users = doc.paths['/open-apis/contact/v3/users/batch'].get;
  expect(users.parameters).toContainEqual(expect.objectContaining({ name: 'user_ids', in: 'query', required: true, schema: expect.objectContaining({ type: 'array', maxItems: 50 }) }));
  expect(users.responses['200'].content['application/json'].schema.properties.data.properties.items.items.required).toEqual(expect.arrayContaining(['open_id', 'name']));
  const departments = doc.paths['/open-apis/contact/v3/departments/batch'].get;
  expect(departments).toMatchObject({ operationId: 'lark.contact.department.batch', 'x-scope': 'contact:department:readonly' });
  expect(departments.parameters).toContainEqual(expect.objectContaining({ name: 'department_ids', in: 'query', required: true }));
});
