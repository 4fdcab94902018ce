import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneApiLog } from '../../server/services/api-log.ts';
import { API_LOG_HOURS_BACKFILL } from '../../server/services/api-log-hours.ts';
import { secretDigest } from '../../server/services/app-credentials.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  [A, B] = [await tenantWithBu(s), await tenantWithBu(s)];
  admin = await s.login();
});
afterAll(() => s?.close());

const post = (path: string, body: unknown = {}, token = A.token, lang?: string) => s.post(path, body, { token, lang });
/** Every string anywhere in an answer. */
const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);

describe('apps and their credentials', () => {
  it('a created app answers its app id and both secrets once; they are stored as digests and never answered again', async () => {
    const created = await post('/open/app/create', { name: `Portal ${uid()}`, code: `portal-${uid()}` });
    expect(created.code, created.message).toBe(200);
    const { guid, app_id, app_secret, server_secret } = created.data;
    expect(app_id).toMatch(/^cli_[0-9a-f]{16}$/);
    expect(app_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.data).toMatchObject({ type: 1, status: 0, token_ttl: 7200 });

    const stored = (await s.db.query<{ app_secret: string; server_secret: string }>('select app_secret, server_secret from app where guid = $1', [guid])).rows[0];
    expect(stored).toEqual({ app_secret: secretDigest(app_secret), server_secret: secretDigest(server_secret) });

    // Neither the secrets nor their digests in any answer after the first.
    const answers = [
      await post('/open/app/get-app-detail', { guid }),
      await post('/open/app/list', { page: 1, page_size: 20 }),
      await post('/open/app/app-list', {}),
      await post('/open/app/update-info', { guid, description: 'Our portal' }),
      await s.post('/open/admin/app/app-list', { page: 1, page_size: 20 }, { token: admin }),
      await s.post('/open/admin/app/get-app-detail', { guid }, { token: admin }),
    ];
    for (const a of answers) {
      expect(a.code, a.message).toBe(200);
      const all = strings(a.data);
      for (const secret of [app_secret, server_secret, stored.app_secret, stored.server_secret]) expect(all).not.toContain(secret);
    }
    expect(answers[0].data).toMatchObject({ app_id, description: null });
    expect(answers[0].data).not.toHaveProperty('app_secret');
    expect(answers[3].data.description).toBe('Our portal');
    // Sorting on a secret is not offered either.
    const sorted = await post('/open/app/list', { page: 1, page_size: 20, sort: 'app_secret' });
    expect(sorted.code).toBe(200);
  });

  it('a reset answers a new secret once and the old digest is gone; the app id stays', async () => {
    const created = await post('/open/app/create', { name: `Reset ${uid()}`, code: `reset-${uid()}` });
    const reset = await post('/open/app/reset-secret', { guid: created.data.guid });
    expect(reset.code, reset.message).toBe(200);
    expect(reset.data.app_id).toBe(created.data.app_id);
    expect(reset.data.app_secret).not.toBe(created.data.app_secret);
    const stored = (await s.db.query<{ app_secret: string }>('select app_secret from app where guid = $1', [created.data.guid])).rows[0];
    expect(stored.app_secret).toBe(secretDigest(reset.data.app_secret));
  });

  it("the app code is letters, digits and hyphens, up to 32, unique in the BU; another BU's apps are out of reach", async () => {
    const bad = await post('/open/app/create', { name: 'x', code: 'has space' }, A.token, 'en');
    expect(bad.code).toBe(201);
    expect(bad.message).toMatch(/letters, digits and hyphens/);
    expect((await post('/open/app/create', { name: 'x', code: 'a'.repeat(33) })).code).toBe(201);
    const code = `dup-${uid()}`;
    expect((await post('/open/app/create', { name: `One ${uid()}`, code })).code).toBe(200);
    expect((await post('/open/app/create', { name: `Two ${uid()}`, code })).code).toBe(201);
    // The same code in another BU is that BU's own.
    expect((await post('/open/app/create', { name: `Three ${uid()}`, code }, B.token)).code).toBe(200);

    const mine = await post('/open/app/create', { name: `Mine ${uid()}`, code: `mine-${uid()}` });
    for (const call of ['get-app-detail', 'reset-secret', 'update-status', 'delete']) {
      const r = await post(`/open/app/${call}`, { guid: mine.data.guid, guids: [mine.data.guid], status: 1 }, B.token);
      expect(r.code, call).not.toBe(200);
    }
    const stored = (await s.db.query<{ status: number }>('select status from app where guid = $1', [mine.data.guid])).rows[0];
    expect(stored.status).toBe(0);
  });

  it('disabling is a status action the operator can take too', async () => {
    const created = await post('/open/app/create', { name: `Off ${uid()}`, code: `off-${uid()}` });
    expect((await post('/open/app/update-status', { guid: created.data.guid, status: 1 })).data.status).toBe(1);
    expect((await s.post('/open/admin/app/update-status', { guid: created.data.guid, status: 0 }, { token: admin })).data.status).toBe(0);
  });
});

