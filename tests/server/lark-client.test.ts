import * as lark from '@larksuiteoapi/node-sdk';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { docPath } from '../../server/lark/openapi.ts';
import { larkCalls } from '../../server/lark/routes.ts';
import { openApp } from '../helpers/open-app.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { uid } from '../helpers/tenant-flows.ts';
import { larkClient, refusalOf } from '../helpers/lark-sdk.ts';

/**
 * An app written against Lark's official Node SDK works against this platform by changing only
 * its `domain` (docs/lark.md): the SDK gets its tenant token from the platform's token store and
 * makes Lark's contact v3 calls on the app's BU's members and departments, refusals in Lark's shape.
 */
let s: TestServer;
let baseUrl: string;
let app: Awaited<ReturnType<typeof openApp>>;
let client: lark.Client;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const clientOf = (appId: string, appSecret: string) => larkClient(baseUrl, appId, appSecret);

beforeAll(async () => {
  s = await startServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  app = await openApp(s, await s.login());
  client = clientOf(app.app.app_id, app.app.app_secret);
}, 60_000);
afterAll(() => s?.close());

describe('token calls', () => {
  it("answers Lark's token calls with the platform's own app token", async () => {
    const tenant = await client.auth.tenantAccessToken.internal({ data: { app_id: app.app.app_id, app_secret: app.app.app_secret } });
    expect(tenant).toMatchObject({ code: 0, msg: 'ok', tenant_access_token: expect.stringMatching(/^t-/), expire: expect.any(Number) });
    // One token store: the same live token as the platform's own token call answers, which the open API takes.
    const own = await s.post('/open/api/auth/app-access-token', { app_id: app.app.app_id, app_secret: app.app.app_secret });
    expect((tenant as { tenant_access_token: string }).tenant_access_token).toBe(own.data.app_access_token);
    const appToken = await client.auth.appAccessToken.internal({ data: { app_id: app.app.app_id, app_secret: app.app.app_secret } });
    expect(appToken).toMatchObject({ code: 0, msg: 'ok', app_access_token: own.data.app_access_token, tenant_access_token: own.data.app_access_token });
  });

  it("refuses a wrong secret and a malformed request with Lark's codes, and locks out as the platform does", async () => {
    const post = (body: unknown) => fetch(`${baseUrl}/open-apis/auth/v3/tenant_access_token/internal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const wrong = await post({ app_id: app.app.app_id, app_secret: 'not-the-secret' });
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toMatchObject({ code: 10014, msg: 'app secret invalid' });
    expect(await (await post({})).json()).toMatchObject({ code: 10003, msg: 'invalid param' });
    // The SDK refuses to go on without a token, saying Lark's code (an app it holds no cached token of).
    const other = await openApp(s, await s.login());
    await expect(clientOf(other.app.app_id, 'not-the-secret').contact.user.list({ params: { page_size: 1 } })).rejects.toThrow(/code: 10014/);
    // The platform's lockout: its tenth failure from this address locks this lane, the right secret included.
    for (let i = 0; i < 9; i++) await post({ app_id: other.app.app_id, app_secret: 'guess' });
    const locked = await post({ app_id: other.app.app_id, app_secret: other.app.app_secret });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: 99991400 });
  });

  it("refuses a NUL character in app_id with Lark's code, never a fault: both token calls and the long connection's endpoint", async () => {
    const post = (path: string, body: unknown) => fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) });
    for (const path of ['/open-apis/auth/v3/tenant_access_token/internal', '/open-apis/auth/v3/app_access_token/internal']) {
      for (const body of [{ app_id: 'cli_\u0000x', app_secret: app.app.app_secret }, { app_id: app.app.app_id, app_secret: 'x\u0000' }]) {
        const r = await post(path, body);
        expect(r.status, path).toBe(200);
        expect(await r.json()).toMatchObject({ code: 10003, msg: 'invalid param' });
      }
    }
    const ws = await post('/callback/ws/endpoint', { AppID: 'cli_\u0000x', AppSecret: app.app.app_secret });
    expect(ws.status).toBe(200);
    expect(await ws.json()).toEqual({ code: 514, msg: 'Text must not contain NUL characters (\\u0000).', data: {} });
  });
});

describe('contact v3', () => {
  it('creates, lists children of, gets, patches and deletes departments', async () => {
    const top = await client.contact.department.create({ data: { name: `Eng ${uid()}`, parent_department_id: '0' } });
    expect(top.code).toBe(0);
    const eng = top.data!.department!;
    expect(eng).toMatchObject({ parent_department_id: '0', open_department_id: expect.stringMatching(/^od-[0-9a-f]{32}$/), department_id: expect.stringMatching(GUID), status: { is_deleted: false } });
    const child = (await client.contact.department.create({ data: { name: 'Backend', parent_department_id: eng.open_department_id!, order: '5' } })).data!.department!;
    expect(child).toMatchObject({ parent_department_id: eng.open_department_id, order: '5' });

    const roots = await client.contact.department.children({ path: { department_id: '0' }, params: { page_size: 50 } });
    expect(roots.data!.items!.map((d) => d.open_department_id)).toContain(eng.open_department_id);
    expect(roots.data!.items!.map((d) => d.open_department_id)).not.toContain(child.open_department_id);
    const all = await client.contact.department.children({ path: { department_id: '0' }, params: { fetch_child: true, page_size: 50 } });
    expect(all.data!.items!.map((d) => d.open_department_id)).toContain(child.open_department_id);
    const under = await client.contact.department.children({ path: { department_id: eng.open_department_id! } });
    expect(under.data).toMatchObject({ has_more: false, items: [{ name: 'Backend' }] });

    const patched = await client.contact.department.patch({ path: { department_id: child.open_department_id! }, data: { name: 'Platform' } });
    expect(patched.data!.department).toMatchObject({ name: 'Platform', order: '5' });
    expect((await client.contact.department.get({ path: { department_id: child.open_department_id! } })).data!.department!.name).toBe('Platform');

    expect((await client.contact.department.delete({ path: { department_id: child.open_department_id! } })).code).toBe(0);
    const gone = await refusalOf(client.contact.department.get({ path: { department_id: child.open_department_id! } }));
    expect(gone).toMatchObject({ status: 403, code: 40004 });
  });

  it('creates, pages with page_token, gets, patches and deletes users', async () => {
    const dept = (await client.contact.department.create({ data: { name: `Sales ${uid()}`, parent_department_id: '0' } })).data!.department!;
    const made = [];
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      const r = await client.contact.user.create({
        data: { name, email: `${name.toLowerCase()}.${uid()}@example.com`, mobile: `+86139${String(Math.random()).slice(2, 10)}`, department_ids: [dept.open_department_id!], employee_type: 1, employee_no: `E${uid()}` },
      });
      expect(r.code, r.msg).toBe(0);
      made.push(r.data!.user!);
    }
    expect(made[0]).toMatchObject({ name: 'Ada', department_ids: [dept.open_department_id], employee_type: 1, status: { is_resigned: false }, mobile: expect.stringMatching(/^\+86139\d{8}$/) });

    const first = await client.contact.user.findByDepartment({ params: { department_id: dept.open_department_id!, page_size: 2 } });
    expect(first.data).toMatchObject({ has_more: true, page_token: expect.any(String) });
    expect(first.data!.items).toHaveLength(2);
    const second = await client.contact.user.findByDepartment({ params: { department_id: dept.open_department_id!, page_size: 2, page_token: first.data!.page_token } });
    expect(second.data!.has_more).toBe(false);
    expect(second.data!.page_token).toBeUndefined();
    expect([...first.data!.items!, ...second.data!.items!].map((u) => u.name)).toEqual(['Ada', 'Grace', 'Edsger']);
    // The SDK's own iterator follows the cursor to the end.
    const iterated = [];
    for await (const page of await client.contact.user.listWithIterator({ params: { department_id: dept.open_department_id!, page_size: 1 } })) iterated.push(...(page?.items ?? []));
    expect(iterated.map((u) => u.name)).toEqual(['Ada', 'Grace', 'Edsger']);

    const ada = made[0].open_id!;
    expect((await client.contact.user.get({ path: { user_id: ada }, params: { user_id_type: 'open_id' } })).data!.user).toMatchObject({ open_id: ada, user_id: made[0].user_id, name: 'Ada' });
    const patched = await client.contact.user.patch({ path: { user_id: ada }, data: { en_name: 'Ada Lovelace', department_ids: ['0'] } });
    expect(patched.data!.user).toMatchObject({ en_name: 'Ada Lovelace', department_ids: ['0'], name: 'Ada' });
    // A field the member refuses comes back named as the app named it.
    const bad = await refusalOf(client.contact.user.patch({ path: { user_id: ada }, data: { mobile: '+8612' } }));
    expect(bad).toMatchObject({ status: 400, code: 99992402, error: { field_violations: [{ field: 'mobile' }] } });
    const taken = await refusalOf(client.contact.user.patch({ path: { user_id: made[1].open_id! }, data: { employee_no: made[2].employee_no } }));
    expect(taken).toMatchObject({ status: 400, code: 99992402, error: { field_violations: [{ field: 'employee_no' }] } });

    expect((await client.contact.user.delete({ path: { user_id: ada } })).code).toBe(0);
    expect(await refusalOf(client.contact.user.get({ path: { user_id: ada } }))).toMatchObject({ status: 400, code: 41050 });
  });

  it("refuses an app without the scope in Lark's shape, naming the scope; a missing or bad token; an address off the app's whitelist", async () => {
    const created = await s.post('/open/app/create', { name: `Bare ${uid()}`, code: `bare-${uid()}` }, { token: app.owner.token });
    const bare = clientOf(created.data.app_id, created.data.app_secret);
    const refused = await refusalOf(bare.contact.user.list({ params: { page_size: 5 } }));
    expect(refused).toMatchObject({ status: 400, code: 99991672, error: { permission_violations: [{ type: 'action_scope_required', subject: 'contact:member:readonly' }] } });
    expect(refused.msg).toContain('contact:member:readonly');
    // Lark's SDKs send no Accept-Language: the platform's sentence in the refusal is English, as Lark's are.
    const sentence = (r: { error?: Record<string, unknown> }) => (r.error as { permission_violations: { description: string }[] }).permission_violations[0].description;
    expect(sentence(refused)).toBe(translate('en', 'server.scope_missing', { scope: 'contact:member:readonly', url: (refused.error as { helps: { url: string }[] }).helps[0].url }));
    // A request asking for Chinese reads it in Chinese.
    const token = (await bare.auth.tenantAccessToken.internal({ data: { app_id: created.data.app_id, app_secret: created.data.app_secret } })) as { tenant_access_token: string };
    const zh = await (await fetch(`${baseUrl}/open-apis/contact/v3/users?page_size=5`, { headers: { authorization: `Bearer ${token.tenant_access_token}`, 'accept-language': 'zh-CN' } })).json();
    expect(sentence(zh)).toBe(translate('zh', 'server.scope_missing', { scope: 'contact:member:readonly', url: zh.error.helps[0].url }));
    const noToken = await fetch(`${baseUrl}/open-apis/contact/v3/users`);
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toMatchObject({ code: 99991661 });
    const badToken = await fetch(`${baseUrl}/open-apis/contact/v3/users`, { headers: { authorization: 'Bearer t-nope' } });
    expect(await badToken.json()).toMatchObject({ code: 99991663 });
    // The app's IP whitelist guards Lark's calls as it guards the platform's.
    const walled = await openApp(s, await s.login());
    expect((await s.post('/open/app/set-app-security', { app_guid: walled.app.guid, ip_whitelist: ['10.1.0.0/16'] }, { token: walled.owner.token })).code).toBe(200);
    const outside = await refusalOf(clientOf(walled.app.app_id, walled.app.app_secret).contact.user.list({ params: { page_size: 1 } }));
    expect(outside).toMatchObject({ status: 400, code: 99991401 });
    expect(outside.msg).toMatch(/ip 127\.0\.0\.1 is denied by app setting/);
  });

  it("serves a sync job: the SDK's department.listWithIterator walks a three-level tree page by page, and parent names the departments above one", async () => {
    const make = async (name: string, parent: string) => (await client.contact.department.create({ data: { name: `${name} ${uid()}`, parent_department_id: parent } })).data!.department!.open_department_id!;
    const top = await make('Sync', '0');
    const mid = [await make('Mid A', top), await make('Mid B', top)];
    const leaves = [await make('Leaf 1', mid[0]), await make('Leaf 2', mid[0]), await make('Leaf 3', mid[1])];
    const seen: string[] = [];
    // Two to a page, so the iterator follows page_token across pages.
    for await (const page of await client.contact.department.listWithIterator({ params: { parent_department_id: top, fetch_child: true, page_size: 2 } })) {
      for (const d of page?.items ?? []) seen.push(d.open_department_id!);
    }
    expect(seen.sort()).toEqual([...mid, ...leaves].sort());
    // Without fetch_child: the direct children only; without a parent: the top of the BU.
    const direct = await client.contact.department.list({ params: { parent_department_id: top, page_size: 50 } });
    expect(direct.data!.items!.map((d) => d.open_department_id).sort()).toEqual([...mid].sort());
    const tops = await client.contact.department.list({ params: { page_size: 50 } });
    expect(tops.data!.items!.map((d) => d.open_department_id)).toContain(top);
    expect(tops.data!.items!.map((d) => d.open_department_id)).not.toContain(mid[0]);

    const parents = await client.contact.department.parent({ params: { department_id: leaves[0], page_size: 50 } });
    expect(parents.data!.items!.map((d) => d.open_department_id)).toEqual([mid[0], top]);
    expect(await refusalOf(client.contact.department.parent({ params: { department_id: `od-${'0'.repeat(32)}` } }))).toMatchObject({ status: 403, code: 40004 });
  });

  it("answers every Lark path it has not built in Lark's shape, 404, never the platform's envelope or a field error", async () => {
    const { tenant_access_token: token } = (await client.auth.tenantAccessToken.internal({ data: { app_id: app.app.app_id, app_secret: app.app.app_secret } })) as { tenant_access_token: string };
    const unbuilt: [string, string][] = [
      ['GET', '/open-apis/contact/v3/job_titles?page_size=10'],
      // A method's name where an id goes is that method, not a malformed id.
      ['GET', '/open-apis/contact/v3/users/batch_delete?user_ids=ou_1'],
      ['GET', '/open-apis/contact/v3/departments/search'],
      ['POST', '/open-apis/contact/v3/users/batch_delete'],
      // Beside the batch reads that are built (tests/server/lark-batch.test.ts): other methods and names on their paths.
      ['PATCH', '/open-apis/contact/v3/users/batch'],
      ['DELETE', '/open-apis/contact/v3/departments/batch'],
      ['POST', '/open-apis/contact/v3/users/batch_get_id/more'],
      ['POST', '/open-apis/contact/v3/users/resurrect'],
      ['POST', '/open-apis/im/v1/messages?receive_id_type=open_id'],
    ];
    for (const [method, path] of unbuilt) {
      for (const authorization of [`Bearer ${token}`, undefined]) {
        const r = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: method === 'POST' ? '{}' : undefined });
        expect(r.status, path).toBe(404);
        expect(await r.json(), path).toEqual({ code: 404, msg: '404 page not found', error: { log_id: expect.any(String) } });
      }
    }
    // The SDK reads it as a refusal, so a sync job learns the call is missing rather than finding nothing.
    expect(await refusalOf(client.contact.jobTitle.list({ params: { page_size: 10 } }))).toMatchObject({ status: 404, code: 404 });
    // The platform's own paths keep their envelope.
    expect(await (await fetch(`${baseUrl}/open/no-such-call`, { method: 'POST' })).json()).toMatchObject({ code: 404, data: null });
  });

  it("emits the platform's events for a change made through Lark's calls, as for one made in the console", async () => {
    const owner = { token: app.owner.token };
    expect((await s.post('/open/app/event/subscribe-config/get', { app_guid: app.app.guid }, owner)).code).toBe(200);
    await s.db.query("update event_config set request_url = 'http://127.0.0.1:9/events' where app_guid = $1", [app.app.guid]);
    expect((await s.post('/open/app/event/subscribe-rel/save', { app_guid: app.app.guid, event_codes: ['contact.user.created_v3', 'contact.department.deleted_v3'] }, owner)).code).toBe(200);
    const user = (await client.contact.user.create({ data: { name: 'Barbara', mobile: '+8613800000000', department_ids: ['0'], employee_type: 1 } })).data!.user!;
    const dept = (await client.contact.department.create({ data: { name: `Gone ${uid()}`, parent_department_id: '0' } })).data!.department!;
    await client.contact.department.delete({ path: { department_id: dept.open_department_id! } });
    const { rows } = await s.db.query<{ event_type: string; guid: string }>("select event_type, payload->'object'->>'guid' as guid from event_message where app_guid = $1", [app.app.guid]);
    expect(rows).toContainEqual({ event_type: 'contact.user.created_v3', guid: user.user_id });
    expect(rows).toContainEqual({ event_type: 'contact.department.deleted_v3', guid: dept.department_id });
  });

  it("writes each call in the app's call log, with the HTTP status Lark's answer had", async () => {
    await s.services.apiLog.flush();
    const { rows } = await s.db.query<{ api_code: string; code: number; http_status: number }>('select api_code, code, http_status from api_log where app_guid = $1', [app.app.guid]);
    const codes = new Set(rows.map((r) => r.api_code));
    for (const c of ['lark.contact.user.create', 'lark.contact.user.find_by_department', 'lark.contact.user.get', 'lark.contact.user.patch', 'lark.contact.user.delete', 'lark.contact.department.children', 'lark.contact.department.create']) expect(codes, c).toContain(c);
    // The log's codes are the platform's (200, 201); the HTTP status is the one Lark's answer had.
    expect(rows).toContainEqual({ api_code: 'lark.contact.user.get', code: 201, http_status: 400 });
    expect(rows).toContainEqual({ api_code: 'lark.contact.user.create', code: 200, http_status: 200 });
    expect(rows).toContainEqual({ api_code: 'lark.contact.department.get', code: 201, http_status: 403 });
  });
});

it("documents each of Lark's calls in the apps' OpenAPI document, its parameters, body and answer typed", async () => {
  const doc = (await s.app.inject({ method: 'GET', url: '/open/api/openapi.json', headers: { 'accept-language': 'zh-CN' } })).json();
  for (const c of larkCalls) expect(doc.paths[docPath(c.path)]?.[c.method.toLowerCase()]?.operationId, `${c.method} ${c.path}`).toBe(c.apiCode);
  const get = doc.paths['/open-apis/contact/v3/users/{user_id}'].get;
  expect(get).toMatchObject({ 'x-scope': 'contact:member:readonly', summary: '飞书的获取单个用户：一名成员', tags: ['lark'] });
  expect(get.parameters).toContainEqual(expect.objectContaining({ name: 'user_id', in: 'path', required: true }));
  expect(get.responses['200'].content['application/json'].schema.properties.data.properties.user.required).toEqual(expect.arrayContaining(['open_id', 'name', 'department_ids']));
  expect(doc.paths['/open-apis/contact/v3/users'].post.requestBody.content['application/json'].schema.required).toEqual(['name']);
  expect(doc.paths['/open-apis/contact/v3/users/find_by_department'].get.parameters).toContainEqual(expect.objectContaining({ name: 'department_id', in: 'query', required: true }));
  expect(doc.paths['/open-apis/auth/v3/tenant_access_token/internal'].post.security).toEqual([]);
});

it("answers malformed input to every Lark call with Lark's refusal, never a fault", async () => {
  const token = (await s.post('/open/api/auth/app-access-token', { app_id: app.app.app_id, app_secret: app.app.app_secret })).data.app_access_token;
  const junkBodies = [{ name: 5, department_ids: 'x', mobile: {}, order: 'ten', parent_department_id: [] }, { name: 'x'.repeat(5000), employee_type: 7, leader_user_id: 'nobody' }, { name: 'a\u0000b', parent_department_id: '0' }, []];
  for (const c of larkCalls) {
    const path = c.path.replace(/:[a-z_]+/g, encodeURIComponent('nöt a guid'));
    for (const query of ['?page_size=abc&page_token=%25%25', '?user_id_type=email_id', '?page_token=eyJwIjoxfQ&department_id=nope']) {
      for (const body of c.method === 'POST' || c.method === 'PATCH' ? junkBodies : [undefined]) {
        const r = await s.app.inject({ method: c.method, url: path + query, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as never }) });
        expect(r.statusCode, `${c.method} ${path}${query}`).toBeLessThan(500);
        expect(r.json().code, `${c.method} ${c.path}${query} ${r.body.slice(0, 200)}`).toBeGreaterThan(0);
      }
    }
  }
});
