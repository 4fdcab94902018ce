import WebSocket from 'ws';
import { Fragments } from './fragments.ts';
import { controlFrame, decodeFrame, encodeFrame, FRAGMENT_BYTES, headersOf, METHOD, type Frame } from './frames.ts';

/**
 * The headers a push carries (server/events/crypto.ts `sealed`, server/events/delivery.ts `push`),
 * the only frame headers forwarded: any other one (a `Cookie`, a `Host`) never reaches the local
 * receiver. fetch sets `content-length` itself.
 */
export const PUSH_HEADERS: ReadonlySet<string> = new Set([
  'content-type', 'x-lark-request-timestamp', 'x-lark-request-nonce', 'x-lark-signature', 'x-open-signature', 'x-open-event-id', 'x-open-attempt',
  'webhook-id', 'webhook-timestamp', 'webhook-signature',
]);
/** The largest frame taken from the platform: one fragment and its headers, with room to spare. */
const SERVER_FRAME_BYTES = 2 * FRAGMENT_BYTES;
/** Lark's WSClient codes after which trying again is pointless (everything but `internal_error`). */
const RETRYABLE = 1000040343;

export interface ListenOptions {
  appId: string;
  appSecret: string;
  /** The platform's origin (the SDK's `domain`). */
  domain: string;
  /** The local URL each event is POSTed to. */
  forwardTo: string;
  /** One line per event and per connection change. */
  print?: (line: string) => void;
}

interface Settings {
  PingInterval: number;
  ReconnectInterval: number;
  ReconnectNonce: number;
}

/**
 * `open-platform listen` (docs/lark.md, "The forwarder"): holds the app's long connection as Lark's
 * WSClient does (same endpoint call, frames, pings and fragments) and POSTs each event to
 * `forwardTo` exactly as a push arrives: the same body (encrypted when the app has an Encrypt
 * Key) and the same headers (X-Lark-Signature, X-Open-Signature, timestamps, event id). The local
 * answer's status is the acknowledgement, so the event log shows what the local receiver said and
 * a non-2xx is retried like a failed push. Answers `stop()`; rejects when the platform refuses the
 * app for good (wrong secret, push mode).
 */
export const listen = async (o: ListenOptions) => {
  const print = o.print ?? ((line: string) => console.log(line));
  const domain = o.domain.replace(/\/+$/, '');
  let stopped = false;
  let socket: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<Settings> => {
    // Refusals are sentences in the developer's own language.
    const r = await fetch(`${domain}/callback/ws/endpoint`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': Intl.DateTimeFormat().resolvedOptions().locale }, body: JSON.stringify({ AppID: o.appId, AppSecret: o.appSecret }) });
    const answer = (await r.json()) as { code: number; msg: string; data?: { URL: string; ClientConfig: Settings } };
    if (answer.code !== 0) throw Object.assign(new Error(`${answer.msg} (code ${answer.code})`), { final: answer.code !== RETRYABLE });
    const { URL: url, ClientConfig: settings } = answer.data!;
    const service = Number(new URL(url).searchParams.get('service_id') ?? 0);
    const ws = new WebSocket(url, { maxPayload: SERVER_FRAME_BYTES });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    socket = ws;
    const parts = new Fragments();
    const ping = setInterval(() => ws.send(encodeFrame(controlFrame(service, 'ping'))), settings.PingInterval * 1000);
    ws.on('close', () => {
      clearInterval(ping);
      if (stopped) return;
      print(`${stamp()}  connection lost; reconnecting`);
      again(settings);
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (data: Buffer) => {
      let frame: Frame;
      let body: Buffer | null;
      try {
        frame = decodeFrame(data);
        const h = headersOf(frame);
        if (frame.method !== METHOD.data || h.type !== 'event' || !h.message_id) return;
        body = parts.add(h.message_id, h.sum, h.seq, frame.payload ?? new Uint8Array());
      } catch (e) {
        // Unacknowledged, the event is sent again by the platform.
        print(`${stamp()}  frame dropped: ${(e as Error).message}`);
        return;
      }
      if (!body) return;
      void forward(frame, body.toString('utf8')).then((code) => {
        if (ws.readyState === ws.OPEN) ws.send(encodeFrame({ ...frame, payload: Buffer.from(JSON.stringify({ code })) }));
      });
    });
    return settings;
  };

  /** POSTs the event as a push arrives; answers the status for the acknowledgement (502 when nothing answered). */
  const forward = async (frame: Frame, body: string) => {
    const headers = Object.fromEntries(frame.headers.filter((h) => PUSH_HEADERS.has(h.key.toLowerCase())).map((h) => [h.key.toLowerCase(), h.value]));
    const started = performance.now();
    const id = `${headers['x-open-event-id'] ?? '?'} #${headers['x-open-attempt'] ?? '?'}`;
    try {
      const r = await fetch(o.forwardTo, { method: 'POST', headers, body, signal: AbortSignal.timeout(2500) });
      await r.arrayBuffer();
      print(`${stamp()}  ${id}  --> ${o.forwardTo}  [${r.status}] ${Math.round(performance.now() - started)} ms`);
      return r.status;
    } catch (e) {
      print(`${stamp()}  ${id}  --> ${o.forwardTo}  [failed: ${(e as Error).message}]`);
      return 502;
    }
  };

  const again = (s: Settings) => {
    timer = setTimeout(() => void attempt(s), (s.ReconnectInterval + Math.random() * s.ReconnectNonce) * 1000);
  };
  const attempt = async (s: Settings) => {
    try {
      await connect();
      print(`${stamp()}  connected again`);
    } catch (e) {
      if ((e as { final?: boolean }).final) {
        print(`${stamp()}  refused: ${(e as Error).message}`);
        return;
      }
      again(s);
    }
  };

  await connect();
  print(`${stamp()}  Ready: forwarding the events of ${o.appId} to ${o.forwardTo} (Ctrl-C to stop)`);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
};

const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);
