import * as lark from '@larksuiteoapi/node-sdk';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { SERVER_ENTRY } from '../../scripts/build-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { buildApp } from '../../server/app.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { LEASE_MIN_S, LEASE_S } from '../../server/events/policy.ts';
import { decodeFrame, encodeFrame, FRAGMENT_BYTES, headersOf } from '../../server/lark/ws/frames.ts';
import { CONNECTIONS_PER_APP } from '../../server/lark/ws/connections.ts';
import { compiledServer, until } from '../helpers/instances.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { closeAll, longConnectionApp, longConnectionServer, sdkClient as larkClient } from '../helpers/lark-ws.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
let origin: string;
const clients: lark.WSClient[] = [];

beforeAll(async () => {
  ({ s, A, admin, origin } = await longConnectionServer({ pollMs: 100 }));
});
afterAll(() => closeAll(clients, s));

const post = (path: string, body: unknown = {}, token = A.token) => s.post(path, body, { token, lang: 'en' });

/** An app of A subscribed to member-created events, taking them over the long connection; its secret and keys. */
const longApp = (server = s, token = A.token, operator = admin) => longConnectionApp(server, token, operator);
/** Lark's WSClient on the app's connection (tests/helpers/lark-ws.ts). */
const sdkClient = (app: { app_id: string; app_secret: string }, keys: { encrypt_key: string | null; verification_token: string }, handle?: (data: Record<string, unknown>) => unknown, domain = origin) =>
  larkClient(clients, domain, app, keys, handle);

const addMember = () => post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` });
const logOf = async (appGuid: string) => (await post('/open/app/event/log/page', { app_guid: appGuid, page_size: 20 })).data.list as { event_id: string; attempt: number; http_status: number; failure: string | null; state: string; answer: string }[];
const endpoint = async (body: unknown, headers: Record<string, string> = {}) => (await fetch(`${origin}/callback/ws/endpoint`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, body: JSON.stringify(body) })).json() as Promise<{ code: number; msg: string; data: any }>;

describe("events over Lark's long connection, received by the official SDK's WSClient", () => {
  it('a member added in the console arrives decrypted; the acknowledgement marks it delivered in the event log', async () => {
    const { app, config } = await longApp();
    const sdk = await sdkClient(app, config);
    const member = await addMember();
    expect(member.code, member.message).toBe(200);
    await until('the event at the SDK', () => sdk.received.length === 1, 10_000, 10);
    const got = sdk.received[0];
    expect(got).toMatchObject({ event_type: 'contact.user.created_v3', app_id: app.app_id, tenant_key: A.buGuid, token: config.verification_token });
    // Lark's user, by this app's open_id, as the SDK types it (name and mobile always there).
    const ids = s.services.larkIds.forApp(app.guid, A.buGuid);
    expect(got.object).toEqual({
      open_id: ids.openId(member.data.guid), union_id: ids.unionId(member.data.guid), user_id: member.data.guid, name: member.data.name, mobile: '',
      department_ids: ['0'], employee_no: member.data.job_number, employee_type: 1, status: { is_resigned: false },
    });
    await until('the attempt recorded', async () => (await logOf(app.guid)).length === 1, 10_000, 20);
    expect((await logOf(app.guid))[0]).toMatchObject({ event_id: got.event_id, attempt: 1, http_status: 200, failure: null, state: 'delivered', answer: JSON.stringify({ code: 200, data: Buffer.from('"ok"').toString('base64') }) });
  });

  it('a handler that throws is acknowledged with 500: a failed attempt, retried with the same event_id', async () => {
    const { app, config } = await longApp();
    await sdkClient(app, config, () => {
      throw new Error('not now');
    });
    await addMember();
    await until('the attempt recorded', async () => (await logOf(app.guid)).length === 1, 10_000, 20);
    expect((await logOf(app.guid))[0]).toMatchObject({ attempt: 1, http_status: 500, state: 'retrying' });
  });

  it('an event longer than one frame goes in fragments the SDK joins', async () => {
    const { app, config } = await longApp();
    const sdk = await sdkClient(app, config);
    const big = 'x'.repeat(FRAGMENT_BYTES * 2 + 100);
    const body = JSON.stringify({ schema: '2.0', header: { event_id: 'big', event_type: 'contact.user.created_v3', token: config.verification_token, app_id: app.app_id }, event: { big } });
    const outcome = await s.services.events.long!.send(app.guid, `big-${uid()}`, body, {});
    expect(outcome).toMatchObject({ status: 200 });
    expect(sdk.received.at(-1)).toMatchObject({ event_id: 'big', big });
  });
});

describe('more than one instance', () => {
  it('only the instance holding the connection claims the app\'s events: one made on the other arrives in one attempt', async () => {
    // A second instance on the same database, with its own address.
    const port = await freePort();
    const other = await buildApp({ db: s.db, publicUrl: `http://127.0.0.1:${port}`, events: { pollMs: 100 } });
    await other.app.listen({ port, host: '127.0.0.1' });
    try {
      const { app, config } = await longApp();
      const sdk = await sdkClient(app, config, () => 'ok', `http://127.0.0.1:${port}`);
      expect(other.services.events.long!.apps()).toContain(app.guid);
      expect(s.services.events.long!.apps()).not.toContain(app.guid);
      // Made on the first instance, whose worker polls every 100 ms too.
      await addMember();
      await until('the event at the SDK', () => sdk.received.length === 1, 10_000, 10);
      await until('the attempt recorded', async () => (await logOf(app.guid)).length === 1, 10_000, 20);
      expect(await logOf(app.guid)).toMatchObject([{ attempt: 1, http_status: 200, state: 'delivered' }]);
    } finally {
      for (const c of clients.splice(0)) c.close({ force: true });
      await other.app.close();
    }
  });
});