describe('app access tokens (Lark rules)', () => {
  const newApp = async () => (await post('/open/app/create', { name: `Tok ${uid()}`, code: `tok-${uid()}` })).data;
  const token = (app_id: string, app_secret: string) => s.post('/open/api/auth/app-access-token', { app_id, app_secret }, { lang: 'en' });
  const info = (t: string) => s.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${t}` } });

  it('answers the same token while 30 minutes or more are left, a new one below that, and both work until their own expiry', async () => {
    const app = await newApp();
    const first = await token(app.app_id, app.app_secret);
    expect(first.code, first.message).toBe(200);
    expect(first.data.app_access_token).toMatch(/^t-[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(first.data.expire).toBe(7200);
    const again = await token(app.app_id, app.app_secret);
    expect(again.data.app_access_token).toBe(first.data.app_access_token);
    expect(again.data.expire).toBeLessThanOrEqual(7200);
    // The token is not stored: only its id, app and expiry are.
    const rows = (await s.db.query<Record<string, unknown>>('select * from app_token where app_guid = $1', [app.guid])).rows;
    expect(JSON.stringify(rows)).not.toContain(first.data.app_access_token.split('.')[1]);

    await s.db.query("update app_token set expires_at = now() + interval '20 minutes' where app_guid = $1", [app.guid]);
    const renewed = await token(app.app_id, app.app_secret);
    expect(renewed.data.app_access_token).not.toBe(first.data.app_access_token);
    expect(renewed.data.expire).toBe(7200);
    for (const t of [first.data.app_access_token, renewed.data.app_access_token]) {
      const me = await info(t);
      expect(me.code, me.message).toBe(200);
      expect(me.data).toMatchObject({ guid: app.guid, app_id: app.app_id, bu_guid: A.buGuid });
      expect(me.data).not.toHaveProperty('app_secret');
    }
    // Past its expiry a token is refused.
    await s.db.query("update app_token set expires_at = now() - interval '1 second' where app_guid = $1 and expires_at < now() + interval '1 hour'", [app.guid]);
    // Verified tokens are cached up to the expiry they had; this one's was moved by hand.
    s.services.appTokens.forget();
    expect((await info(first.data.app_access_token)).status).toBe(401);
  });

  it('a wrong secret, an unknown id and a disabled app read the same; a disabled app\'s tokens stop at once; a reset ends the old tokens', async () => {
    const app = await newApp();
    const live = (await token(app.app_id, app.app_secret)).data.app_access_token;
    const wrong = await token(app.app_id, 'x'.repeat(43));
    const unknown = await token('cli_0000000000000000', app.app_secret);
    expect(wrong.code).toBe(201);
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.message).toBe('The app ID or app secret is wrong, or the app is disabled.');
    expect(JSON.stringify({ data: wrong.data, message: wrong.message })).not.toContain(app.app_secret);

    await post('/open/app/update-status', { guid: app.guid, status: 1 });
    expect((await info(live)).status).toBe(401);
    expect((await token(app.app_id, app.app_secret)).message).toBe(wrong.message);
    await post('/open/app/update-status', { guid: app.guid, status: 0 });
    expect((await info(live)).code).toBe(200);

    const reset = await post('/open/app/reset-secret', { guid: app.guid });
    expect((await info(live)).status).toBe(401);
    expect((await token(app.app_id, app.app_secret)).code).toBe(201);
    expect((await token(app.app_id, reset.data.app_secret)).code).toBe(200);
  });

  it('app tokens and console tokens never open each other\'s calls; a forged token is refused', async () => {
    const app = await newApp();
    const t = (await token(app.app_id, app.app_secret)).data.app_access_token as string;
    expect((await s.post('/open/app/list', { page: 1, page_size: 20 }, { token: t })).status).toBe(401);
    expect((await s.post('/open/admin/app/app-list', { page: 1, page_size: 20 }, { token: t })).status).toBe(401);
    for (const console of [A.token, admin]) expect((await info(console)).status).toBe(401);
    expect((await s.post('/open/api/v1/app/info', {})).status).toBe(401);
    const [id] = t.slice(2).split('.');
    expect((await info(`t-${id}.${'A'.repeat(43)}`)).status).toBe(401);
  });

  it("failures lock the failing address's lane for that app, never the app: the right secret from another address still gets a token", async () => {
    const app = await newApp();
    const from = async (remoteAddress: string, app_secret: string) =>
      (await s.app.inject({ method: 'POST', url: '/open/api/auth/app-access-token', remoteAddress, payload: { app_id: app.app_id, app_secret }, headers: { 'accept-language': 'en' } })).json();
    for (let i = 0; i < 10; i++) expect((await from('198.51.100.7', `wrong-${i}`)).code).toBe(201);
    const blocked = await from('198.51.100.7', app.app_secret);
    expect(blocked.code).toBe(201);
    expect(blocked.message).toMatch(/Too many failed attempts from this address for this app.*15 minutes/);
    // The owner, elsewhere, is not locked out; nor is another app from the failing address.
    const owner = await from('203.0.113.9', app.app_secret);
    expect(owner.code, owner.message).toBe(200);
    const other = await newApp();
    const otherFromThere = (await s.app.inject({ method: 'POST', url: '/open/api/auth/app-access-token', remoteAddress: '198.51.100.7', payload: { app_id: other.app_id, app_secret: other.app_secret } })).json();
    expect(otherFromThere.code, otherFromThere.message).toBe(200);
  });

  it("a disabled BU's app tokens are refused at once and none are issued; enabling it again restores them", async () => {
    const owner = await tenantWithBu(s);
    const app = (await s.post('/open/app/create', { name: `Bu ${uid()}`, code: `bu-${uid()}` }, { token: owner.token })).data;
    const live = (await token(app.app_id, app.app_secret)).data.app_access_token;
    expect((await info(live)).code).toBe(200);
    expect((await s.post('/open/system/bu/update-status', { guid: owner.buGuid, status: 1 }, { token: owner.token })).code).toBe(200);
    expect((await info(live)).status).toBe(401);
    const refused = await token(app.app_id, app.app_secret);
    expect(refused.code).toBe(201);
    expect(refused.message).toBe("This app's business unit has been disabled, so its apps get no access tokens until the business unit is enabled again.");
    // Another instance's cache (or this one's, without the change's own drop) does not keep it alive: the check reads the BU.
    s.services.appTokens.forget();
    expect((await info(live)).status).toBe(401);
    // The owner's console token for that BU ended with it; a new login lands elsewhere, so the BU is enabled as its creator.
    const login = await s.post('/open/sys-auth/login', { username: owner.username, password: owner.password });
    expect((await s.post('/open/system/bu/update-status', { guid: owner.buGuid, status: 0 }, { token: login.data.token })).code).toBe(200);
    expect((await info(live)).code).toBe(200);
    expect((await token(app.app_id, app.app_secret)).code).toBe(200);
  });
});

describe('the open-API call log', () => {
  it('records each call an app makes, answers its request id, and searches by app, time, api code, status and request id', async () => {
    const app = (await post('/open/app/create', { name: `Log ${uid()}`, code: `log-${uid()}` })).data;
    // (The throttling test above has used up this address's failures: the token comes from the service.)
    const t = (await s.services.appTokens.issue(app.guid, 7200)).app_access_token;
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await s.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${t}` } }));
    const ids = calls.map((c) => c.raw.headers['x-request-id']);
    expect(new Set(ids).size).toBe(3);

    const page = await post('/open/app/api-log/page', { app_guid: app.guid, page: 1, page_size: 2 });
    expect(page.code, page.message).toBe(200);
    expect(page.data).toMatchObject({ count: 3, count_capped: false, page_size: 2 });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.list[0]).toMatchObject({ api_code: 'app.info', http_status: 200, code: 200, request_id: ids[2] });
    expect((await post('/open/app/api-log/page', { app_guid: app.guid, request_id: ids[0] })).data.list.map((r: { request_id: string }) => r.request_id)).toEqual([ids[0]]);
    expect((await post('/open/app/api-log/page', { app_guid: app.guid, http_status: 500 })).data.count).toBe(0);
    expect((await post('/open/app/api-log/page', { app_guid: app.guid, api_code: 'app.info' })).data.count).toBe(3);
    // A window in the past holds none of them.
    const old = { from: new Date(Date.now() - 3 * 86_400_000).toISOString(), to: new Date(Date.now() - 2 * 86_400_000).toISOString() };
    expect((await post('/open/app/api-log/page', { app_guid: app.guid, ...old })).data.count).toBe(0);
  });

  it('refuses a window over 7 days, and another BU\'s app', async () => {
    const app = (await post('/open/app/create', { name: `Win ${uid()}`, code: `win-${uid()}` })).data;
    const wide = await post('/open/app/api-log/page', { app_guid: app.guid, from: new Date(Date.now() - 8 * 86_400_000).toISOString() }, A.token, 'en');
    expect(wide.code).toBe(201);
    expect(wide.message).toContain('at most 7 days');
    expect((await post('/open/app/api-log/page', { app_guid: app.guid }, B.token)).code).toBe(201);
  });

  it('pruning removes rows older than the retention, in batches, and keeps the rest', async () => {
    const app = (await post('/open/app/create', { name: `Old ${uid()}`, code: `old-${uid()}` })).data;
    await s.db.query(
      `insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at)
       select gen_random_uuid(), $1, $2, 'app.info', 200, 200, 1, 'r' || g, now() - make_interval(days => case when g <= 7 then 40 else 1 end)
       from generate_series(1, 10) g`,
      [app.guid, A.buGuid],
    );
    await s.db.query(API_LOG_HOURS_BACKFILL);
    expect(await pruneApiLog(s.db, 30, 3)).toBeGreaterThanOrEqual(7);
    const left = await s.db.query<{ n: number }>('select count(*)::int as n from api_log where app_guid = $1', [app.guid]);
    expect(left.rows[0].n).toBe(3);
    // The pruned hours' counts go with them; the kept rows' stay.
    const hours = await s.db.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from api_log_hour where app_guid = $1', [app.guid]);
    expect(hours.rows[0].n).toBe(3);
  });
});

