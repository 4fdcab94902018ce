import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { ANSWER_READ_MAX, CONNECT_MS, DEADLINE_MS, IN_FLIGHT_MAX } from './policy.ts';

/** Why a push got no HTTP answer: each has a sentence in `server.event_failure.*`. */
export type Failure = 'endpoint_gone' | 'blocked' | 'dns' | 'refused' | 'connect_timeout' | 'timeout' | 'tls' | 'network' | 'disconnected';

export interface Outcome {
  /** The HTTP status, or 0 when there was no answer. */
  status: number;
  ms: number;
  /** The answer's text, at most ANSWER_READ_MAX bytes of it. */
  answer: string;
  failure?: Failure;
}

export interface Outgoing {
  post(url: string, body: string, headers: Record<string, string>, deadlineMs?: number): Promise<Outcome>;
  close(): void;
}

const failureOf = (e: NodeJS.ErrnoException): Failure => {
  // request-filtering-agent refuses after resolving, naming the address: the only message saying "is not allowed".
  if (/is not allowed/.test(e.message)) return 'blocked';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'dns';
  if (e.code === 'ECONNREFUSED') return 'refused';
  if (e.code?.startsWith('ERR_TLS') || e.code?.includes('CERT') || /SSL|TLS|certificate/i.test(e.message)) return 'tls';
  return 'network';
};

/**
 * Pushes to developers' URLs. Without `allowPrivate` (ALLOW_PRIVATE_WEBHOOKS) the agents refuse
 * loopback, private, link-local and metadata addresses, checked on the address actually connected
 * to after DNS, so a name that resolves to 127.0.0.1 is refused like the address itself.
 */
export const createOutgoing = (allowPrivate: boolean): Outgoing => {
  // As many sockets per host as pushes may be in flight: a push never queues behind others for a socket, its deadline running.
  const options = { keepAlive: true, maxSockets: IN_FLIGHT_MAX };
  // IPv4-compatible IPv6 (`[::127.0.0.1]` is `::7f00:1`) is "unicast" to the filter, yet names an IPv4 address: refused like the other loopback forms.
  const filtered = { ...options, denyIPAddressList: ['::/96'] };
  const agents = allowPrivate
    ? { http: new http.Agent(options), https: new https.Agent(options) }
    : { http: new RequestFilteringHttpAgent(filtered), https: new RequestFilteringHttpsAgent(filtered) };
  return {
    post: (url, body, headers, deadlineMs = DEADLINE_MS) =>
      new Promise((resolve) => {
        const started = performance.now();
        let settled = false;
        let failure: Failure | undefined;
        let current: http.ClientRequest | undefined;
        const done = (o: Omit<Outcome, 'ms'>) => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          resolve({ ...o, ms: Math.round((performance.now() - started) * 10) / 10 });
        };
        const abort = (f: Failure) => {
          failure ??= f;
          current?.destroy();
        };
        const deadline = setTimeout(() => abort('timeout'), deadlineMs);
        const target = new URL(url);
        const secure = target.protocol === 'https:';
        const send = (retried: boolean) => {
          const req = (secure ? https : http).request(target, { method: 'POST', agent: secure ? agents.https : agents.http, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'OpenPlatform-Events/1' } });
          current = req;
          req.on('socket', (socket) => {
            if (!socket.connecting) return;
            const connect = setTimeout(() => abort('connect_timeout'), Math.min(CONNECT_MS, deadlineMs));
            socket.once('connect', () => clearTimeout(connect));
            socket.once('close', () => clearTimeout(connect));
          });
          req.on('error', (e: NodeJS.ErrnoException) => {
            // A kept-alive socket the receiver had just closed: Node's advice is to send again on a new one.
            if (req.reusedSocket && e.code === 'ECONNRESET' && !failure && !retried) return send(true);
            done({ status: 0, answer: '', failure: failure ?? failureOf(e) });
          });
          req.on('response', (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            const finish = () => done({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8') });
            res.on('data', (c: Buffer) => {
              if (size >= ANSWER_READ_MAX) return;
              chunks.push(c.subarray(0, ANSWER_READ_MAX - size));
              size += c.length;
              // Past 64 KB the rest is not read: the status is what counts.
              if (size >= ANSWER_READ_MAX) {
                res.destroy();
                finish();
              }
            });
            res.on('end', finish);
            res.on('error', () => (failure ? done({ status: 0, answer: '', failure }) : finish()));
          });
          req.end(body);
        };
        send(false);
      }),
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
};
