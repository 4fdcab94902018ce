import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { openApp } from '../helpers/open-app.ts';
import { uid } from '../helpers/tenant-flows.ts';

/**
 * Apps' writes run through the console's pipeline (`runCall`, server/engine/run-call.ts; issue 43,
 * finding 16): the privilege guard, the operation log naming the app, and after-commit effects
 * whose failure never turns a committed write into a refusal.
 */
const guarded = vi.hoisted(() => [] as { resource: string; action: string; appGuid?: string }[]);
vi.mock('../../server/engine/privilege.ts', async (original) => {
  const real = await original<typeof import('../../server/engine/privilege.ts')>();
  return {
    ...real,
    guardPrivileges: async (...args: Parameters<typeof real.guardPrivileges>) => {
      guarded.push({ resource: args[0].def.name, action: args[1], appGuid: args[0].caller?.appGuid });
      return real.guardPrivileges(...args);
    },
  };
});

let s: TestServer;
let client: Awaited<ReturnType<typeof openApp>>;
beforeAll(async () => {
  s = await startServer();
  client = await openApp(s, await s.login());
});
afterAll(() => s?.close());

const create = (n: string) => s.post('/open/api/v1/member/create', { name: `Member ${n}`, job_number: `J${n}`, phone: '13800138000', email: `m${n}@example.com` }, { headers: { authorization: `Bearer ${client.token}` } });

it('answers 200 for a committed write whose after-commit effect fails, and the row is there', async () => {
  const emit = s.services.events.emit.bind(s.services.events);
  const spy = vi.spyOn(s.services.events, 'emit').mockImplementation(async (ctx, tx, e) => {
    ctx.afterCommit(async () => {
      throw new Error('the worker could not be woken');
    });
    return emit(ctx, tx, e);
  });
  try {
    const n = uid();
    const r = await create(n);
    expect(spy).toHaveBeenCalled();
    expect(r.code, r.message).toBe(200);
    expect((await s.db.query('select 1 from member where guid = $1 and job_number = $2', [r.data.guid, `J${n}`])).rows).toHaveLength(1);
  } finally {
    spy.mockRestore();
  }
});

it("writes an app's write in the operation log, naming the app as its actor", async () => {
  const r = await create(uid());
  expect(r.code, r.message).toBe(200);
  await s.services.audit.flush('operation_log');
  const { rows } = await s.db.query<{ user_guid: string; username: string; bu_guid: string; path: string; action: string }>(
    'select user_guid, username, bu_guid, path, action from operation_log where target_guid = $1', [r.data.guid],
  );
  expect(rows).toEqual([{ user_guid: client.app.guid, username: client.app.app_id, bu_guid: client.owner.buGuid, path: '/open/api/v1/member/create', action: 'add' }]);
});

it('runs the privilege guard for app writes', async () => {
  guarded.length = 0;
  expect((await create(uid())).code).toBe(200);
  expect(guarded).toEqual([{ resource: 'member', action: 'add', appGuid: client.app.guid }]);
});

it("logs the open API's own writes (a message an app sends) naming the app, and none of its reads", async () => {
  const bearer = { headers: { authorization: `Bearer ${client.token}` } };
  const sent = await s.post('/open/api/v1/message/send', { title: `Hello ${uid()}`, body: 'Built.', all: true }, bearer);
  expect(sent.code, sent.message).toBe(200);
  expect((await s.post('/open/api/v1/app/info', {}, bearer)).code).toBe(200);
  await s.services.audit.flush('operation_log');
  const { rows } = await s.db.query<{ resource: string; action: string; path: string; fields: string[] }>(
    'select resource, action, path, fields from operation_log where user_guid = $1 and resource <> $2 order by created_at', [client.app.guid, 'member'],
  );
  expect(rows).toEqual([{ resource: 'message', action: 'add', path: '/open/api/v1/message/send', fields: ['title', 'body', 'all'] }]);
});

it("logs a person's writes made through calls no definition serves (their profile, a role's holders), and not their reads", async () => {
  const { owner } = client;
  const token = { token: owner.token };
  expect((await s.post('/open/system/user/update-personal-real-name', { name: 'Ada Lovelace' }, token)).code).toBe(200);
  const role = await s.post('/open/system/role/add', { name: `Holders ${uid()}` }, token);
  expect((await s.post('/open/system/role-user/assign-users', { role_guid: role.data.guid, user_guids: [] }, token)).code).toBe(200);
  expect((await s.post('/open/system/user/info', {}, token)).code).toBe(200);
  await s.services.audit.flush('operation_log');
  const { rows } = await s.db.query<{ resource: string; action: string; path: string }>(
    'select resource, action, path from operation_log where username = $1 and path = any($2) order by created_at',
    [owner.username, ['/open/system/user/update-personal-real-name', '/open/system/role-user/assign-users', '/open/system/user/info']],
  );
  expect(rows).toEqual([
    { resource: 'user', action: 'update', path: '/open/system/user/update-personal-real-name' },
    { resource: 'role', action: 'auth', path: '/open/system/role-user/assign-users' },
  ]);
});
