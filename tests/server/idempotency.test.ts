import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { openApp } from '../helpers/open-app.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { translate } from '../../i18n/index.ts';

/** Idempotency-Key on writes (docs/api.md, "Retrying writes: Idempotency-Key"), on the console's and the apps' calls. */
let s: TestServer;
let owner: { token: string; buGuid: string };
beforeAll(async () => {
  s = await startServer({ options: { events: { worker: false }, announcements: false } });
  owner = await tenantWithBu(s);
});
afterAll(() => s?.close());
afterEach(() => vi.restoreAllMocks());

const addRole = (token: string, name: string, key?: string, lang = 'en-US') =>
  s.post('/open/system/role/add', { name }, { token, lang, headers: key === undefined ? {} : { 'idempotency-key': key } });
const rolesNamed = async (name: string) => (await s.db.query<{ guid: string }>('select guid from role where name = $1', [name])).rows;
const replayed = (r: { raw: { headers: Record<string, unknown> } }) => r.raw.headers['idempotent-replayed'];

/** A database call that fails as the database being away (server/db/away.ts): the call answers 503. */
const away = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

/** Holds the next transaction the engine opens until `pass` (it then runs) or `fail` (the database away): a call left running. */
const holdNextTransaction = () => {
  const db = s.services.db;
  const real = db.transaction.bind(db);
  let go!: (pass: boolean) => void;
  const gate = new Promise<boolean>((resolve) => (go = resolve));
  const entered = new Promise<void>((resolve) => {
    vi.spyOn(db, 'transaction').mockImplementationOnce((async (fn: Parameters<typeof real>[0]) => {
      resolve();
      if (!(await gate)) throw away();
      return real(fn);
    }) as never);
  });
  return { entered, pass: () => go(true), fail: () => go(false) };
};

