/**
 * A browser's part of a sign-in with the platform, without a browser (the Chromium journey does it
 * by clicks): follows redirects by hand with a cookie jar that honours paths, and answers the
 * consent screen through its calls as the person whose console token it holds.
 */
interface Cookie { name: string; value: string; path: string }

export class OAuthAgent {
  private jar: Cookie[] = [];

  constructor(private readonly origin: string) {}

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
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
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