describe('scopes: apply, operator audit, and the check on open-API calls', () => {
  const SCOPE_CODE = 'contact:department:readonly';
  const tree = (t: string) => s.post('/open/api/v1/department/tree', {}, { headers: { authorization: `Bearer ${t}` }, lang: 'en' });

  it('a call outside the opened scopes names the scope and where to apply; apply → under review → approved opens it; a rejection has its reason and can be applied for again', async () => {
    const app = (await post('/open/app/create', { name: `Scope ${uid()}`, code: `scope-${uid()}` })).data;
    await post('/open/system/department/add', { name: `Dept ${uid()}` });
    const t = (await s.services.appTokens.issue(app.guid, 7200)).app_access_token;

    const refused = await tree(t);
    expect(refused.code).toBe(201);
    expect(refused.message).toContain(SCOPE_CODE);
    expect(refused.message).toContain(`/business/app/${app.guid}/permission`);
    expect(refused.data.permission_violations).toEqual([{ type: 'action_scope_required', subject: SCOPE_CODE }]);
    // The refusal is in the app's log too.
    const logged = await post('/open/app/api-log/page', { app_guid: app.guid, api_code: 'department.tree' });
    expect(logged.data.list[0]).toMatchObject({ http_status: 200, code: 201 });

    const scopes = async () => (await post('/open/app/permissions/list', { guid: app.guid })).data.find((g: { code: string }) => g.code === SCOPE_CODE);
    expect((await scopes()).status).toBe(0);
    const applied = await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.guid, group_codes: [SCOPE_CODE] });
    expect(applied.code, applied.message).toBe(200);
    expect(applied.data.status).toBe(0);
    expect((await scopes()).status).toBe(1);
    // Applying again while under review is refused.
    expect((await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.guid, group_codes: [SCOPE_CODE] })).code).toBe(201);

    const waiting = await s.post('/open/admin/app/permissions/audit-record/wait-audit/items-by-app-guid', { app_guid: app.guid }, { token: admin });
    expect(waiting.data.map((r: { guid: string }) => r.guid)).toContain(applied.data.guid);
    // Rejecting needs a reason; the scope goes back to not opened; the tenant reads the reason.
    expect((await s.post('/open/admin/app/permissions/audit-record/close-audit', { guid: applied.data.guid }, { token: admin })).code).toBe(201);
    const closed = await s.post('/open/admin/app/permissions/audit-record/close-audit', { guid: applied.data.guid, remark: 'Say what the app does with departments.' }, { token: admin });
    expect(closed.data).toMatchObject({ status: 2, remark: 'Say what the app does with departments.' });
    expect((await scopes()).status).toBe(0);
    expect((await post('/open/app/permissions/audit-record/info', { guid: applied.data.guid })).data.remark).toBe('Say what the app does with departments.');

    const again = await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.guid, group_codes: [SCOPE_CODE] });
    const opened = await s.post('/open/admin/app/permissions/audit-record/open-audit', { guid: again.data.guid }, { token: admin });
    expect(opened.data.status, opened.message).toBe(1);
    expect((await scopes()).status).toBe(2);
    const answered = await tree(t);
    expect(answered.code, answered.message).toBe(200);
    expect(answered.data.map((d: { name: string }) => d.name).some((n: string) => n.startsWith('Dept '))).toBe(true);
    expect((await s.post('/open/admin/app/permissions/audit-record/sign-complete', { guid: again.data.guid }, { token: admin })).data.status).toBe(3);
  });

  it("operators list an app's state in every scope (seeded names in their language), open one directly, and reach any BU's app", async () => {
    const app = (await post('/open/app/create', { name: `Op ${uid()}`, code: `op-${uid()}` }, B.token)).data;
    const list = async (lang: string) => (await s.post('/open/admin/app/permissions/list', { guid: app.guid }, { token: admin, lang })).data as { code: string; name: string; status: number }[];
    const en = await list('en-US');
    expect(en.find((g) => g.code === SCOPE_CODE)).toMatchObject({ name: 'Read departments', status: 0 });
    expect((await list('zh-CN')).find((g) => g.code === SCOPE_CODE)!.name).toBe('读取部门信息');
    expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: [SCOPE_CODE] }, { token: admin })).code).toBe(200);
    expect((await list('en-US')).find((g) => g.code === SCOPE_CODE)!.status).toBe(2);
    // A tenant's token is refused on the operator's calls; an unknown app is named as not found.
    expect((await post('/open/admin/app/permissions/list', { guid: app.guid })).code).toBe(201);
    expect((await s.post('/open/admin/app/permissions/list', { guid: '00000000-0000-4000-8000-000000000000' }, { token: admin })).code).toBe(201);
  });

  it("an app reads only its own BU's departments; a tenant cannot apply for another BU's app, an unknown scope, or approve its own", async () => {
    const mine = (await post('/open/app/create', { name: `Iso ${uid()}`, code: `iso-${uid()}` })).data;
    const theirs = (await post('/open/app/create', { name: `Iso ${uid()}`, code: `iso-${uid()}` }, B.token)).data;
    await post('/open/system/department/add', { name: `B only ${uid()}` }, B.token);
    expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: mine.guid, group_codes: [SCOPE_CODE] }, { token: admin })).code).toBe(200);
    const names = (await tree((await s.services.appTokens.issue(mine.guid, 7200)).app_access_token)).data.map((d: { name: string }) => d.name);
    expect(names.some((n: string) => n.startsWith('B only'))).toBe(false);

    expect((await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: theirs.guid, group_codes: [SCOPE_CODE] })).code).toBe(201);
    expect((await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: mine.guid, group_codes: ['no:such:scope'] })).code).toBe(201);
    const pending = await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: (await post('/open/app/create', { name: `Own ${uid()}`, code: `own-${uid()}` })).data.guid, group_codes: [SCOPE_CODE] });
    // No tenant-side approval exists: the operator's call refuses a tenant token.
    expect((await post('/open/admin/app/permissions/audit-record/open-audit', { guid: pending.data.guid })).code).toBe(201);
    expect((await post('/open/app/permissions/audit-record/info', { guid: pending.data.guid }, B.token)).code).toBe(201);
  });

  it('the scope table lists the APIs a scope unlocks, without a token', async () => {
    const groups = await s.post('/open/admin/app-manage/app-auth/api-group-list', {}, { token: admin });
    const group = groups.data.find((g: { code: string }) => g.code === SCOPE_CODE);
    const apis = await s.post('/open/api-field/group-api-detail', { guid: group.guid, page: 1, page_size: 10 });
    expect(apis.code, apis.message).toBe(200);
    // The calls of the definitions naming this scope (`openApi`), in their order.
    expect(apis.data).toMatchObject({ count: 3, list: [{ api_code: 'department.page', path: '/open/api/v1/department/page', category: 1 }, { api_code: 'department.get' }, { api_code: 'department.tree' }] });
    // By its code too, for the reviewer of an application.
    const byCode = await s.post('/open/api-field/group-api-detail', { code: SCOPE_CODE, page: 1, page_size: 10 });
    expect(byCode.data).toEqual(apis.data);
    expect((await s.post('/open/api-field/group-api-detail', { code: 'no:such:scope' })).code).toBe(201);
    expect((await s.post('/open/api-field/group-api-detail', {})).code).toBe(201);
    // The department events (docs/events.md) need this scope.
    expect((await s.post('/open/api-field/group-event-detail', { guid: group.guid })).data).toMatchObject({ count: 3, list: [{ api_code: 'contact.department.created_v3', category: 2 }, {}, {}] });
  });
});


