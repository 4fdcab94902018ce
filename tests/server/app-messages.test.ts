import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * An app sends a message (`/open/api/v1/message/send`, scope `message:send`) to chosen members, a
 * department or its whole BU: it lands in their message center as an app message, counted in the
 * unread badge, and never reaches another BU's people nor names another BU's rows.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let sub: Awaited<ReturnType<typeof activeSub>>;
beforeAll(async () => {
  s = await startServer({ options: { announcements: false } });
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  // A colleague whose role opens the message center.
  const role = await s.post('/open/system/role/add', { name: `Readers ${uid()}` }, { token: A.token });
  const nodes = (await s.post('/open/system/role/auth-list', { guid: role.data.guid }, { token: A.token })).data.list as { guid: string; code: string }[];
  const reading = nodes.filter((n) => n.code.startsWith('tenant:notify-message')).map((n) => n.guid);
  expect((await s.post('/open/system/role/auth', { guid: role.data.guid, permission_guids: reading }, { token: A.token })).code).toBe(200);
  sub = await activeSub(s, A.token, [role.data.guid]);
});
afterAll(() => s?.close());

const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t}` }, lang: 'en' });
const appOf = async (owner: string, scopes: string[]) => {
  const app = await s.post('/open/app/create', { name: `Notifier ${uid()}`, code: `ntf-${uid()}` }, { token: owner });
  if (scopes.length) expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.data.guid, group_codes: scopes }, { token: await s.login() })).code).toBe(200);
  return (await s.services.appTokens.issue(app.data.guid, 7200)).app_access_token as string;
};
const ok = async (path: string, body: unknown, token: string) => {
  const r = await s.post(path, body, { token });
  expect(r.code, r.message).toBe(200);
  return r.data;
};
const appMessages = async (token: string) => (await ok('/open/sys-announcement/app-list', { page_size: 100 }, token)).list as { guid: string; title: string; read: boolean }[];
const unread = async (token: string) => (await ok('/open/sys-announcement/get-announcement-unread-quantity', {}, token)).quantity as number;

it('reaches the chosen members, a department or everyone, in the app tab with the unread badge; never another BU', async () => {
  const dept = await ok('/open/system/department/add', { name: `Ops ${uid()}` }, A.token);
  const member = (email: string | undefined, department_guid?: string) =>
    ok('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}`, ...(email ? { email } : {}), ...(department_guid ? { department_guid } : {}) }, A.token);
  const owner = await member(A.email, dept.guid);
  const colleague = await member(sub.email, dept.guid);
  await member(undefined, dept.guid);
  const send = async (token: string, body: Record<string, unknown>) => s.post('/open/api/v1/message/send', { title: `Hello ${uid()}`, body: 'The **build** is green.', ...body }, bearer(token));
  const app = await appOf(A.token, ['message:send']);

  const before = await unread(A.token);
  const one = await send(app, { member_guids: [owner.guid] });
  expect(one.code, one.message).toBe(200);
  expect(one.data).toEqual({ readers: 1 });
  const mine = await appMessages(A.token);
  expect(mine.filter((m) => m.title.startsWith('Hello')).map((m) => m.read)).toEqual([false]);
  expect(await unread(A.token)).toBe(before + 1);
  expect((await appMessages(sub.token)).some((m) => m.title.startsWith('Hello'))).toBe(false);
  // Opened, its body is the app's words as sanitised HTML, and it is read.
  const opened = await ok('/open/sys-announcement/get', { guid: mine.find((m) => m.title.startsWith('Hello'))!.guid }, A.token);
  expect(opened.html).toContain('<strong>build</strong>');
  expect(await unread(A.token)).toBe(before);

  expect((await send(app, { department_guid: dept.guid })).data).toEqual({ readers: 2 });
  expect((await appMessages(sub.token)).filter((m) => m.title.startsWith('Hello'))).toHaveLength(1);
  expect((await send(app, { all: true })).data).toEqual({ readers: null });
  expect((await appMessages(sub.token)).filter((m) => m.title.startsWith('Hello'))).toHaveLength(2);
  expect((await appMessages(B.token)).filter((m) => m.title.startsWith('Hello'))).toEqual([]);

  // Another BU's app names none of A's rows, and reaches nobody of A's.
  const theirs = await appOf(B.token, ['message:send']);
  expect((await send(theirs, { member_guids: [owner.guid] })).data?.permission_violations).toBeUndefined();
  expect((await send(theirs, { member_guids: [owner.guid] })).code).toBe(201);
  expect((await send(theirs, { department_guid: dept.guid })).code).toBe(201);
  expect((await send(theirs, { all: true })).code).toBe(200);
  expect((await appMessages(A.token)).filter((m) => m.title.startsWith('Hello'))).toHaveLength(3);
});

it('needs its scope and a target', async () => {
  const bare = await appOf(A.token, []);
  const refused = await s.post('/open/api/v1/message/send', { title: 'x', body: 'y', all: true }, bearer(bare));
  expect(refused.code).toBe(201);
  expect(refused.message).toContain('message:send');
  const app = await appOf(A.token, ['message:send']);
  const untargeted = await s.post('/open/api/v1/message/send', { title: 'x', body: 'y' }, bearer(app));
  expect(untargeted.code).toBe(201);
  expect(untargeted.message).toContain('Members');
  expect((await s.post('/open/api/v1/message/send', { title: 'x', body: 'y', all: true })).status).toBe(401);
});
