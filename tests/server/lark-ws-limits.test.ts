import * as lark from '@larksuiteoapi/node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_FRAME_LIMITS, type LongConnections } from '../../server/lark/ws/connections.ts';
import { encodeFrame, type Frame } from '../../server/lark/ws/frames.ts';
import { until } from '../helpers/instances.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeAll, longConnectionApp, longConnectionServer, rawSocket as openSocket } from '../helpers/lark-ws.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * One client cannot stall the server through its long connection (docs/lark.md, "Limits"): its
 * frames are only pings and acknowledgements, so a big frame, a frame of many headers or a flood
 * of frames closes the connection, with a logged reason, before anything is decoded.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
let origin: string;
let lines: string[] = [];
const clients: lark.WSClient[] = [];

beforeAll(async () => {
  ({ s, A, admin, origin, lines } = await longConnectionServer({ worker: false }));
});
afterAll(() => closeAll(clients, s));

const longApp = () => longConnectionApp(s, A.token, admin, false);

/** A connection opened by hand for a new app; `closed` resolves with the server's close code and reason, `got.messages` counts what it sent. */
const rawSocket = async () => {
  const { app } = await longApp();
  return { ...(await openSocket(origin, app)), app };
};

const ping: Frame = { SeqID: 0, LogID: 0, service: 1, method: 0, headers: [{ key: 'type', value: 'ping' }] };
/** A well-formed ping carrying `n` empty headers besides its type: what the attack sent. */
const padded = (n: number) => encodeFrame({ ...ping, headers: [...ping.headers, ...Array.from({ length: n }, () => ({ key: '', value: '' }))] });
const logged = (reason: string) => lines.some((l) => l.includes('long connection closed') && l.includes(reason));

describe("a client's frames are bounded", () => {
  it('a 1 MB frame closes the connection (1009) before it is read', async () => {
    const { ws, closed, got } = await rawSocket();
    const big = padded(170_000);
    expect(big.length).toBeGreaterThan(1_000_000);
    expect(big.length).toBeLessThan(1024 * 1024);
    ws.send(big);
    expect((await closed).code).toBe(1009);
    expect(got.messages).toBe(0);
    await until('the line logged', () => logged('Max payload size exceeded'), 2_000, 10);
  });

  it(`a frame of more than ${CLIENT_FRAME_LIMITS.headers} headers closes the connection (1008) undecoded`, async () => {
    const { ws, closed, got } = await rawSocket();
    const many = padded(1_000);
    expect(many.length).toBeLessThan(CLIENT_FRAME_LIMITS.bytes);
    ws.send(many);
    expect(await closed).toEqual({ code: 1008, reason: 'too many headers' });
    // Never answered as the ping it is.
    expect(got.messages).toBe(0);
    expect(logged('too many headers')).toBe(true);
  });

  it('a flood of small frames closes the connection (1008) once past the budget', async () => {
    const { ws, closed, got } = await rawSocket();
    for (let i = 0; i < 200; i++) ws.send(encodeFrame(ping));
    expect(await closed).toEqual({ code: 1008, reason: 'too many frames' });
    // The burst's pings were answered, and hardly more.
    expect(got.messages).toBeGreaterThanOrEqual(CLIENT_FRAME_LIMITS.burst);
    expect(got.messages).toBeLessThanOrEqual(CLIENT_FRAME_LIMITS.burst + 2);
    expect(logged('too many frames')).toBe(true);
  });

  it("the official SDK keeps working: a burst of events, each acknowledged, stays within the connection's budget", { timeout: 30_000 }, async () => {
    const { app, config } = await longApp();
    const received: unknown[] = [];
    const dispatcher = new lark.EventDispatcher({ encryptKey: config.encrypt_key ?? undefined, verificationToken: config.verification_token, loggerLevel: lark.LoggerLevel.fatal });
    dispatcher.register({ 'contact.user.created_v3': async (data: unknown) => void received.push(data) });
    let ready = false;
    const client = new lark.WSClient({ appId: app.app_id, appSecret: app.app_secret, domain: origin, loggerLevel: lark.LoggerLevel.fatal, onReady: () => (ready = true) });
    clients.push(client);
    await client.start({ eventDispatcher: dispatcher });
    await until('the SDK connected', () => ready, 10_000, 10);
    const n = CLIENT_FRAME_LIMITS.burst * 3;
    const outcomes = await Promise.all(Array.from({ length: n }, (_, i) => {
      const body = JSON.stringify({ schema: '2.0', header: { event_id: `e${i}`, event_type: 'contact.user.created_v3', token: config.verification_token, app_id: app.app_id }, event: { i } });
      return s.services.events.long!.send(app.guid, `burst-${i}-${uid()}`, body, {});
    }));
    expect(outcomes.map((o) => o.status)).toEqual(Array(n).fill(200));
    expect(received).toHaveLength(n);
    expect((s.services.events.long as LongConnections).count(app.guid)).toBe(1);
  });
});
