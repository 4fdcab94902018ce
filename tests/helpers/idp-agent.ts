import type { TestServer } from './server.ts';

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m ? m[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x2F;/gi, '/').replace(/&#39;/g, "'") : undefined;
};

/**
 * Goes through an identity provider's pages as a browser would, without one: follows redirects
 * keeping its cookies and submits each page's form (`fill` gives the values typed, such as the
 * login and password), until the next request goes to `until` (the platform). Answers that
 * request, for the test to send to the platform.
 */
export const throughIdp = async (start: string, until: string, fill: Record<string, string>) => {
  const jar = new Map<string, string>();
  let url = start;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(until)) return { url, method, body };
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = /<form[^>]*>/i.exec(html)?.[0];
    if (!form) throw new Error(`the IdP answered ${res.status} without a form at ${url}: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const [tag] of html.matchAll(/<input[^>]*>/gi)) {
      const name = attr(tag, 'name');
      if (name) fields.set(name, fill[name] ?? attr(tag, 'value') ?? '');
    }
    url = new URL(attr(form, 'action') ?? url, url).href;
    method = 'POST';
    body = fields.toString();
  }
  throw new Error('the IdP kept answering without sending the browser back');
};

/** The IdP's answer as the browser brings it to the platform (the callback or ACS request): where it sends the browser, and the cookie it set. */
const deliver = async (s: TestServer, request: { url: string; method: string; body?: string }) => {
  const u = new URL(request.url);
  const answer = await s.app.inject({
    method: request.method as 'GET' | 'POST',
    url: `${u.pathname}${u.search}`,
    payload: request.body,
    headers: request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
  });
  return { answer, landing: new URL(String(answer.headers.location)), cookie: String(answer.headers['set-cookie'] ?? '').split(';')[0] };
};

/** The platform's side of an IdP's answer: the callback or ACS request, then the console's `finish` call with the flow's binding and the cookie the answer set. */
export const backToPlatform = async (s: TestServer, request: { url: string; method: string; body?: string }, started: { flow: string; binding: string }, opts: { binding?: string; lang?: string } = {}) => {
  const { answer, landing, cookie } = await deliver(s, request);
  const finish = await s.post('/open/sso/finish', { flow: landing.searchParams.get('flow'), binding: opts.binding ?? started.binding }, { headers: { cookie }, lang: opts.lang });
  return { answer, landing, cookie, finish };
};

/** "Sign in with your company" by the BU's sign-in name, through the IdP as `login`: the answer of `finish`. */
export const companySignIn = async (s: TestServer, buGuid: string, login: string) => {
  const slug = (await s.db.query<{ slug: string }>('select slug from sso_auth_config where bu_guid = $1', [buGuid])).rows[0].slug;
  const started = await s.post('/open/sso/start', { company: slug });
  if (started.code !== 200) throw new Error(started.message);
  return (await backToPlatform(s, await throughIdp(started.data.url, 'http://127.0.0.1:8080/', { login, password: 'any' }), started.data)).finish;
};

/**
 * "Link my company sign-in" from personal settings: `link/start` as the signed-in account, through
 * the IdP as `login` and its answer; then, unless `collect: false`, `link/finish` with the flow's
 * binding and the cookie the answer set. `collect` finishes it with another binding, cookie or account.
 */
export const linkThroughIdp = async (s: TestServer, token: string, login: string, opts: { collect?: boolean } = {}) => {
  const started = await s.post('/open/sso/link/start', {}, { token });
  if (started.code !== 200) throw new Error(started.message);
  const request = await throughIdp(started.data.url, 'http://127.0.0.1:8080/', { login, password: 'any' });
  const { landing, cookie } = await deliver(s, request);
  const collect = (o: { binding?: string; cookie?: string; as?: string } = {}) =>
    s.post('/open/sso/link/finish', { flow: landing.searchParams.get('sso_link'), binding: o.binding ?? started.data.binding }, { token: o.as ?? token, headers: { cookie: o.cookie ?? cookie } });
  return { landing, collect, finish: opts.collect === false ? null : await collect() };
};