describe("the open API reads and writes through the console's definitions", () => {
  const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t}` }, lang: 'en' });
  const appWith = async (scopes: string[]) => {
    const app = (await post('/open/app/create', { name: `Api ${uid()}`, code: `api-${uid()}` })).data;
    if (scopes.length) expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: scopes }, { token: admin })).code).toBe(200);
    return { ...app, token: (await s.services.appTokens.issue(app.guid, 7200)).app_access_token as string };
  };

  it("members: add, page, get and update as the app's BU, with the console's validation and rules; another BU's member is out of reach", async () => {
    const app = await appWith(['contact:member:readonly', 'contact:member:write']);
    const name = `Api member ${uid()}`;
    const added = await s.post('/open/api/v1/member/create', { name, job_number: `J${uid()}`, phone: '13800138000' }, bearer(app.token));
    expect(added.code, added.message).toBe(200);
    expect(added.data).toMatchObject({ name, bu_guid: A.buGuid, duty_status: 0 });
    // The console sees the app's member: one table, one definition.
    expect((await post('/open/system/member/get', { guid: added.data.guid })).data.name).toBe(name);

    const page = await s.post('/open/api/v1/member/page', { page: 1, page_size: 10, name }, bearer(app.token));
    expect(page.data).toMatchObject({ count: 1, list: [{ guid: added.data.guid }] });
    // Found by e-mail or phone (exact), as the console's list filters do.
    const email = `api${uid()}@example.com`;
    expect((await s.post('/open/api/v1/member/update', { guid: added.data.guid, email }, bearer(app.token))).code).toBe(200);
    expect((await s.post('/open/api/v1/member/page', { email }, bearer(app.token))).data).toMatchObject({ count: 1, list: [{ guid: added.data.guid }] });
    expect((await s.post('/open/api/v1/member/page', { name, phone: '13800138001' }, bearer(app.token))).data.count).toBe(0);
    expect((await s.post('/open/api/v1/member/page', { name, phone: '13800138000' }, bearer(app.token))).data.count).toBe(1);
    const updated = await s.post('/open/api/v1/member/update', { guid: added.data.guid, english_name: 'Api' }, bearer(app.token));
    expect(updated.code, updated.message).toBe(200);
    expect((await s.post('/open/api/v1/member/get', { guid: added.data.guid }, bearer(app.token))).data.english_name).toBe('Api');

    // The console's schema and rules: a bad phone names the field; a 852 number needs 8 digits.
    const bad = await s.post('/open/api/v1/member/create', { name: 'x', area_code: '852', phone: '13800138000' }, bearer(app.token));
    expect(bad.code).toBe(201);
    expect(JSON.stringify(bad.data)).toContain('phone');

    const theirs = await s.post('/open/system/member/add', { name: `Theirs ${uid()}` }, { token: B.token });
    expect((await s.post('/open/api/v1/member/get', { guid: theirs.data.guid }, bearer(app.token))).code).toBe(201);
    expect((await s.post('/open/api/v1/member/update', { guid: theirs.data.guid, name: 'Taken' }, bearer(app.token))).code).toBe(201);
    expect((await s.post('/open/system/member/get', { guid: theirs.data.guid }, { token: B.token })).data.name).not.toBe('Taken');
    const all = await s.post('/open/api/v1/member/page', { page: 1, page_size: 100 }, bearer(app.token));
    expect(all.data.list.every((m: { bu_guid: string }) => m.bu_guid === A.buGuid)).toBe(true);
  });

  it("the BU's own information, with its scope", async () => {
    expect((await s.post('/open/api/v1/bu/info', {}, bearer((await appWith([])).token))).message).toContain('org:bu:readonly');
    const info = await s.post('/open/api/v1/bu/info', {}, bearer((await appWith(['org:bu:readonly'])).token));
    expect(info.code, info.message).toBe(200);
    expect(info.data).toMatchObject({ guid: A.buGuid, name: (await post('/open/system/bu/list', {})).data.find((b: { guid: string }) => b.guid === A.buGuid).name });
  });

  it('reading does not open writing: each call checks its own scope', async () => {
    const app = await appWith(['contact:member:readonly']);
    expect((await s.post('/open/api/v1/member/page', {}, bearer(app.token))).code).toBe(200);
    const refused = await s.post('/open/api/v1/member/create', { name: 'No' }, bearer(app.token));
    expect(refused.code).toBe(201);
    expect(refused.data.permission_violations).toEqual([{ type: 'action_scope_required', subject: 'contact:member:write' }]);
    for (const path of ['/open/api/v1/position/page', '/open/api/v1/company/page', '/open/api/v1/project/page']) expect((await s.post(path, {}, bearer(app.token))).code, path).toBe(201);
    const org = await appWith(['contact:position:readonly', 'org:company:readonly', 'org:project:readonly']);
    for (const path of ['/open/api/v1/position/page', '/open/api/v1/company/page', '/open/api/v1/project/page']) {
      const r = await s.post(path, { page: 1, page_size: 5 }, bearer(org.token));
      expect(r.code, `${path}: ${r.message}`).toBe(200);
      expect(r.data).toHaveProperty('list');
    }
  });

  it("the open API's OpenAPI document names each call's api_code, scope and request schema, and no secret", async () => {
    const raw = await s.app.inject({ method: 'GET', url: '/open/api/openapi.json' });
    const doc = raw.json();
    const create = doc.paths['/open/api/v1/member/create'].post;
    expect(create).toMatchObject({ operationId: 'member.add', 'x-scope': 'contact:member:write' });
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toContain('job_number');
    expect(doc.paths['/open/api/v1/app/info'].post.operationId).toBe('app.info');
    expect(raw.body).not.toMatch(/app_secret"\s*:\s*"[^"]/);
  });
});

describe('per-app rate limit per API', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startServer({ options: { openApiRatePerMinute: 3 } });
  });
  afterAll(() => slow?.close());

  it('answers 429 in the envelope with the seconds to wait, per app and API, and logs it', async () => {
    const t = await tenantWithBu(slow);
    const app = (await slow.post('/open/app/create', { name: `Rate ${uid()}`, code: `rate-${uid()}` }, { token: t.token })).data;
    const token = (await slow.services.appTokens.issue(app.guid, 7200)).app_access_token;
    const info = () => slow.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${token}` }, lang: 'en' });
    // The window is the clock's minute: wait out its last seconds so that four calls share one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 3000) await new Promise((r) => setTimeout(r, left + 50));
    for (let i = 0; i < 3; i++) expect((await info()).code).toBe(200);
    const limited = await info();
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(201);
    expect(limited.message).toMatch(/at most 3 calls a minute/);
    const wait = Number(limited.raw.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited.raw.headers['x-ratelimit-reset']).toBe(String(wait));
    // Another API of the same app has its own count.
    expect((await slow.post('/open/api/v1/department/tree', {}, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const log = await slow.post('/open/app/api-log/page', { app_guid: app.guid, http_status: 429 }, { token: t.token });
    expect(log.data.list).toHaveLength(1);
  });
});

