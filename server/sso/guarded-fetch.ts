import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** An identity provider's answer (discovery, keys, metadata, tokens) is small: past this it is refused. */
const MAX_BYTES = 1024 * 1024;
const DEADLINE_MS = 10_000;

/** Why a fetch got no answer: each has a sentence in `server.sso.fetch.*`. */
export class FetchFailure extends Error {
  constructor(readonly reason: 'blocked' | 'dns' | 'refused' | 'timeout' | 'tls' | 'too_big' | 'network', readonly url: string) {
    super(`${reason}: ${url}`);
  }
}

const reasonOf = (e: NodeJS.ErrnoException): FetchFailure['reason'] => {
  // request-filtering-agent refuses after resolving, naming the address: the only message saying "is not allowed".
  if (/is not allowed/.test(e.message)) return 'blocked';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'dns';
  if (e.code === 'ECONNREFUSED') return 'refused';
  if (e.code?.startsWith('ERR_TLS') || e.code?.includes('CERT') || /SSL|TLS|certificate/i.test(e.message)) return 'tls';
  return 'network';
};

export type GuardedFetch = (url: string | URL, init?: { method?: string; headers?: Record<string, string> | Headers; body?: unknown; signal?: AbortSignal | null }) => Promise<Response>;

/**
 * A `fetch` for SSO's calls to identity providers: through the same filter as event pushes
 * (server/events/outgoing.ts), so a BU cannot point the server at loopback, private, link-local or
 * metadata addresses, checked on the address connected to after DNS. `allowPrivate`
 * (ALLOW_PRIVATE_IDP) lifts that for an IdP inside the network, and for tests. No redirects are
 * followed; answers are capped at 1 MB and 10 seconds.
 */
export const guardedFetch = (allowPrivate: boolean): GuardedFetch => {
  const filtered = { keepAlive: false, denyIPAddressList: ['::/96'] };
  const agents = allowPrivate ? { http: new http.Agent(), https: new https.Agent() } : { http: new RequestFilteringHttpAgent(filtered), https: new RequestFilteringHttpsAgent(filtered) };
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(String(input));
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new FetchFailure('blocked', url.href));
      const secure = url.protocol === 'https:';
      const headers = init.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : { ...(init.headers ?? {}) };
      const body = init.body === undefined || init.body === null ? undefined : init.body instanceof URLSearchParams ? init.body.toString() : String(init.body);
      if (init.body instanceof URLSearchParams) headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const req = (secure ? https : http).request(url, { method: init.method ?? 'GET', headers: { 'user-agent': 'OpenPlatform-SSO/1', ...headers }, agent: secure ? agents.https : agents.http });
      const timer = setTimeout(() => req.destroy(new FetchFailure('timeout', url.href)), DEADLINE_MS);
      init.signal?.addEventListener('abort', () => req.destroy(new FetchFailure('timeout', url.href)));
      req.on('error', (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(e instanceof FetchFailure ? e : new FetchFailure(reasonOf(e), url.href));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) return req.destroy(new FetchFailure('too_big', url.href));
          chunks.push(c);
        });
        res.on('end', () => {
          clearTimeout(timer);
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
          const status = res.statusCode ?? 502;
          resolve(new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      });
      req.end(body);
    });
};
