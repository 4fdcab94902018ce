import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { freePort } from '../../scripts/free-port.mjs';
import { sealed } from '../../server/events/crypto.ts';
import { Fragments, MAX_EVENT_BYTES, MAX_FRAGMENTS, MAX_PENDING } from '../../server/lark/ws/fragments.ts';
import { decodeFrame, encodeFrame, eventFrames, headersOf } from '../../server/lark/ws/frames.ts';
import { listen, PUSH_HEADERS } from '../../server/lark/ws/forwarder.ts';
import { until } from '../helpers/instances.ts';
import { larkReceiver, scriptedReceiver } from '../helpers/receiver.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  s = await startServer({ options: { publicUrl: origin, events: { pollMs: 100 } } });
  await s.app.listen({ port, host: '127.0.0.1' });
  A = await tenantWithBu(s);
  admin = await s.login();
});
afterAll(() => s?.close());

const post = (path: string, body: unknown = {}) => s.post(path, body, { token: A.token, lang: 'en' });
const longApp = async () => {
  const app = (await post('/open/app/create', { name: `Fw ${uid()}`, code: `fw-${uid()}` })).data;
  expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] }, { token: admin })).code).toBe(200);
  const config = (await post('/open/app/event/subscribe-config/get', { app_guid: app.guid })).data;
  expect((await post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] })).code).toBe(200);
  expect((await post('/open/app/event/subscribe-config/save-update', { app_guid: app.guid, delivery_mode: 'long_connection' })).code).toBe(200);
  return { app, config };
};
const addMember = () => post('/open/system/member/add', { name: `M ${uid()}`, job_number: `J${uid()}` });
const logOf = async (appGuid: string) => (await post('/open/app/event/log/page', { app_guid: appGuid, page_size: 20 })).data.list as { event_id: string; attempt: number; http_status: number; state: string }[];

describe('the forwarder: npx open-platform listen', () => {
  it("re-posts each event to a local receiver built on Lark's EventDispatcher, which verifies and decrypts it; one line per event", { timeout: 60_000 }, async () => {
    const { app, config } = await longApp();
    const receiver = await larkReceiver(config, ['contact.user.created_v3']);
    // As a developer runs it: npm exec finds this package's own bin.
    const proc = spawn('npx', ['--no-install', 'open-platform', 'listen', '--app-id', app.app_id, '--forward-to', receiver.url, '--domain', origin], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, OPEN_APP_SECRET: app.app_secret },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    const exited = new Promise((r) => proc.once('exit', r));
    try {
      await until('the forwarder ready', () => out.includes('Ready: forwarding'), 30_000, 20);
      const member = await addMember();
      await until('the event at the receiver', () => receiver.received.length === 1, 10_000, 10);
      const got = receiver.received[0];
      expect(got.data).toMatchObject({ event_type: 'contact.user.created_v3', app_id: app.app_id, token: config.verification_token });
      expect((got.data.object as { user_id: string }).user_id).toBe(member.data.guid);
      await until('the line for the event', () => out.includes(`${got.event_id} #1  --> ${receiver.url}  [200]`), 5_000, 10);
      await until('the acknowledgement recorded', async () => (await logOf(app.guid))[0]?.state === 'delivered', 10_000, 20);
      expect((await logOf(app.guid))[0]).toMatchObject({ event_id: got.event_id, http_status: 200 });
    } finally {
      process.kill(-proc.pid!, 'SIGTERM');
      await exited;
      await receiver.close();
    }
  });

  it("the local receiver's status is the acknowledgement: a 500 is a failed attempt, retried", async () => {
    const { app } = await longApp();
    const receiver = await scriptedReceiver([500]);
    const lines: string[] = [];
    const forwarder = await listen({ appId: app.app_id, appSecret: app.app_secret, domain: origin, forwardTo: receiver.url, print: (l) => lines.push(l) });
    try {
      await addMember();
      await until('the attempt recorded', async () => (await logOf(app.guid)).length === 1, 10_000, 20);
      expect((await logOf(app.guid))[0]).toMatchObject({ attempt: 1, http_status: 500, state: 'retrying' });
      // The body and headers arrive as a push's: signed, and encrypted with the app's Encrypt Key.
      expect(receiver.hits[0].headers).toMatchObject({ 'x-open-signature': expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/), 'x-lark-signature': expect.stringMatching(/^[0-9a-f]{64}$/), 'x-open-attempt': '1' });
      expect(JSON.parse(receiver.hits[0].body)).toEqual({ encrypt: expect.any(String) });
      expect(lines.some((l) => l.includes('[500]'))).toBe(true);
    } finally {
      forwarder.stop();
      await receiver.close();
    }
  });

  it('a wrong secret is refused with the platform’s sentence', async () => {
    const { app } = await longApp();
    await expect(listen({ appId: app.app_id, appSecret: 'wrong', domain: origin, forwardTo: 'http://127.0.0.1:9/x', print: () => {} })).rejects.toThrow(/\(code 514\)$/);
  });
});

