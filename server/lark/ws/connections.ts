import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { LongChannel } from '../../events/delivery.ts';
import type { Outcome } from '../../events/outgoing.ts';
import { DEADLINE_MS } from '../../events/policy.ts';
import { controlFrame, decodeFrame, encodeFrame, eventFrames, headersOf, METHOD } from './frames.ts';
import type { Tickets } from './tickets.ts';

/** Where the connection URL points (its ticket in the query). */
export const WS_PATH = '/callback/ws/connect';
/** Long connections one app may hold on one instance (docs/events.md, "Delivery modes"). */
export const CONNECTIONS_PER_APP = 5;
/**
 * What the SDK is told in the endpoint's answer and every pong (seconds): ping every 30 s;
 * after a drop, reconnect within 0–5 s and then every 5 s, without end. Lark says 120 s between
 * tries; a platform restarting for a deploy wants its receivers back sooner.
 */
export const CLIENT_CONFIG = { PingInterval: 30, ReconnectCount: -1, ReconnectInterval: 5, ReconnectNonce: 5 };
/** The `service_id` of the URL, echoed by the SDK in its pings. */
export const SERVICE_ID = 1;
/** A connection silent for this many ping intervals is taken for dead (its peer vanished without closing). */
const SILENT_PINGS = 3;

interface Connection {
  ws: WebSocket;
  appGuid: string;
  /** Events sent, waiting for their acknowledgement, by message_id. */
  waiting: Map<string, (ack: Uint8Array | null) => void>;
  seen: number;
}

/**
 * This instance's long connections, by app. An event of an app on the long connection goes to its
 * least busy connection as data frames; the client's acknowledgement (its frame echoed with
 * `{"code": 200}`) is the attempt's answer, recorded like a push's HTTP status. No acknowledgement
 * within the push's deadline, or the connection dropping first, is a failed attempt: retried.
 */
export class LongConnections implements LongChannel {
  private readonly byApp = new Map<string, Set<Connection>>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly tickets: Tickets,
    private readonly opened: (appGuid: string) => void,
  ) {
    this.sweep = setInterval(() => {
      const before = Date.now() - SILENT_PINGS * CLIENT_CONFIG.PingInterval * 1000;
      for (const set of this.byApp.values()) for (const c of set) if (c.seen < before) c.ws.terminate();
    }, CLIENT_CONFIG.PingInterval * 1000);
    this.sweep.unref();
  }

  count(appGuid: string) {
    return this.byApp.get(appGuid)?.size ?? 0;
  }

  /** The apps with a connection here: this instance claims their events, and only it (server/events/claim.ts). */
  apps() {
    return [...this.byApp.keys()];
  }

  attach(server: Server) {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(req, socket, head));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const refuse = (status: number) => socket.end(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 403 ? 'Forbidden' : 'Too Many Requests'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== WS_PATH) return refuse(404);
    const appGuid = await this.tickets.consume(url.searchParams.get('ticket') ?? '').catch(() => null);
    if (!appGuid) return refuse(403);
    if (this.count(appGuid) >= CONNECTIONS_PER_APP) return refuse(429);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, appGuid));
  }

  private open(ws: WebSocket, appGuid: string) {
    const c: Connection = { ws, appGuid, waiting: new Map(), seen: Date.now() };
    const set = this.byApp.get(appGuid) ?? new Set();
    this.byApp.set(appGuid, set.add(c));
    ws.on('message', (data: RawData) => this.receive(c, data));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      set.delete(c);
      if (!set.size && this.byApp.get(appGuid) === set) this.byApp.delete(appGuid);
      for (const answer of c.waiting.values()) answer(null);
    });
    this.opened(appGuid);
  }

  private receive(c: Connection, data: RawData) {
    c.seen = Date.now();
    let frame;
    try {
      frame = decodeFrame(Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]));
    } catch {
      return c.ws.close(1002, 'not a frame');
    }
    const h = headersOf(frame);
    if (frame.method === METHOD.control && h.type === 'ping') return void c.ws.send(encodeFrame(controlFrame(SERVICE_ID, 'pong', CLIENT_CONFIG)));
    if (frame.method === METHOD.data && h.message_id) c.waiting.get(h.message_id)?.(frame.payload ?? new Uint8Array());
  }

  async send(appGuid: string, messageId: string, body: string, headers: Record<string, string>): Promise<Outcome> {
    const open = [...(this.byApp.get(appGuid) ?? [])].filter((c) => c.ws.readyState === c.ws.OPEN);
    if (!open.length) return { status: 0, ms: 0, answer: '', failure: 'disconnected' };
    const c = open.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const started = performance.now();
    const ms = () => Math.round((performance.now() - started) * 10) / 10;
    return new Promise<Outcome>((resolve) => {
      const done = (o: Omit<Outcome, 'ms'>) => {
        clearTimeout(deadline);
        c.waiting.delete(messageId);
        resolve({ ...o, ms: ms() });
      };
      const deadline = setTimeout(() => done({ status: 0, answer: '', failure: 'timeout' }), DEADLINE_MS);
      c.waiting.set(messageId, (ack) => {
        if (!ack) return done({ status: 0, answer: '', failure: 'disconnected' });
        const answer = Buffer.from(ack).toString('utf8');
        let code = 0;
        try {
          code = Number((JSON.parse(answer) as { code?: unknown }).code) || 0;
        } catch {
          // Not the SDK's `{"code": …}`: no status, a failed attempt.
        }
        done({ status: code, answer });
      });
      for (const f of eventFrames(SERVICE_ID, messageId, body, headers)) c.ws.send(encodeFrame(f));
    });
  }

  /** Drops every connection (a stop): the clients reconnect, to another instance when there is one. */
  close() {
    clearInterval(this.sweep);
    for (const set of this.byApp.values()) for (const c of set) c.ws.terminate();
    this.wss.close();
  }
}
