import * as lark from '@larksuiteoapi/node-sdk';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateTickets, TICKET_EVERY_MS } from '../../server/events/app-ticket.ts';
import { listedStoreApp } from '../fixtures/samples.ts';
import { until } from '../helpers/instances.ts';
import { larkReceiver } from '../helpers/receiver.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { larkClient, refusalOf } from '../helpers/lark-sdk.ts';

/**
 * A store app written against Lark's official Node SDK in ISV mode works for each BU that installed
 * it, with nothing but `domain` changed (docs/lark.md, "Store apps"): the platform pushes its
 * `app_ticket` to the app's endpoint, where the SDK's EventDispatcher caches it; the SDK's client
 * buys its app token with it and a tenant token per buyer with the buyer's `tenant_key`, which the
 * provider learned from `app_open`. Each tenant token reads its buyer's members only, within the
 * scopes granted at installation; uninstalling refuses it on its very next call.
 */
let s: TestServer;
let baseUrl: string;
let admin: string;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;

beforeAll(async () => {
  s = await startServer({ options: { events: { allowPrivate: true, pollMs: 50 } } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  admin = await s.login();
  [A, B] = [await tenantWithBu(s), await tenantWithBu(s)];
}, 60_000);
afterAll(() => s?.close());

const op = (path: string, body: unknown = {}) => s.post(path, body, { token: admin, lang: 'en' });
const buy = (guid: string, token: string) => s.post('/open/app/market/app-purchase/use', { guid }, { token });
const larkPost = async (path: string, body: unknown) => {
  const r = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) });
  return { status: r.status, ...((await r.json()) as { code: number; msg: string; app_access_token?: string; tenant_access_token?: string }) };
};
/** A listed, free store app of the platform with member reads opened and its endpoint at a receiver built on Lark's SDK. */
const storeApp = async () => {
  const app = (await listedStoreApp(op, `isv${uid()}`)) as unknown as { guid: string; app_id: string; app_secret: string };
  expect((await op('/open/admin/app-manage/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] })).code).toBe(200);
  const config = (await op('/open/admin/app-manage/event/subscribe-config/get', { app_guid: app.guid })).data;
  const receiver = await larkReceiver(config, ['app_open', 'app_status_change', 'app_uninstalled', 'contact.user.created_v3', 'contact.department.created_v3']);
  const saved = await op('/open/admin/app-manage/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url });
  expect(saved.code, saved.message).toBe(200);
  return { app, receiver };
};

describe("a store app on Lark's SDK in ISV mode", () => {
  it('learns each buyer from app_open, reads only that buyer’s members with its tenant key, within the granted scopes; uninstalling refuses the key at once', { timeout: 60_000 }, async () => {
    const { app, receiver } = await storeApp();
    try {
      // Buying installs it: the provider hears app_open with the buyer's key and who installed it.
      expect((await buy(app.guid, A.token)).code).toBe(200);
      await until('app_open from A', () => receiver.received.length === 1, 10_000, 20);
      const keyA = receiver.received[0].data.tenant_key as string;
      expect(receiver.received[0].data).toMatchObject({ app_id: app.app_id, installer: { user_id: A.guid, open_id: expect.stringMatching(/^ou_/) } });
      expect((await buy(app.guid, B.token)).code).toBe(200);
      await until('app_open from B', () => receiver.received.length === 2, 10_000, 20);
      const keyB = receiver.received[1].data.tenant_key as string;
      // Opaque keys, one per buyer, never the BU's guid.
      expect(keyA).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set([keyA, keyB, A.buGuid, B.buGuid]).size).toBe(4);

      const memberOf = async (token: string) => (await s.post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` }, { token })).data.guid as string;
      const [inA, inB] = [await memberOf(A.token), await memberOf(B.token)];

      // The client asks for its ticket as it starts; the push reaches the dispatcher, which caches it.
      const client = larkClient(baseUrl, app.app_id, app.app_secret, lark.AppType.ISV);
      await until('the ticket cached by the SDK', async () => !!(await lark.internalCache.get(lark.CAppTicket, { namespace: app.app_id })), 10_000, 20);
      const listed = async (key: string) => ((await client.contact.user.list({ params: { page_size: 50 } }, lark.withTenantKey(key))).data?.items ?? []).map((u) => u.user_id);
      const ofA = await listed(keyA);
      expect(ofA).toContain(inA);
      expect(ofA).not.toContain(inB);
      const ofB = await listed(keyB);
      expect(ofB).toContain(inB);
      expect(ofB).not.toContain(inA);

      // Scopes opened after installation are not granted to its buyers: they keep what they consented to.
      expect((await op('/open/admin/app-manage/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly', 'contact:department:readonly'] })).code).toBe(200);
      expect(await refusalOf(client.contact.department.children({ path: { department_id: '0' } }, lark.withTenantKey(keyA)))).toMatchObject({ code: 99991672 });

      // Uninstalled: A's tenant token, cached by the SDK, is refused on its very next call; the provider hears of it.
      expect((await op('/open/admin/system/bu-management/app/uninstall', { bu_guid: A.buGuid, app_guid: app.guid })).code).toBe(200);
      expect(await refusalOf(client.contact.user.list({ params: { page_size: 1 } }, lark.withTenantKey(keyA)))).toMatchObject({ code: 99991663 });
      await until('app_uninstalled from A', () => receiver.received.some((r) => r.type === 'app_uninstalled'), 10_000, 20);
      expect(receiver.received.find((r) => r.type === 'app_uninstalled')!.data).toMatchObject({ tenant_key: keyA, app_id: app.app_id });
      expect(await listed(keyB)).toContain(inB);
    } finally {
      await receiver.close();
    }
  });

  it('hears the events of the scopes each buyer granted, named by that buyer’s tenant key; a BU that did not install it, and one that uninstalled it, send none', { timeout: 60_000 }, async () => {
    const { app, receiver } = await storeApp();
    try {
      const subscribe = (codes: string[]) => op('/open/admin/app-manage/event/subscribe-rel/save', { app_guid: app.guid, event_codes: codes });
      const subscribed = await subscribe(['contact.user.created_v3']);
      expect(subscribed.code, subscribed.message).toBe(200);
      expect((await buy(app.guid, A.token)).code).toBe(200);
      expect((await buy(app.guid, B.token)).code).toBe(200);
      // Departments opened for the app after both installed: neither buyer granted them.
      expect((await op('/open/admin/app-manage/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly', 'contact:department:readonly'] })).code).toBe(200);
      expect((await subscribe(['contact.department.created_v3'])).code).toBe(200);
      await until('both installations heard', () => receiver.received.length === 2, 10_000, 20);
      // Pushed in any order: each names the account that installed it.
      const keyOf = (who: string) => receiver.received.find((r) => (r.data.installer as { user_id: string }).user_id === who)!.data.tenant_key as string;
      const [keyA, keyB] = [keyOf(A.guid), keyOf(B.guid)];
      const stranger = await tenantWithBu(s);
      const add = async (token: string) => (await s.post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` }, { token })).data.guid as string;
      const [inA, inB] = [await add(A.token), await add(B.token)];
      await add(stranger.token);
      await until('the members of both buyers', () => receiver.received.filter((r) => r.type === 'contact.user.created_v3').length === 2, 10_000, 20);
      const users = receiver.received.filter((r) => r.type === 'contact.user.created_v3');
      const byKey = Object.fromEntries(users.map((r) => [r.data.tenant_key as string, (r.data.object as { user_id: string }).user_id]));
      expect(byKey).toEqual({ [keyA]: inA, [keyB]: inB });
      expect((await s.post('/open/system/department/add', { name: `D ${uid()}` }, { token: A.token })).code).toBe(200);
      expect((await op('/open/admin/system/bu-management/app/uninstall', { bu_guid: B.buGuid, app_guid: app.guid })).code).toBe(200);
      await add(B.token);
      const inA2 = await add(A.token);
      await until("A's next member", () => receiver.received.some((r) => (r.data.object as { user_id?: string } | undefined)?.user_id === inA2), 10_000, 20);
      await until("B's app_uninstalled", () => receiver.received.some((r) => r.type === 'app_uninstalled'), 10_000, 20);
      expect(receiver.received.map((r) => r.type).sort()).toEqual(['app_open', 'app_open', 'app_uninstalled', 'contact.user.created_v3', 'contact.user.created_v3', 'contact.user.created_v3']);
      // The provider's event log, one buyer's at a time.
      const logOf = async (tenant_key: string) => {
        const log = await op('/open/admin/app-manage/event/log/page', { app_guid: app.guid, tenant_key, page_size: 50 });
        expect(log.code, log.message).toBe(200);
        return (log.data.list as { event_type: string }[]).map((r) => r.event_type).sort();
      };
      await until('the attempts recorded', async () => (await logOf(keyA)).length === 3, 10_000, 50);
      expect(await logOf(keyA)).toEqual(['app_open', 'contact.user.created_v3', 'contact.user.created_v3']);
    } finally {
      await receiver.close();
    }
  });

  it("a service provider's own store app, published through review, acts for its buyer by the SDK; the operator disabling it refuses its buyer's key at once", { timeout: 60_000 }, async () => {
    const P = await tenantWithBu(s);
    const asP = (path: string, body: unknown = {}) => s.post(path, body, { token: P.token, lang: 'en' });
    const made = await asP('/open/app/create', { name: `SP ${uid()}`, code: `sp-${uid()}`, type: 0 });
    expect(made.code, made.message).toBe(200);
    const app = made.data as { guid: string; app_id: string; app_secret: string };
    const config = (await asP('/open/app/event/subscribe-config/get', { app_guid: app.guid })).data;
    const receiver = await larkReceiver(config, ['app_open', 'app_status_change', 'app_uninstalled']);
    try {
      expect((await asP('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, request_url: receiver.url })).code).toBe(200);
      const scopes = (await asP('/open/service-provider/scope/list')).data as { guid: string; code: string }[];
      const version = await asP('/open/service-provider/app-version/add', {
        app_guid: app.guid, version: '1.0', summary: 'Syncs members', scope_guids: scopes.filter((g) => g.code === 'contact:member:readonly').map((g) => g.guid),
      });
      expect((await asP('/open/service-provider/app-version/submit', { guid: version.data.guid })).code).toBe(200);
      expect((await op('/open/admin/store-review/approve', { guid: version.data.guid })).code).toBe(200);
      expect((await s.post('/open/app/market/app-purchase/use', { guid: app.guid, scopes: ['contact:member:readonly'] }, { token: A.token })).code).toBe(200);
      await until('app_open from A', () => receiver.received.some((r) => r.type === 'app_open'), 10_000, 20);
      const key = receiver.received.find((r) => r.type === 'app_open')!.data.tenant_key as string;

      const add = async (token: string) => (await s.post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` }, { token })).data.guid as string;
      const [inA, inP] = [await add(A.token), await add(P.token)];
      const client = larkClient(baseUrl, app.app_id, app.app_secret, lark.AppType.ISV);
      await until('the ticket cached by the SDK', async () => !!(await lark.internalCache.get(lark.CAppTicket, { namespace: app.app_id })), 10_000, 20);
      const ofA = ((await client.contact.user.list({ params: { page_size: 50 } }, lark.withTenantKey(key))).data?.items ?? []).map((u) => u.user_id);
      expect(ofA).toContain(inA);
      // The provider's own members are not the buyer's.
      expect(ofA).not.toContain(inP);

      // Disabled by an operator (the provider's app, as every BU's app is overseen): its buyer's key is refused on the next call.
      expect((await op('/open/admin/app/update-status', { guid: app.guid, status: 1 })).code).toBe(200);
      expect(await refusalOf(client.contact.user.list({ params: { page_size: 1 } }, lark.withTenantKey(key)))).toMatchObject({ code: 99991663 });
    } finally {
      await receiver.close();
    }
  });

  it('a buyer stopping it pauses its tenant token and events at once, and restarting resumes them; the provider hears both', { timeout: 60_000 }, async () => {
    const { app, receiver } = await storeApp();
    try {
      expect((await op('/open/admin/app-manage/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] })).code).toBe(200);
      expect((await buy(app.guid, A.token)).code).toBe(200);
      await until('app_open', () => receiver.received.length === 1, 10_000, 20);
      const key = receiver.received[0].data.tenant_key as string;
      const appToken = (await s.post('/open/api/auth/app-access-token', { app_id: app.app_id, app_secret: app.app_secret })).data.app_access_token as string;
      const token = (await s.post('/open/api/auth/tenant-access-token', { app_access_token: appToken, tenant_key: key })).data.tenant_access_token as string;
      const info = () => s.post('/open/api/v1/app/info', {}, { headers: { authorization: `Bearer ${token}` } });
      expect((await info()).code).toBe(200);
      const installation = (await s.db.query<{ guid: string }>('select guid from installed_app where app_guid = $1 and bu_guid = $2', [app.guid, A.buGuid])).rows[0].guid;
      const setStatus = (status: number) => s.post('/open/installed-app/update-status', { guid: installation, status }, { token: A.token });
      expect((await setStatus(1)).code).toBe(200);
      expect((await info()).status).toBe(401);
      expect((await s.post('/open/api/auth/tenant-access-token', { app_access_token: appToken, tenant_key: key })).code).toBe(201);
      await until('app_status_change: stopped', () => receiver.received.some((r) => r.type === 'app_status_change'), 10_000, 20);
      expect(receiver.received.find((r) => r.type === 'app_status_change')!.data).toMatchObject({ tenant_key: key, status: 'stop_by_tenant', operator: { user_id: A.guid } });
      const stopped = await s.post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` }, { token: A.token });
      expect((await setStatus(0)).code).toBe(200);
      expect((await info()).code).toBe(200);
      const resumed = await s.post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` }, { token: A.token });
      await until('the member added after the restart', () => receiver.received.some((r) => (r.data.object as { user_id?: string } | undefined)?.user_id === resumed.data.guid), 10_000, 20);
      // The member added while it was stopped never reaches it; the restart was heard.
      expect(receiver.received.some((r) => (r.data.object as { user_id?: string } | undefined)?.user_id === stopped.data.guid)).toBe(false);
      await until('app_status_change: restarted', () => receiver.received.filter((r) => r.type === 'app_status_change').length === 2, 10_000, 20);
      // Pushes are not ordered among themselves: each says which it is.
      expect(receiver.received.filter((r) => r.type === 'app_status_change').map((r) => r.data.status).sort()).toEqual(['start_by_tenant', 'stop_by_tenant']);
    } finally {
      await receiver.close();
    }
  });

  it("refuses in Lark's codes: a wrong ticket, an unknown key, a tenant token trading for another tenant, a self-built app asking as a store app", async () => {
    const { app, receiver } = await storeApp();
    try {
      expect((await buy(app.guid, A.token)).code).toBe(200);
      await until('app_open', () => receiver.received.length === 1, 10_000, 20);
      const key = receiver.received[0].data.tenant_key as string;
      const creds = { app_id: app.app_id, app_secret: app.app_secret };
      expect(await larkPost('/open-apis/auth/v3/app_access_token', { ...creds, app_ticket: 'not-the-ticket' })).toMatchObject({ status: 200, code: 10012 });
      expect(await larkPost('/open-apis/auth/v3/app_ticket/resend', creds)).toMatchObject({ status: 200, code: 0 });
      const ticket = (await s.db.query<{ ticket: string }>('select ticket from app_ticket where app_guid = $1', [app.guid])).rows[0].ticket;
      const appToken = await larkPost('/open-apis/auth/v3/app_access_token', { ...creds, app_ticket: ticket });
      expect(appToken).toMatchObject({ status: 200, code: 0, app_access_token: expect.stringMatching(/^t-/) });
      const app_access_token = appToken.app_access_token as string;
      expect(await larkPost('/open-apis/auth/v3/tenant_access_token', { app_access_token, tenant_key: 'f'.repeat(32) })).toMatchObject({ status: 200, code: 10013 });
      const tenant = await larkPost('/open-apis/auth/v3/tenant_access_token', { app_access_token, tenant_key: key });
      expect(tenant).toMatchObject({ code: 0, tenant_access_token: expect.stringMatching(/^t-/) });
      expect(tenant.tenant_access_token).not.toBe(app_access_token);
      // A tenant token is no app token: it buys no tenant token, for its own buyer or another.
      expect(await larkPost('/open-apis/auth/v3/tenant_access_token', { app_access_token: tenant.tenant_access_token, tenant_key: key })).toMatchObject({ status: 200, code: 99991664 });
      // The platform's own dialect: the same exchange, and the token acts in the buyer's BU.
      const own = await s.post('/open/api/auth/tenant-access-token', { app_access_token, tenant_key: key });
      expect(own.code, own.message).toBe(200);
      expect(own.data.tenant_access_token).toBe(tenant.tenant_access_token);
      const member = (await s.post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` }, { token: A.token })).data.guid as string;
      const asBuyer = { headers: { authorization: `Bearer ${own.data.tenant_access_token}` } };
      const read = await s.post('/open/api/v1/member/get', { guid: member }, asBuyer);
      expect(read.code, read.message).toBe(200);
      expect(read.data.bu_guid).toBe(A.buGuid);
      // Only the scopes granted: the BU's own information was not among them.
      expect((await s.post('/open/api/v1/bu/info', {}, asBuyer)).message).toMatch(/org:bu:readonly/);
      // A self-built app gets no ticket and no tenant token.
      const selfBuilt = (await s.post('/open/app/create', { name: `Own ${uid()}`, code: `own-${uid()}` }, { token: B.token })).data;
      expect(await larkPost('/open-apis/auth/v3/app_ticket/resend', { app_id: selfBuilt.app_id, app_secret: selfBuilt.app_secret })).toMatchObject({ status: 200, code: 10003 });
    } finally {
      await receiver.close();
    }
  });

  it('renews the ticket hourly, once across instances; the one before still buys a token for an hour, the one before that no longer', async () => {
    const { app, receiver } = await storeApp();
    try {
      const creds = { app_id: app.app_id, app_secret: app.app_secret };
      expect((await larkPost('/open-apis/auth/v3/app_ticket/resend', creds)).code).toBe(0);
      const ticketNow = async () => (await s.db.query<{ ticket: string }>('select ticket from app_ticket where app_guid = $1', [app.guid])).rows[0].ticket;
      const first = await ticketNow();
      const hour = (n: number) => new Date(Date.now() + n * TICKET_EVERY_MS + 1000);
      // Not yet due: nothing changes, however many instances look.
      await rotateTickets(s.db);
      expect(await ticketNow()).toBe(first);
      await s.db.query("update app_ticket set issued_at = now() - interval '61 minutes' where app_guid = $1", [app.guid]);
      expect(await rotateTickets(s.db, hour(0))).toBeGreaterThanOrEqual(1);
      expect(await rotateTickets(s.db, hour(0))).toBe(0);
      const second = await ticketNow();
      expect(second).not.toBe(first);
      const token = (ticket: string) => larkPost('/open-apis/auth/v3/app_access_token', { ...creds, app_ticket: ticket });
      expect((await token(first)).code).toBe(0);
      expect((await token(second)).code).toBe(0);
      await s.db.query("update app_ticket set issued_at = now() - interval '61 minutes' where app_guid = $1", [app.guid]);
      await rotateTickets(s.db, hour(0));
      expect((await token(first)).code).toBe(10012);
      expect((await token(second)).code).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