/** A platform that answers the endpoint call and then sends whatever frames the test makes, as a hostile or broken server would. */
const fakePlatform = async () => {
  const http = createServer((req, res) => {
    const port = (http.address() as AddressInfo).port;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'ok', data: { URL: `ws://127.0.0.1:${port}/ws?service_id=1`, ClientConfig: { PingInterval: 30, ReconnectCount: -1, ReconnectInterval: 5, ReconnectNonce: 5 } } }));
  });
  const wss = new WebSocketServer({ server: http });
  const acks: Record<string, string | undefined>[] = [];
  const socket = new Promise<ServerSocket>((r) => wss.once('connection', (ws) => {
    ws.on('message', (d) => acks.push(headersOf(decodeFrame(d as Buffer))));
    r(ws);
  }));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, socket, acks, close: () => new Promise((r) => (wss.close(), http.close(r))) };
};

describe('the forwarder bounds what it takes from the platform', () => {
  it('forwards only the headers a push carries: a Cookie, a Host or any other frame header never reaches the receiver', async () => {
    // Every header a real push sends is on the list (server/events/crypto.ts `sealed`, plus the event id and attempt).
    const push = sealed({ a: 1 }, { encrypt_key: 'k'.repeat(32), signing_secret: 's' });
    for (const h of [...Object.keys(push.headers), 'x-open-event-id', 'x-open-attempt']) expect(PUSH_HEADERS.has(h), h).toBe(true);

    const platform = await fakePlatform();
    const receiver = await scriptedReceiver([200]);
    const forwarder = await listen({ appId: 'cli_x', appSecret: 'x', domain: platform.origin, forwardTo: receiver.url, print: () => {} });
    try {
      const ws = await platform.socket;
      const headers = { ...push.headers, 'x-open-event-id': 'e1', 'x-open-attempt': '1', Cookie: 'session=stolen', host: 'evil.example', 'x-forwarded-for': '10.0.0.1', authorization: 'Bearer t' };
      for (const f of eventFrames(1, 'm1', push.body, headers)) ws.send(encodeFrame(f));
      await until('the event at the receiver', () => receiver.hits.length === 1, 5_000, 10);
      const got = receiver.hits[0].headers;
      expect(got).toMatchObject({ 'x-open-event-id': 'e1', 'x-open-attempt': '1', 'x-open-signature': push.headers['x-open-signature'], 'x-lark-signature': push.headers['x-lark-signature'] });
      expect(got.cookie).toBeUndefined();
      expect(got.authorization).toBeUndefined();
      expect(got['x-forwarded-for']).toBeUndefined();
      expect(got.host).toBe(new URL(receiver.url).host);
      expect(receiver.hits[0].body).toBe(push.body);
    } finally {
      forwarder.stop();
      await receiver.close();
      await platform.close();
    }
  });

  it(`drops a frame whose sum is not 1 to ${MAX_FRAGMENTS} or whose seq is outside it, and goes on forwarding`, async () => {
    const platform = await fakePlatform();
    const receiver = await scriptedReceiver([200]);
    const lines: string[] = [];
    const forwarder = await listen({ appId: 'cli_x', appSecret: 'x', domain: platform.origin, forwardTo: receiver.url, print: (l) => lines.push(l) });
    try {
      const ws = await platform.socket;
      const frame = (id: string, sum: string, seq: string) => {
        const [f] = eventFrames(1, id, '{}', { 'x-open-event-id': id });
        return encodeFrame({ ...f, headers: f.headers.map((h) => (h.key === 'sum' ? { ...h, value: sum } : h.key === 'seq' ? { ...h, value: seq } : h)) });
      };
      ws.send(frame('huge', '4294967296', '0'));
      ws.send(frame('many', String(MAX_FRAGMENTS + 1), '0'));
      ws.send(frame('frac', '1.5', '0'));
      ws.send(frame('seq', '2', '2'));
      ws.send(frame('ok', '1', '0'));
      await until('the good event at the receiver', () => receiver.hits.length === 1, 5_000, 10);
      expect(receiver.hits[0].headers['x-open-event-id']).toBe('ok');
      expect(lines.filter((l) => l.includes('frame dropped'))).toHaveLength(4);
      expect(lines.some((l) => l.includes('sum 4294967296 is not 1 to'))).toBe(true);
      // Acknowledged: only the good one.
      await until('its acknowledgement', () => platform.acks.length === 1, 5_000, 10);
      expect(platform.acks[0].message_id).toBe('ok');
    } finally {
      forwarder.stop();
      await receiver.close();
      await platform.close();
    }
  });

  it(`joins at most ${MAX_EVENT_BYTES} bytes per event, one sum per event, and ${MAX_PENDING} unfinished events at once`, () => {
    const parts = new Fragments();
    const piece = Buffer.alloc(64 * 1024, 'x');
    const fit = MAX_EVENT_BYTES / piece.length;
    for (let seq = 0; seq < fit; seq++) expect(parts.add('big', String(MAX_FRAGMENTS), String(seq), piece)).toBeNull();
    expect(() => parts.add('big', String(MAX_FRAGMENTS), String(fit), piece)).toThrow(/event over/);
    expect(parts.add('two', '2', '0', Buffer.from('a'))).toBeNull();
    expect(() => parts.add('two', '3', '1', Buffer.from('b'))).toThrow(/differs/);
    // Past MAX_PENDING unfinished events the oldest is dropped: its second half then starts it anew.
    for (let i = 0; i <= MAX_PENDING; i++) parts.add(`p${i}`, '2', '0', Buffer.from('a'));
    expect(parts.add('p0', '2', '1', Buffer.from('b'))).toBeNull();
    expect(parts.add(`p${MAX_PENDING}`, '2', '1', Buffer.from('b'))?.toString()).toBe('ab');
  });
});
