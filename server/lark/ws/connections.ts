import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { Queryable } from '../../db/driver.ts';
import type { LongChannel } from '../../events/delivery.ts';
import type { Outcome } from '../../events/outgoing.ts';
import { DEADLINE_MS } from '../../events/policy.ts';
import { FrameBudget } from './frame-budget.ts';
import { revokedBecause, standingOf, type Standing } from './standing.ts';
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
/**
 * What a client may send (docs/lark.md, "Limits"). Its frames are only pings and acknowledgements:
 * an acknowledgement is the event's frame with its ~15 headers and the handler's answer, well
 * under 8 KB. A bigger frame is refused by ws before it is read (close 1009); more headers, or
 * frames faster than the budget, close the connection (1008) before anything is decoded.
 */
export const CLIENT_FRAME_LIMITS = { bytes: 8 * 1024, headers: 32, burst: 20, perSecond: 1 } as const;
/** Close codes: a frame over the size (ws's own), and everything else refused (RFC 6455 "policy violation"). */
export const CLOSE = { tooBig: 1009, policy: 1008 } as const;

/** One line per connection closed by the server for a reason (a revocation, a client over its limits). */
export type ClosedLog = (fields: { app: string; code: number; reason: string }) => void;

/** The frames' codec (server/lark/ws/frames.ts, on protobufjs). */
type Frames = typeof import('./frames.ts');

interface Connection {
  ws: WebSocket;
  frames: Frames;
  appGuid: string;
  /** Events sent, waiting for their acknowledgement, by message_id. */
  waiting: Map<string, (ack: Uint8Array | null) => void>;
  seen: number;
  /** What it was opened under; a change closes it. */
  standing: Standing;
  budget: FrameBudget;
}

/**
 * This instance's long connections, by app. An event of an app on the long connection goes to its
 * least busy connection as data frames; the client's acknowledgement (its frame echoed with
 * `{"code": 200}`) is the attempt's answer, recorded like a push's HTTP status. No acknowledgement
 * within the push's deadline, or the connection dropping first, is a failed attempt: retried.
 * Whenever `app-callers` is announced (a secret reset, an app or BU disabled, scopes changed, a
 * switch to push: server/services/cache-bus.ts, heard by every instance), each app's standing is
 * read again and the connections it no longer allows are closed.
 */
export class LongConnections implements LongChannel {
  private readonly byApp = new Map<string, Set<Connection>>();
  /** ws and the frames' protobuf load with the first connection, not at start. */
  private wire: Promise<{ wss: WebSocketServer; frames: Frames }> | undefined;
  private wss: WebSocketServer | undefined;
  private readonly sweep: NodeJS.Timeout;
  /** Counts announcements: a connection whose standing was read before one is checked again once open. */
  private generation = 0;
  private checking: Promise<void> | undefined;
  private checkAgain = false;

  constructor(
    private readonly tickets: Tickets,
    private readonly db: Queryable,
    private readonly opened: (appGuid: string) => void,
    private readonly closed: ClosedLog = () => {},
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

  private loadWire() {
    return (this.wire ??= Promise.all([import('ws'), import('./frames.ts')]).then(([{ WebSocketServer }, frames]) => {
      this.wss = new WebSocketServer({ noServer: true, maxPayload: CLIENT_FRAME_LIMITS.bytes });
      return { wss: this.wss, frames };
    }));
  }

  attach(server: Server) {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(req, socket, head));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const refuse = (status: number) => socket.end(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 403 ? 'Forbidden' : 'Too Many Requests'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== WS_PATH) return refuse(404);
    const ticket = url.searchParams.get('ticket') ?? '';
    const appGuid = this.tickets.appOf(ticket);
    const generation = this.generation;
    const standing = appGuid ? await standingOf(this.db, [appGuid]).then((m) => m.get(appGuid), () => undefined) : undefined;
    // The app as it stands now, and a ticket issued for its current secret.
    if (!appGuid || !standing || standing.barred || !(await this.tickets.consume(ticket, standing.secret).catch(() => false))) return refuse(403);
    const { wss, frames } = await this.loadWire();
    if (this.count(appGuid) >= CONNECTIONS_PER_APP) return refuse(429);
    wss.handleUpgrade(req, socket, head, (ws) => {
      this.open(ws, appGuid, standing, frames);
      // A change announced while its standing was read: read it again.
      if (generation !== this.generation) this.recheck();
    });
  }

