/**
 * A browser's part of a sign-in with the platform, without a browser (the Chromium journey does it
 * by clicks): follows redirects by hand with a cookie jar that honours paths, and answers the
 * consent screen through its calls as the person whose console token it holds.
 */
import type { FastifyInstance } from 'fastify';

interface Cookie { name: string; value: string; path: string }
type Transport = (url: URL, init: RequestInit & { headers: Headers }) => Promise<Response>;

/** A server's answers without a socket (fastify's inject), as `fetch` would give them. */
const injected = (app: FastifyInstance): Transport => async (url, init) => {
  const res = await app.inject({ method: (init.method ?? 'GET') as 'GET', url: `${url.pathname}${url.search}`, headers: Object.fromEntries(init.headers.entries()), payload: init.body as string | undefined });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, String(v));
  return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers });
};

export class OAuthAgent {
  private jar: Cookie[] = [];

  constructor(
    private readonly origin: string,
    private readonly transport: Transport = (url, init) => fetch(url, { ...init, redirect: 'manual' }),
  ) {}

  /** An agent on a server that is not listening: its origin is the server's public URL. */
  static overInject(app: FastifyInstance, origin = 'http://127.0.0.1:8080') {
    return new OAuthAgent(origin, injected(app));
  }

  private cookieHeader(url: URL) {
    return this.jar.filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)).map((c) => `${c.name}=${c.value}`).join('; ');
  }

  private keep(res: Response, url: URL) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((p) => p.trim());
      const [name, ...rest] = pair.split('=');
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? url.pathname;
      const gone = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      this.jar = this.jar.filter((c) => !(c.name === name && c.path === path));
      if (!gone) this.jar.push({ name, value: rest.join('='), path });
    }
  }

  /** One request as the browser makes it: its cookies, no redirect followed. */
  async fetch(target: string, init: RequestInit = {}) {
    const url = new URL(target, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await this.transport(url, { ...init, headers });
    this.keep(res, url);
    return res;
  }

  /** Follows this origin's redirects from `start`; answers the first response that leaves it or stops redirecting. */
  async follow(start: string) {
    let at = start;
    for (let i = 0; i < 10; i++) {
      const res = await this.fetch(at);
      const to = res.headers.get('location');
      if (!to || res.status < 300 || res.status >= 400) return { res, at };
      const next = new URL(to, at.startsWith('http') ? at : new URL(at, this.origin));
      if (next.origin !== this.origin) return { res, at: next.href };
      at = next.href;
    }
    throw new Error('too many redirects');
  }

  /** A consent-screen call, with this browser's cookies and the person's console token. */
  async call(path: string, body: unknown, token?: string) {
    const res = await this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  }
}

/** The uid of the consent page a redirect chain ended on (`/oauth/<uid>`). */
export const consentUid = (at: string) => {
  const m = /\/oauth\/([A-Za-z0-9_-]+)$/.exec(new URL(at).pathname);
  if (!m) throw new Error(`not a consent page: ${at}`);
  return m[1];
};

/**
 * A person's authorisation of an app, made as a browser would make it (the authorisation request,
 * the consent screen's calls as the holder of `token`, back to the app's address): the
 * authorisation's guid and the address the app was sent back to (its code in the query).
 */
const allowThrough = async (agent: OAuthAgent, token: string, appId: string, redirect: string, scope: string) => {
  const start = `/oidc/auth?${new URLSearchParams({ client_id: appId, redirect_uri: redirect, response_type: 'code', scope, state: 'agent' })}`;
  const uid = consentUid((await agent.follow(start)).at);
  const shown = await agent.call('/open/oauth/interaction/get', { uid }, token);
  if (shown.code !== 200) throw new Error(shown.message);
  const allowed = await agent.call('/open/oauth/interaction/allow', { uid, scopes: (shown.data.scopes as { code: string }[]).map((x) => x.code) }, token);
  if (allowed.code !== 200) throw new Error(allowed.message);
  const back = new URL((await agent.follow(String(allowed.data.location))).at);
  return { authorisation: allowed.data.guid as string, back };
};

/** What the generated suites make an `app-authorisation` row by: its guid. */
export const authorise = async (agent: OAuthAgent, token: string, appId: string, redirect: string, scope = 'openid') =>
  (await allowThrough(agent, token, appId, redirect, scope)).authorisation;

/** A person's access token for an app: the browser's part, then the code exchanged at the provider's token endpoint as the app (its secret) would exchange it. */
export const userToken = async (agent: OAuthAgent, token: string, app: { app_id: string; app_secret: string }, redirect: string, scope: string) => {
  const { authorisation, back } = await allowThrough(agent, token, app.app_id, redirect, scope);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.href}`);
  const res = await agent.fetch('/oidc/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${encodeURIComponent(app.app_id)}:${encodeURIComponent(app.app_secret)}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect }).toString(),
  });
  const tokens = (await res.json()) as { access_token?: string; error?: string };
  if (!tokens.access_token) throw new Error(`token endpoint: ${tokens.error}`);
  return { accessToken: tokens.access_token, authorisation };
};