describe('the endpoint call and the WebSocket', () => {
  it('answers a URL on PUBLIC_URL (never the Host header) with a one-use ticket, and Lark codes for refusals', async () => {
    const { app } = await longApp();
    const wrong = await endpoint({ AppID: app.app_id, AppSecret: 'nope' });
    expect(wrong).toMatchObject({ code: 514, msg: 'The app ID or app secret is wrong, or the app is disabled.', data: {} });
    const ok = await endpoint({ AppID: app.app_id, AppSecret: app.app_secret }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(ok.code).toBe(0);
    expect(ok.data.ClientConfig).toEqual({ PingInterval: 30, ReconnectCount: -1, ReconnectInterval: 5, ReconnectNonce: 5 });
    const url = new URL(ok.data.URL);
    expect(url.origin).toBe(origin.replace('http', 'ws'));
    expect(ok.data.URL).not.toContain(app.app_secret);
    const opened = (u: string) => new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(u);
      ws.on('open', () => {
        resolve('open');
        ws.close();
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => {});
    });
    expect(await opened(ok.data.URL)).toBe('open');
    // Used once: refused the second time, as is a forged one.
    expect(await opened(ok.data.URL)).toBe(403);
    expect(await opened(ok.data.URL.replace(/ticket=[^&]+/, 'ticket=forged'))).toBe(403);

    // An app taking pushes gets no connection.
    const pushApp = (await post('/open/app/create', { name: `P ${uid()}`, code: `p-${uid()}` })).data;
    expect(await endpoint({ AppID: pushApp.app_id, AppSecret: pushApp.app_secret })).toMatchObject({ code: 403, msg: expect.stringMatching(/choose the long connection/) });
  });

  it(`an app holds at most ${CONNECTIONS_PER_APP} connections; pings are answered with pongs carrying the settings`, async () => {
    const { app } = await longApp();
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < CONNECTIONS_PER_APP; i++) {
        const { data } = await endpoint({ AppID: app.app_id, AppSecret: app.app_secret });
        const ws = new WebSocket(data.URL);
        await new Promise((r) => ws.once('open', r));
        sockets.push(ws);
      }
      expect(await endpoint({ AppID: app.app_id, AppSecret: app.app_secret })).toMatchObject({ code: 1000040350 });
      const pong = new Promise<Buffer>((r) => sockets[0].once('message', (d) => r(d as Buffer)));
      sockets[0].send(encodeFrame({ SeqID: 0, LogID: 0, service: 1, method: 0, headers: [{ key: 'type', value: 'ping' }] }));
      const frame = decodeFrame(await pong);
      expect(headersOf(frame).type).toBe('pong');
      expect(JSON.parse(Buffer.from(frame.payload!).toString())).toMatchObject({ PingInterval: 30 });
    } finally {
      for (const ws of sockets) ws.close();
    }
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('a server killed with SIGKILL while an event is at the SDK', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the SDK reconnects to the restarted server, and the event is delivered again with the same event_id', { timeout: 150_000 }, async () => {
    await compiledServer();
    dataDir = mkdtempSync(join(tmpdir(), 'open-ws-kill-'));
    // The tenant and its app are made in this process on the data folder the server then opens.
    const setup = await startServer({ db: await openPglite(dataDir, new Blob([readFileSync(inject('pgliteSnapshot'))])), options: { events: { worker: false } } });
    const tenant = await tenantWithBu(setup);
    const { app, config } = await longApp(setup, tenant.token, await setup.login());
    await setup.close();

    const port = await freePort();
    const domain = `http://127.0.0.1:${port}`;
    const start = (more: NodeJS.ProcessEnv = {}) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...more };
      delete env.DATABASE_URL;
      delete env.PUBLIC_URL;
      const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: fileURLToPath(new URL('../..', import.meta.url)), env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      proc.stdout!.on('data', (d) => (out += d));
      proc.stderr!.on('data', (d) => (out += d));
      child = proc;
      return { proc, exited: new Promise((r) => proc.once('exit', r)), started: until('the start banner', () => out.includes('Operator console:'), 60_000) };
    };
    const call = async (path: string, body: unknown) => {
      const r = await fetch(`${domain}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.token}` }, body: JSON.stringify(body) });
      return (await r.json()) as { code: number; data: any; message: string };
    };

    // The server to be killed claims with the shortest lease it may (EVENT_LEASE_S), not LEASE_S.
    const first = start({ EVENT_LEASE_S: String(LEASE_MIN_S) });
    await first.started;
    // The first time the event arrives, the server dies before the acknowledgement can reach it
    // (once it has answered the add, which may come after the event).
    let answered!: () => void;
    const addAnswered = new Promise<void>((r) => (answered = r));
    const sdk = await sdkClient(app, config, async () => {
      if (sdk.received.length === 1) {
        await addAnswered;
        first.proc.kill('SIGKILL');
        await first.exited;
      }
      return 'ok';
    }, domain);
    const member = await call('/open/system/member/add', { name: `K ${uid()}`, job_number: `K${uid()}` });
    answered();
    expect(member.code, member.message).toBe(200);
    await until('the event at the SDK', () => sdk.received.length === 1, 10_000, 10);
    await first.exited;
    const killed = Date.now();

    const second = start();
    await second.started;
    // Claimed by the killed server, the event is due again when its lease ends, the killed server's
    // own, well before LEASE_S; the SDK has reconnected by then.
    await until('the event again', () => sdk.received.length === 2, (LEASE_S + 30) * 1000, 100);
    expect(Date.now() - killed).toBeLessThan(LEASE_S * 1000);
    expect(sdk.received[1].event_id).toBe(sdk.received[0].event_id);
    expect((sdk.received[1].object as { user_id: string }).user_id).toBe(member.data.guid);
    const delivered = async () => {
      const log = await call('/open/app/event/log/page', { app_guid: app.guid, page_size: 5 });
      return log.data.list.find((r: { state: string; http_status: number }) => r.state === 'delivered' && r.http_status === 200);
    };
    await until('the acknowledgement recorded', async () => !!(await delivered()), 10_000, 50);
    expect(await delivered()).toMatchObject({ event_id: sdk.received[0].event_id, attempt: 2 });
    second.proc.kill('SIGTERM');
    await second.exited;
  });
});