describe("an app's security, abilities, the tenant's side of an application, and app management", () => {
  const newApp = async (extra: Record<string, unknown> = {}) => (await post('/open/app/create', { name: `Sec ${uid()}`, code: `sec-${uid()}`, ...extra })).data;

  it('security: IP whitelist and redirect URLs validated; the whitelist guards token and API calls; another BU cannot read or write it', async () => {
    const app = await newApp();
    expect((await post('/open/app/get-app-security', { app_guid: app.guid })).data).toMatchObject({ guid: null, ip_whitelist: [], redirect_urls: [] });
    const bad = await post('/open/app/set-app-security', { app_guid: app.guid, ip_whitelist: ['300.1.1.1'], redirect_urls: ['javascript:alert(1)'] });
    expect(bad.code).toBe(201);
    const saved = await post('/open/app/set-app-security', { app_guid: app.guid, ip_whitelist: ['10.1.0.0/16'] });
    expect(saved.code, saved.message).toBe(200);
    expect((await post('/open/app/save-backurl', { app_guid: app.guid, redirect_urls: ['https://portal.example.com/back'] })).data).toMatchObject({ ip_whitelist: ['10.1.0.0/16'], redirect_urls: ['https://portal.example.com/back'] });
    // The operator may set redirect URLs too; another BU may not even read.
    expect((await s.post('/open/admin/app/save-backurl', { app_guid: app.guid, redirect_urls: ['http://localhost:3000/cb'] }, { token: admin })).code).toBe(200);
    for (const path of ['/open/app/get-app-security', '/open/app/set-app-security', '/open/app/save-backurl']) {
      const r = await post(path, { app_guid: app.guid, redirect_urls: [] }, B.token);
      expect(r.code, path).toBe(201);
    }

    // Injected requests come from 127.0.0.1: outside 10.1.0.0/16.
    const token = (await s.services.appTokens.issue(app.guid, 7200)).app_access_token;
    const info = await s.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${token}` }, lang: 'en' });
    expect(info.code).toBe(201);
    expect(info.message).toBe("The address 127.0.0.1 is not on this app’s IP whitelist.");
    await post('/open/app/set-app-security', { app_guid: app.guid, ip_whitelist: ['127.0.0.0/8'] });
    expect((await s.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${token}` } })).code).toBe(200);

    const row = (await post('/open/app/get-app-security', { app_guid: app.guid })).data;
    expect((await post('/open/app/del-app-security', { guid: row.guid }, B.token)).code).toBe(201);
    expect((await post('/open/app/del-app-security', { guid: row.guid })).code).toBe(200);
    expect((await post('/open/app/get-app-security', { app_guid: app.guid })).data.ip_whitelist).toEqual([]);
  });

  it('the tenant withdraws a pending application, submits it again, and marks a passed one complete', async () => {
    const app = await newApp();
    const code = 'org:project:readonly';
    const scope = async () => (await post('/open/app/permissions/list', { guid: app.guid })).data.find((g: { code: string }) => g.code === code).status;
    const rec = (await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.guid, group_codes: [code] })).data;
    expect(await scope()).toBe(1);
    // The tenant cannot approve its own application: its open-audit submits a refused one again.
    expect((await post('/open/app/permissions/audit-record/open-audit', { guid: rec.guid })).code).toBe(201);
    expect((await post('/open/app/permissions/audit-record/close-audit', { guid: rec.guid })).data.status).toBe(2);
    expect(await scope()).toBe(0);
    expect((await post('/open/app/permissions/audit-record/close-audit', { guid: rec.guid }, B.token)).code).toBe(201);
    expect((await post('/open/app/permissions/audit-record/open-audit', { guid: rec.guid })).data.status).toBe(0);
    expect(await scope()).toBe(1);
    expect((await s.post('/open/admin/app/permissions/audit-record/open-audit', { guid: rec.guid }, { token: admin })).data.status).toBe(1);
    expect(await scope()).toBe(2);
    expect((await post('/open/app/permissions/audit-record/sign-complete', { guid: rec.guid })).data.status).toBe(3);
  });

  it('abilities: the enabled ones are listed; an app binds known ones only', async () => {
    const app = await newApp();
    const abilities = (await post('/open/app/ability/list', {})).data as { code: string }[];
    expect(abilities.map((a) => a.code)).toEqual(expect.arrayContaining(['process-engine', 'web-login']));
    expect((await post('/open/app/ability/page', { page: 1, page_size: 10 })).data.count).toBeGreaterThanOrEqual(2);
    expect((await post('/open/app/ability/bind', { guid: app.guid, ability_codes: ['nope'] })).code).toBe(201);
    expect((await post('/open/app/ability/bind', { guid: app.guid, ability_codes: ['process-engine'] })).data.ability_codes).toEqual(['process-engine']);
    expect((await post('/open/app/get-app-detail', { guid: app.guid })).data.ability_codes).toEqual(['process-engine']);
    expect((await post('/open/app/ability/bind', { guid: app.guid, ability_codes: [] }, B.token)).code).toBe(201);
  });

  it('project app list and service-provider page; the debug token; deleting an app ends its tokens and scopes', async () => {
    const store = await newApp({ type: 0 });
    const off = await newApp();
    await post('/open/app/update-status', { guid: off.guid, status: 1 });
    const projectApps = (await post('/open/app/get-project-app-list')).data as { guid: string }[];
    expect(projectApps.map((a) => a.guid)).toContain(store.guid);
    expect(projectApps.map((a) => a.guid)).not.toContain(off.guid);
    const provided = (await post('/open/app/service-provider/page', { page: 1, page_size: 100 })).data.list as { type: number }[];
    expect(provided.length).toBeGreaterThan(0);
    expect(provided.every((a) => a.type === 0)).toBe(true);

    expect((await post('/open/app/debug/app-token', { guid: off.guid })).code).toBe(201);
    expect((await post('/open/app/debug/app-token', { guid: store.guid }, B.token)).code).toBe(201);
    const debug = await post('/open/app/debug/app-token', { guid: store.guid });
    expect(debug.data.expire).toBeGreaterThan(7000);
    const bearer = { headers: { authorization: `Bearer ${debug.data.app_access_token}` } };
    expect((await s.post('/open/api/v1/app/info', {}, bearer)).data.guid).toBe(store.guid);

    expect((await post('/open/app/delete', { guid: store.guid })).code).toBe(200);
    expect((await s.post('/open/api/v1/app/info', {}, bearer)).status).toBe(401);
    expect((await s.db.query('select count(*)::int as n from app_token where app_guid = $1', [store.guid])).rows[0].n).toBe(0);
  });

  it("operators manage the platform's own apps and their extra properties; tenants' apps are not among them", async () => {
    const created = await s.post('/open/admin/app-manage/add-app', { name: `Store ${uid()}`, code: `store-${uid()}`, type: 0 }, { token: admin });
    expect(created.code, created.message).toBe(200);
    expect(created.data.app_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = (await s.post('/open/admin/app-manage/page', { page: 1, page_size: 100 }, { token: admin })).data.list as { guid: string; bu_guid: string | null }[];
    expect(listed.map((a) => a.guid)).toContain(created.data.guid);
    expect(listed.every((a) => a.bu_guid === null)).toBe(true);
    const prop = await s.post('/open/admin/app-manage/add-ext-props', { app_guid: created.data.guid, prop_key: 'vendor', prop_value: 'Open Platform' }, { token: admin });
    expect(prop.code, prop.message).toBe(200);
    expect((await s.post('/open/admin/app-manage/ext-props-list', {}, { token: admin })).code).toBe(201);
    expect((await s.post('/open/admin/app-manage/ext-props-list', { app_guid: created.data.guid }, { token: admin })).data).toMatchObject([{ prop_key: 'vendor' }]);
    const tenants = await newApp();
    expect((await s.post('/open/admin/app-manage/add-ext-props', { app_guid: tenants.guid, prop_key: 'x', prop_value: 'y' }, { token: admin })).code).toBe(201);
    expect((await s.post('/open/admin/api-field/group-api-detail', { guid: (await s.post('/open/admin/app-manage/app-auth/api-group-list', {}, { token: admin })).data[0].guid }, { token: admin })).code).toBe(200);
  });
});

