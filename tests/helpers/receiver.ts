import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as lark from '@larksuiteoapi/node-sdk';

export interface Received {
  type: string;
  event_id: string;
  /** The event as Lark's SDK handed it to the handler: verified and decrypted. */
  data: Record<string, unknown>;
}

/**
 * An event receiver built on Lark's official node SDK, unchanged: `EventDispatcher` with the
 * endpoint's Encrypt Key and Verification Token behind `adaptDefault` with auto-challenge. The SDK
 * calls a handler only for a push whose signature it verified and whose body it decrypted.
 */
export const larkReceiver = async (keys: { encrypt_key: string | null; verification_token: string }, types: string[]) => {
  const received: Received[] = [];
  const dispatcher = new lark.EventDispatcher({ encryptKey: keys.encrypt_key ?? undefined, verificationToken: keys.verification_token, loggerLevel: lark.LoggerLevel.fatal });
  dispatcher.register(Object.fromEntries(types.map((t) => [t, async (data: Record<string, unknown>) => {
    received.push({ type: t, event_id: data.event_id as string, data });
    return 'ok';
  }])));
  const handle = lark.adaptDefault('/webhook/event', dispatcher, { autoChallenge: true });
  // A body it cannot decrypt makes the SDK throw: answered 400, as a receiver's framework would.
  const server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(400).end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/event`, received, close: () => close(server) };
};

export interface RawHit {
  headers: IncomingHttpHeaders;
  body: string;
  /** When the request arrived (performance.now()). */
  at: number;
}

/**
 * A receiver whose answers the test scripts: each request gets the next status (the last repeats)
 * after `delayMs`; `hits` may be cleared. `answered` holds when each answer went (performance.now())
 * and `peak` the most requests it held at once.
 */
export const scriptedReceiver = async (statuses: number[], opts: { delayMs?: number; echo?: boolean } = {}) => {
  const hits: RawHit[] = [];
  const answered: number[] = [];
  let served = 0;
  let holding = 0;
  let peak = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hits.push({ headers: req.headers, body, at: performance.now() });
      peak = Math.max(peak, ++holding);
      const status = statuses[Math.min(served++, statuses.length - 1)];
      setTimeout(() => {
        holding--;
        answered.push(performance.now());
        let answer = '{}';
        // A plain (unencrypted) challenge is echoed when asked to.
        if (opts.echo) {
          try {
            const parsed = JSON.parse(body) as { challenge?: string };
            if (parsed.challenge) answer = JSON.stringify({ challenge: parsed.challenge });
          } catch { /* not JSON: answered as is */ }
        }
        res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
      }, opts.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    hits,
    answered,
    get peak() {
      return peak;
    },
    close: () => close(server),
  };
};

const close = (server: Server) => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
});
