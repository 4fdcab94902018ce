import type { FastifyInstance } from 'fastify';

/**
 * A person allows an app on the consent screen, as their browser would (docs/oauth.md): the
 * app's authorisation request, the provider's redirects to the consent screen with the cookies
 * they set, the screen's calls with the person's token, and back to the app's address. The demo
 * fills *Authorised apps* and a BU's members' authorisations this way, through the real flow.
 */
export const allowApp = async (app: FastifyInstance, person: string, client: { app_id: string; redirect: string; scope: string }) => {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (set: string | string[] | undefined) => {
    for (const line of [set ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  };
  /** Follows the platform's redirects from `path`; answers where they left it (the consent screen, or the app's address). */
  const follow = async (path: string) => {
    let at = path;
    for (let hop = 0; hop < 8; hop++) {
      const res = await app.inject({ method: 'GET', url: at, headers: { cookie: cookie() } });
      keep(res.headers['set-cookie']);
      const to = res.headers.location;
      if (typeof to !== 'string' || to.startsWith(client.redirect)) return to ?? at;
      const next = new URL(to, 'http://platform');
      at = `${next.pathname}${next.search}`;
      if (next.pathname.startsWith('/oauth/')) return at;
    }
    throw new Error('the sign-in did not reach the consent screen');
  };
  const consent = async (path: string, body: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: path, payload: body, headers: { cookie: cookie(), authorization: `Bearer ${person}` } });
    const envelope = res.json() as { code: number; data: Record<string, unknown>; message: string };
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  };
  const screen = await follow(`/oidc/auth?${new URLSearchParams({ client_id: client.app_id, redirect_uri: client.redirect, response_type: 'code', scope: client.scope, state: 'demo' })}`);
  const uid = new URL(screen, 'http://platform').pathname.split('/').pop()!;
  const shown = await consent('/open/oauth/interaction/get', { uid });
  const allowed = await consent('/open/oauth/interaction/allow', { uid, scopes: (shown.scopes as { code: string }[]).map((s) => s.code) });
  const back = await follow(String(allowed.location));
  if (!back.startsWith(client.redirect)) throw new Error(`the sign-in did not return to the app: ${back}`);
};