describe('the call log pages by keyset', () => {
  it('walks every row of a window once, newest first, with a capped total asked once', async () => {
    const app = (await post('/open/app/create', { name: `Log ${uid()}`, code: `log-${uid()}` })).data;
    // 25 rows, several in the same millisecond: the cursor must keep the database's precision.
    await s.db.query(
      `insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at)
       select gen_random_uuid(), $1, $2, 'member.page', 200, 200, 1, 'r' || g, now() - make_interval(secs => (g / 3)::int) + make_interval(secs => g * 0.000001)
       from generate_series(1, 25) g`,
      [app.guid, A.buGuid],
    );
    // Rows written around the log's writer: their hours are counted as the migration counts old rows.
    await s.db.query(API_LOG_HOURS_BACKFILL);
    const seen: string[] = [];
    let cursor: string | undefined;
    let first: any;
    for (let i = 0; i < 5; i++) {
      const r = await post('/open/app/api-log/page', { app_guid: app.guid, page_size: 10, cursor, with_total: !cursor });
      expect(r.code, r.message).toBe(200);
      first ??= r.data;
      seen.push(...r.data.list.map((x: { request_id: string }) => x.request_id));
      if (cursor) expect(r.data).not.toHaveProperty('count');
      cursor = r.data.next ?? undefined;
      if (!cursor) break;
    }
    expect(first).toMatchObject({ count: 25, count_capped: false });
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const forged = await post('/open/app/api-log/page', { app_guid: app.guid, cursor: "'; drop table api_log; --" });
    expect(forged.code).toBe(201);
    expect(JSON.stringify(forged.data) + forged.message).toContain('is not a cursor this search answered');
  });
});