describe('Idempotency-Key: the console', () => {
  it('answers the first result to the same key and body without running the call again', async () => {
    const key = randomUUID();
    const name = `Once ${uid()}`;
    const first = await addRole(owner.token, name, key);
    expect(first.code).toBe(200);
    expect(replayed(first)).toBeUndefined();
    const second = await addRole(owner.token, name, key);
    expect(second.status).toBe(200);
    expect(second.code).toBe(200);
    expect(second.data.guid).toBe(first.data.guid);
    expect(replayed(second)).toBe('true');
    expect(await rolesNamed(name)).toEqual([{ guid: first.data.guid }]);
    // Without a key the same call runs again (and is refused as a duplicate name).
    expect((await addRole(owner.token, name)).code).toBe(201);
  });

  it('refuses the same key with a different body: HTTP 422, a sentence in the caller\'s language', async () => {
    const key = randomUUID();
    const name = `First ${uid()}`;
    expect((await addRole(owner.token, name, key)).code).toBe(200);
    const other = `Second ${uid()}`;
    const en = await addRole(owner.token, other, key);
    expect(en.status).toBe(422);
    expect(en.raw.json()).toEqual({ code: 201, data: null, message: translate('en', 'server.idempotency.key_reused') });
    const zh = await addRole(owner.token, other, key, 'zh-CN');
    expect(zh.status).toBe(422);
    expect(zh.message).toBe(translate('zh', 'server.idempotency.key_reused'));
    expect(zh.message).not.toBe(en.message);
    expect(await rolesNamed(other)).toEqual([]);
  });

  it("scopes a key by its caller: another account's same key and body runs its own call", async () => {
    const other = await tenantWithBu(s);
    const key = randomUUID();
    const name = `Shared ${uid()}`;
    const mine = await addRole(owner.token, name, key);
    const theirs = await addRole(other.token, name, key);
    expect(theirs.code).toBe(200);
    expect(replayed(theirs)).toBeUndefined();
    expect(theirs.data.guid).not.toBe(mine.data.guid);
    expect((await rolesNamed(name)).length).toBe(2);
  });

  it('refuses the key while its first request still runs (409), then replays that request\'s answer', async () => {
    const key = randomUUID();
    const name = `Busy ${uid()}`;
    const held = holdNextTransaction();
    const first = addRole(owner.token, name, key);
    await held.entered;
    const busy = await addRole(owner.token, name, key);
    expect(busy.status).toBe(409);
    expect(busy.raw.json()).toEqual({ code: 201, data: null, message: translate('en', 'server.idempotency.in_progress') });
    held.pass();
    const done = await first;
    expect(done.code).toBe(200);
    const again = await addRole(owner.token, name, key);
    expect(replayed(again)).toBe('true');
    expect(again.data.guid).toBe(done.data.guid);
    expect(await rolesNamed(name)).toEqual([{ guid: done.data.guid }]);
  });

  it('runs the call once when requests with the same key arrive together', async () => {
    const key = randomUUID();
    const name = `Together ${uid()}`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => addRole(owner.token, name, key)));
    const rows = await rolesNamed(name);
    expect(rows).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 409) expect(a.message).toBe(translate('en', 'server.idempotency.in_progress'));
      else expect(a.data.guid).toBe(rows[0].guid);
    }
    expect(answers.filter((a) => a.status === 200 && !replayed(a))).toHaveLength(1);
  });

  it('keeps no 503: a retry after the database was away runs the call', async () => {
    const key = randomUUID();
    const name = `Retried ${uid()}`;
    vi.spyOn(s.services.db, 'transaction').mockRejectedValueOnce(away());
    const failed = await addRole(owner.token, name, key);
    expect(failed.status).toBe(503);
    expect(await rolesNamed(name)).toEqual([]);
    const retried = await addRole(owner.token, name, key);
    expect(retried.code).toBe(200);
    expect(replayed(retried)).toBeUndefined();
    expect(await rolesNamed(name)).toEqual([{ guid: retried.data.guid }]);
  });

  it('tells a retry that a write whose commit landed but whose answer was lost was carried out, and does not run it again', async () => {
    const key = randomUUID();
    const name = `Landed ${uid()}`;
    const db = s.services.db;
    const real = db.transaction.bind(db);
    // The commit lands; its answer does not come back (a statement deadline passed on the commit).
    vi.spyOn(db, 'transaction').mockImplementationOnce((async (fn: Parameters<typeof real>[0]) => {
      await real(fn);
      throw away();
    }) as never);
    const failed = await addRole(owner.token, name, key);
    expect(failed.status).toBe(503);
    const [row] = await rolesNamed(name);
    expect(row).toBeDefined();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const retried = await addRole(owner.token, name, key, lang);
      expect(retried.status).toBe(409);
      expect(retried.message).toBe(translate(lang === 'en-US' ? 'en' : 'zh', 'server.idempotency.answer_lost'));
    }
    // Past the 60 s a crashed request's key is taken over; a carried-out one never is.
    await s.db.query("update idempotency_key set claimed_at = now() - interval '61 seconds' where carried_out");
    expect((await addRole(owner.token, name, key)).status).toBe(409);
    expect(await rolesNamed(name)).toEqual([row]);
  });

  it('takes over a key whose request stopped answering after 60 s', async () => {
    const key = randomUUID();
    const name = `Crashed ${uid()}`;
    const held = holdNextTransaction();
    const lost = addRole(owner.token, name, key);
    await held.entered;
    expect((await addRole(owner.token, name, key)).status).toBe(409);
    // As if the process holding it had died a minute ago.
    await s.db.query("update idempotency_key set claimed_at = now() - interval '61 seconds' where status is null");
    const taken = await addRole(owner.token, name, key);
    expect(taken.code).toBe(200);
    expect(replayed(taken)).toBeUndefined();
    // The lost request ends now: its 503 does not undo the answer kept for the key.
    held.fail();
    expect((await lost).status).toBe(503);
    const again = await addRole(owner.token, name, key);
    expect(replayed(again)).toBe('true');
    expect(again.data.guid).toBe(taken.data.guid);
    expect(await rolesNamed(name)).toEqual([{ guid: taken.data.guid }]);
  });

  it('refuses an empty key or one over 255 characters (400) and keeps nothing for it', async () => {
    const name = `Keyless ${uid()}`;
    for (const key of [' ', 'k'.repeat(256)]) {
      const r = await addRole(owner.token, name, key);
      expect(r.status).toBe(400);
      expect(r.message).toBe(translate('en', 'server.idempotency.key_invalid'));
    }
    expect(await rolesNamed(name)).toEqual([]);
    const key = 'k'.repeat(255);
    expect((await addRole(owner.token, name, key)).code).toBe(200);
    expect(replayed(await addRole(owner.token, name, key))).toBe('true');
  });

  it('ignores the key on an anonymous call: a login runs each time', async () => {
    const key = randomUUID();
    const login = () => s.post('/open/admin/sys-auth/login', { username: 'admin', password: 'Adm1nPassw0rd' }, { headers: { 'idempotency-key': key } });
    const [a, b] = [await login(), await login()];
    expect(a.data.token).not.toBe(b.data.token);
    expect(replayed(b)).toBeUndefined();
  });

  it('prunes keys past their 24 hours, and such a key runs again', async () => {
    const key = randomUUID();
    const name = `Old ${uid()}`;
    expect((await addRole(owner.token, name, key)).code).toBe(200);
    await s.db.query("update idempotency_key set created_at = now() - interval '25 hours'");
    const { pruneKeys } = await import('../../server/services/idempotency-keys.ts');
    await pruneKeys(s.db);
    expect((await s.db.query<{ n: number }>('select count(*)::int as n from idempotency_key')).rows[0].n).toBe(0);
    const again = await addRole(owner.token, name, key);
    expect(replayed(again)).toBeUndefined();
    expect(again.code).toBe(201);
  });
});