  /** Reads every connected app's standing again and closes what it no longer allows; coalesces calls made meanwhile. */
  recheck() {
    this.generation++;
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false;
        const apps = this.apps();
        if (!apps.length) continue;
        const now = await standingOf(this.db, apps);
        for (const [appGuid, set] of this.byApp) {
          for (const c of set) {
            const reason = revokedBecause(c.standing, now.get(appGuid));
            if (reason && c.ws.readyState === c.ws.OPEN) this.end(c, CLOSE.policy, `revoked: ${reason}`);
          }
        }
      } while (this.checkAgain);
    })()
      // The database unreachable: the connections stay until the next announcement or the sweep.
      .catch(() => {})
      .finally(() => (this.checking = undefined));
  }

  /** Closes a connection for a reason, logged. */
  private end(c: Connection, code: number, reason: string) {
    this.closed({ app: c.appGuid, code, reason });
    c.ws.close(code, reason);
  }

  private open(ws: WebSocket, appGuid: string, standing: Standing, frames: Frames) {
    const c: Connection = { ws, frames, appGuid, waiting: new Map(), seen: Date.now(), standing, budget: new FrameBudget(CLIENT_FRAME_LIMITS.burst, CLIENT_FRAME_LIMITS.perSecond) };
    const set = this.byApp.get(appGuid) ?? new Set();
    this.byApp.set(appGuid, set.add(c));
    ws.on('message', (data: RawData) => this.receive(c, data));
    ws.on('error', (e: Error & { code?: string }) => {
      // ws refused a frame (too big, malformed) and is already closing with its code.
      if (ws.readyState === ws.CLOSING) return this.closed({ app: appGuid, code: e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? CLOSE.tooBig : 1002, reason: e.message });
      ws.terminate();
    });
    ws.on('close', () => {
      set.delete(c);
      if (!set.size && this.byApp.get(appGuid) === set) this.byApp.delete(appGuid);
      for (const answer of c.waiting.values()) answer(null);
    });
    this.opened(appGuid);
  }

  private receive(c: Connection, data: RawData) {
    if (c.ws.readyState !== c.ws.OPEN) return;
    c.seen = Date.now();
    if (!c.budget.take()) return this.end(c, CLOSE.policy, 'too many frames');
    const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
    const { controlFrame, decodeFrame, encodeFrame, headerCount, headersOf, METHOD } = c.frames;
    let frame;
    try {
      if (headerCount(bytes, CLIENT_FRAME_LIMITS.headers) > CLIENT_FRAME_LIMITS.headers) return this.end(c, CLOSE.policy, 'too many headers');
      frame = decodeFrame(bytes);
    } catch {
      return this.end(c, 1002, 'not a frame');
    }
    const h = headersOf(frame);
    if (frame.method === METHOD.control && h.type === 'ping') return void c.ws.send(encodeFrame(controlFrame(SERVICE_ID, 'pong', CLIENT_CONFIG)));
    if (frame.method === METHOD.data && h.message_id) c.waiting.get(h.message_id)?.(frame.payload ?? new Uint8Array());
  }

  async send(appGuid: string, messageId: string, body: string, headers: Record<string, string>): Promise<Outcome> {
    const open = [...(this.byApp.get(appGuid) ?? [])].filter((c) => c.ws.readyState === c.ws.OPEN);
    if (!open.length) return { status: 0, ms: 0, answer: '', failure: 'disconnected' };
    const c = open.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    c.budget.owe();
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
      for (const f of c.frames.eventFrames(SERVICE_ID, messageId, body, headers)) c.ws.send(c.frames.encodeFrame(f));
    });
  }

  /** Drops every connection (a stop): the clients reconnect, to another instance when there is one. */
  close() {
    clearInterval(this.sweep);
    for (const set of this.byApp.values()) for (const c of set) c.ws.terminate();
    this.wss?.close();
  }
}