describe('verified app tokens are cached, and every change they carry drops them', () => {
  it('disabling, a secret reset, a scope decision and a new whitelist apply to the very next call', async () => {
    const app = (await post('/open/app/create', { name: `Cache ${uid()}`, code: `cache-${uid()}` })).data;
    const bearer = async () => ({ headers: { authorization: `Bearer ${(await s.services.appTokens.issue(app.guid, 7200)).app_access_token}` } });
    let auth = await bearer();
    const call = (path = '/open/api/v1/app/info') => s.post(path, { page: 1 }, auth);
    expect((await call()).code).toBe(200);
    expect((await call('/open/api/v1/project/page')).code).toBe(201);
    await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['org:project:readonly'] }, { token: admin });
    expect((await call('/open/api/v1/project/page')).code).toBe(200);

    await post('/open/app/set-app-security', { app_guid: app.guid, ip_whitelist: ['10.9.9.9'] });
    expect((await call()).code).toBe(201);
    await post('/open/app/set-app-security', { app_guid: app.guid, ip_whitelist: [] });
    expect((await call()).code).toBe(200);

    await post('/open/app/update-status', { guid: app.guid, status: 1 });
    expect((await call()).status).toBe(401);
    await post('/open/app/update-status', { guid: app.guid, status: 0 });
    auth = await bearer();
    expect((await call()).code).toBe(200);
    await post('/open/app/reset-secret', { guid: app.guid });
    expect((await call()).status).toBe(401);
  });
});

