import * as lark from '@larksuiteoapi/node-sdk';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../scripts/free-port.mjs';
import { until } from './instances.ts';
import { startServer, type TestServer } from './server.ts';
import { tenantWithBu, uid } from './tenant-flows.ts';

/**
 * The long connection's peers in the tests (docs/lark.md): an app on the long connection, Lark's
 * official WSClient holding it, and a socket opened by hand for what the SDK never sends.
 */

/** A server listening on a free loopback port for the long connection, tenant A with a BU, an operator's token, its warning lines kept in `lines`. */
export const longConnectionServer = async (events: Record<string, unknown>) => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const s = await startServer({ options: { publicUrl: origin, events, logger: true, logLevel: 'warn', logStream: { write: (l: string) => lines.push(l) } as unknown as NodeJS.WritableStream } });
  await s.app.listen({ port, host: '127.0.0.1' });
  return { s, origin, lines, A: await tenantWithBu(s), admin: await s.login() };
};

/** Closes the test's WSClients, then its server. */
export const closeAll = async (clients: lark.WSClient[], s: TestServer | undefined) => {
  for (const c of clients) c.close({ force: true });
  await s?.close();
};

type AppCredentials = { app_id: string; app_secret: string };
type EventKeys = { encrypt_key: string | null; verification_token: string };

/** An app of the tenant whose token is given, its member scope opened by the operator, on the long connection (subscribed to member-created events unless `subscribe` is false). */
export const longConnectionApp = async (server: TestServer, token: string, operator: string, subscribe = true) => {
  const post = (path: string, body: unknown) => server.post(path, body, { token, lang: 'en' });
  const app = (await post('/open/app/create', { name: `Ws ${uid()}`, code: `ws-${uid()}` })).data;
  expect((await server.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: operator })).code).toBe(200);
  const config = (await post('/open/app/event/subscribe-config/get', { app_guid: app.guid })).data;
  if (subscribe) expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] })).code).toBe(200);
  const saved = await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, delivery_mode: 'long_connection' });
  expect(saved.code, saved.message).toBe(200);
  expect(saved.data.delivery_mode).toBe('long_connection');
  return { app, config };
};

/**
 * Lark's official WSClient and EventDispatcher, changed only in their domain; `handle` answers each
 * event (throwing makes the SDK acknowledge with 500). `state.failed` is what its onError said when
 * reconnecting was refused for good. The client joins `clients`, which the test closes.
 */
export const sdkClient = async (clients: lark.WSClient[], domain: string, app: AppCredentials, keys: EventKeys, handle: (data: Record<string, unknown>) => unknown = () => 'ok') => {
  const received: Record<string, unknown>[] = [];
  const dispatcher = new lark.EventDispatcher({ encryptKey: keys.encrypt_key ?? undefined, verificationToken: keys.verification_token, loggerLevel: lark.LoggerLevel.fatal });
  dispatcher.register({ 'contact.user.created_v3': async (data: Record<string, unknown>) => {
    received.push(data);
    return handle(data);
  } });
  const state = { ready: false, failed: undefined as Error | undefined };
  const client = new lark.WSClient({ appId: app.app_id, appSecret: app.app_secret, domain, loggerLevel: lark.LoggerLevel.fatal, onReady: () => (state.ready = true), onError: (e: Error) => (state.failed = e) });
  clients.push(client);
  await client.start({ eventDispatcher: dispatcher });
  await until('the SDK connected', () => state.ready, 10_000, 10);
  return { client, received, state };
};

/** A connection opened by hand (the SDK's endpoint call, then the WebSocket); `closed` resolves with the server's close code and reason, `got.messages` counts what it sent. */
export const rawSocket = async (origin: string, app: AppCredentials) => {
  const answer = (await (await fetch(`${origin}/callback/ws/endpoint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ AppID: app.app_id, AppSecret: app.app_secret }) })).json()) as { data: { URL: string } };
  const ws = new WebSocket(answer.data.URL);
  const got = { messages: 0 };
  ws.on('message', () => got.messages++);
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((r) => ws.once('close', (code, reason) => r({ code, reason: reason.toString() })));
  await new Promise((r) => ws.once('open', r));
  return { ws, closed, got, url: answer.data.URL };
};
