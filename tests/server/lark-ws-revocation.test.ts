import * as lark from '@larksuiteoapi/node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../scripts/free-port.mjs';
import { buildApp } from '../../server/app.ts';
import type { LongConnections } from '../../server/lark/ws/connections.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import { until } from '../helpers/instances.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeAll, longConnectionApp, longConnectionServer, rawSocket as openSocket, sdkClient as larkClient } from '../helpers/lark-ws.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * A long connection lasts only while what opened it stands (docs/lark.md, "Revocation"): a secret
 * reset, the app or its BU disabled, a scope removed or a switch back to push closes the app's
 * sockets at once, on every instance, and the old secret cannot open another.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
let origin: string;
let lines: string[] = [];
const clients: lark.WSClient[] = [];

beforeAll(async () => {
  ({ s, A, admin, origin, lines } = await longConnectionServer({ pollMs: 100 }));
});
afterAll(() => closeAll(clients, s));

const post = (path: string, body: unknown = {}, token = A.token) => s.post(path, body, { token, lang: 'en' });

/** An app of A (or of the tenant whose token is given) on the long connection, subscribed to member-created events. */
const longApp = (token = A.token) => longConnectionApp(s, token, admin);
/** Lark's WSClient on the app's connection; `state.failed` is what its onError said when reconnecting was refused for good. */
const sdkClient = (app: { app_id: string; app_secret: string }, keys: { encrypt_key: string | null; verification_token: string }, domain = origin) => larkClient(clients, domain, app, keys);
const rawSocket = (app: { app_id: string; app_secret: string }) => openSocket(origin, app);

const connections = (appGuid: string, server: Pick<TestServer, 'services'> = s) => (server.services.events.long as LongConnections).count(appGuid);
const closedLine = (reason: string) => lines.some((l) => l.includes('long connection closed') && l.includes(reason));

describe('a long connection ends when what opened it is revoked', () => {
  it("a secret reset closes the SDK's socket, and the SDK cannot reconnect with the old secret", { timeout: 30_000 }, async () => {
    const { app, config } = await longApp();
    const sdk = await sdkClient(app, config);
    expect(connections(app.guid)).toBe(1);
    expect((await post('/open/app/reset-secret', { guid: app.guid })).code).toBe(200);
    await until('the socket closed', () => connections(app.guid) === 0, 2_000, 10);
    expect(closedLine('revoked: secret reset')).toBe(true);
    // The SDK reconnects within 0–5 s, and the endpoint refuses the old secret: it stops for good.
    await until('the SDK refused', () => !!sdk.state.failed, 15_000, 50);
    expect(sdk.state.failed!.message).toMatch(/514|wrong/);
    expect(connections(app.guid)).toBe(0);
    // A member added now reaches nobody.
    expect((await post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` })).code).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(sdk.received).toEqual([]);
  });

  it('disabling the app closes its socket, and the SDK cannot reconnect', { timeout: 30_000 }, async () => {
    const { app, config } = await longApp();
    const sdk = await sdkClient(app, config);
    expect((await post('/open/app/update-status', { guid: app.guid, status: 1 })).code).toBe(200);
    await until('the socket closed', () => connections(app.guid) === 0, 2_000, 10);
    expect(closedLine('revoked: app disabled')).toBe(true);
    await until('the SDK refused', () => !!sdk.state.failed, 15_000, 50);
    expect(connections(app.guid)).toBe(0);
  });

  it("disabling the BU, removing a scope and switching back to push each close the app's sockets with close code 1008", async () => {
    // Switch to push: the socket closes; the app's URL stays as it was (none here).
    const pushed = await longApp();
    const onPush = await rawSocket(pushed.app);
    expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: pushed.app.guid, request_url: null, delivery_mode: 'push' })).code).toBe(200);
    expect(await onPush.closed).toEqual({ code: 1008, reason: 'revoked: delivery switched to push' });

    // A scope removed (any write that narrows an app's scopes announces it, as this one does).
    const scoped = await longApp();
    const onScope = await rawSocket(scoped.app);
    await s.db.query('update app_scope set status = $3 where app_guid = $1 and group_code = $2', [scoped.app.guid, 'contact:member:readonly', SCOPE.closed]);
    s.services.appTokens.forget();
    expect(await onScope.closed).toEqual({ code: 1008, reason: 'revoked: scope removed: contact:member:readonly' });

    // The BU disabled: every app of it.
    const B = await tenantWithBu(s);
    const sockets = [await rawSocket((await longApp(B.token)).app), await rawSocket((await longApp(B.token)).app)];
    expect((await post('/open/system/bu/update-status', { guid: B.buGuid, status: 1 }, B.token)).code).toBe(200);
    for (const socket of sockets) expect(await socket.closed).toEqual({ code: 1008, reason: 'revoked: BU disabled' });
  });

  it('a connection URL taken before a secret reset opens nothing after it', async () => {
    const { app } = await longApp();
    const answer = (await (await fetch(`${origin}/callback/ws/endpoint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ AppID: app.app_id, AppSecret: app.app_secret }) })).json()) as { data: { URL: string } };
    expect((await post('/open/app/reset-secret', { guid: app.guid })).code).toBe(200);
    const status = await new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(answer.data.URL);
      ws.on('open', () => (resolve('open'), ws.close()));
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => {});
    });
    expect(status).toBe(403);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on every instance (PostgreSQL: LISTEN/NOTIFY)', () => {
  it('a secret reset on one instance closes the socket held by the other', { timeout: 30_000 }, async () => {
    const port = await freePort();
    const other = await buildApp({ db: s.db, publicUrl: `http://127.0.0.1:${port}`, events: { pollMs: 100 } });
    await other.app.listen({ port, host: '127.0.0.1' });
    try {
      const { app, config } = await longApp();
      const sdk = await sdkClient(app, config, `http://127.0.0.1:${port}`);
      expect(connections(app.guid, other)).toBe(1);
      // Reset through the first instance, which holds no connection of the app.
      expect(connections(app.guid)).toBe(0);
      expect((await post('/open/app/reset-secret', { guid: app.guid })).code).toBe(200);
      await until('the socket on the other instance closed', () => connections(app.guid, other) === 0, 3_000, 10);
      await until('the SDK refused', () => !!sdk.state.failed, 15_000, 50);
    } finally {
      for (const c of clients.splice(0)) c.close({ force: true });
      await other.app.close();
    }
  });
});