describe('Idempotency-Key: the apps', () => {
  let client: Awaited<ReturnType<typeof openApp>>;
  beforeAll(async () => {
    client = await openApp(s, await s.login());
  });
  const bearer = (key: string) => ({ headers: { authorization: `Bearer ${client.token}`, 'idempotency-key': key } });

  it('replays an app token\'s write on the open API', async () => {
    const key = randomUUID();
    const n = uid();
    const body = { name: `Member ${n}`, job_number: `J${n}` };
    const first = await s.post('/open/api/v1/member/create', body, bearer(key));
    expect(first.code).toBe(200);
    const second = await s.post('/open/api/v1/member/create', body, bearer(key));
    expect(replayed(second)).toBe('true');
    expect(second.data.guid).toBe(first.data.guid);
    const { rows } = await s.db.query('select guid from member where job_number = $1', [`J${n}`]);
    expect(rows).toEqual([{ guid: first.data.guid }]);
    expect((await s.post('/open/api/v1/member/create', { ...body, name: 'Other' }, bearer(key))).status).toBe(422);
  });

  it("replays on Lark's paths, and refuses in Lark's shape", async () => {
    const key = randomUUID();
    const name = `Dept ${uid()}`;
    const create = (payload: unknown) => s.app.inject({ method: 'POST', url: '/open-apis/contact/v3/departments', payload: payload as never, headers: bearer(key).headers });
    const first = await create({ name, parent_department_id: '0' });
    expect(first.json().code).toBe(0);
    const second = await create({ name, parent_department_id: '0' });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect((await s.db.query('select guid from department where name = $1', [name])).rows).toHaveLength(1);
    const other = await create({ name: `${name} 2`, parent_department_id: '0' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 1, msg: translate('en', 'server.idempotency.key_reused') });
  });
});

describe('Idempotency-Key: the documents', () => {
  it('declares the header on every write made with a token, and Idempotent-Replayed on its answer', async () => {
    const doc = async (url: string) => (await s.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } })).json();
    const [consoleDoc, apps] = [await doc('/open/openapi.json'), await doc('/open/api/openapi.json')];
    const KEY = { $ref: '#/components/parameters/IdempotencyKey' };
    for (const [d, op] of [[consoleDoc, consoleDoc.paths['/open/system/role/add'].post], [apps, apps.paths['/open/api/v1/member/create'].post], [apps, apps.paths['/open-apis/contact/v3/departments'].post]]) {
      expect(op.parameters).toContainEqual(KEY);
      expect(op.responses['200'].headers['Idempotent-Replayed'].schema).toEqual({ type: 'string', const: 'true' });
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
      expect(d.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false, schema: { maxLength: 255 } });
    }
    // An anonymous call ignores it, and says so by not declaring it.
    expect(consoleDoc.paths['/open/admin/sys-auth/login'].post.parameters).toBeUndefined();
  });
});