describe("a search's total adds up hourly counts", () => {
  it('equals the rows counted one by one, for windows cutting hours anywhere and with each filter; calls made through the API are counted as they are written', async () => {
    const app = (await post('/open/app/create', { name: `Hours ${uid()}`, code: `hours-${uid()}` })).data;
    await s.db.query(
      `insert into api_log (id, app_guid, bu_guid, api_code, http_status, code, ms, request_id, created_at)
       select gen_random_uuid(), $1, $2, case when g % 3 = 0 then 'member.get' else 'app.info' end, case when g % 7 = 0 then 429 else 200 end, 200, 1, 'h' || g,
              now() - make_interval(secs => g * 431)
       from generate_series(1, 1200) g`,
      [app.guid, A.buGuid],
    );
    await s.db.query(API_LOG_HOURS_BACKFILL);
    // Three calls through the API: the writer counts their hour in the same statement.
    const token = (await s.services.appTokens.issue(app.guid, 7200)).app_access_token;
    for (let i = 0; i < 3; i++) await s.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${token}` } });
    const exact = async (from: Date, to: Date, extra = '', params: unknown[] = []) =>
      (await s.db.query<{ n: number }>(`select count(*)::int as n from api_log where app_guid = $1 and created_at >= $2 and created_at <= $3${extra}`, [app.guid, from.toISOString(), to.toISOString(), ...params])).rows[0].n;
    const now = Date.now();
    const windows = [
      [now - 86_400_000, now],
      [now - 7 * 86_400_000 + 1, now - 1234],
      [now - 3 * 86_400_000 - 1_111_111, now - 86_400_000 + 777_777],
      [now - 5_400_000, now - 1_800_000],
      [now - 600_000, now],
    ].map(([a, b]) => [new Date(a), new Date(b)] as const);
    for (const [from, to] of windows) {
      const body = { app_guid: app.guid, from: from.toISOString(), to: to.toISOString(), page_size: 5 };
      const all = await post('/open/app/api-log/page', body);
      expect(all.data.count, `${body.from} → ${body.to}`).toBe(Math.min(await exact(from, to), 10_000));
      expect((await post('/open/app/api-log/page', { ...body, api_code: 'member.get' })).data.count).toBe(await exact(from, to, ' and api_code = $4', ['member.get']));
      expect((await post('/open/app/api-log/page', { ...body, http_status: 429 })).data.count).toBe(await exact(from, to, ' and http_status = $4', [429]));
    }
    expect((await post('/open/app/api-log/page', { app_guid: app.guid, request_id: 'h7' })).data.count).toBe(1);
  });
});
