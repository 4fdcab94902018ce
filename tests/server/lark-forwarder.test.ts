import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { listen } from '../../server/lark/ws/forwarder.ts';
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
      expect((got.data.object as { guid: string }).guid).toBe(member.data.guid);
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
