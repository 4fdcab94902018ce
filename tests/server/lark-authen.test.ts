import * as lark from '@larksuiteoapi/node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { OAUTH_TTL } from '../../server/oauth/ttl.ts';
import { consentUid, OAuthAgent } from '../helpers/oauth-agent.ts';
import { openApp } from '../helpers/open-app.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub } from '../helpers/tenant-flows.ts';
import { larkClient, refusalOf } from '../helpers/lark-sdk.ts';

/**
 * A Lark app's web login against the platform by changing only the domain (docs/lark.md, "User
 * tokens (web login)"): the browser step lands on the platform's OpenID provider, the official
 * Node SDK exchanges the code with its app token, reads who signed in and calls contact v3 as them.
 */
let s: TestServer;
let origin: string;
let app: Awaited<ReturnType<typeof openApp>>;
let client: lark.Client;
const CALLBACK = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  s = await startServer({ options: { publicUrl: origin } });
  await s.app.listen({ port, host: '127.0.0.1' });
  app = await openApp(s, await s.login());
  const saved = await s.post('/open/app/save-backurl', { app_guid: app.app.guid, redirect_urls: [CALLBACK] }, { token: app.owner.token });
  expect(saved.code, saved.message).toBe(200);
  client = larkClient(origin, app.app.app_id, app.app.app_secret);
}, 60_000);
afterAll(() => s?.close());

/** Lark's authorize URL as a Lark app builds it, on the platform's domain. */
const authorizeUrl = (query: Record<string, string> = {}) =>
  `${origin}/open-apis/authen/v1/authorize?${new URLSearchParams({ app_id: app.app.app_id, redirect_uri: CALLBACK, state: 'st-42', scope: 'contact:member:readonly', ...query })}`;

/** The browser's part: the authorize step, the consent screen's calls as `token`'s person, back to the app with a code. */
const signIn = async (token: string, scope = 'contact:member:readonly') => {
  const agent = new OAuthAgent(origin);
  const uid = consentUid((await agent.follow(authorizeUrl({ scope }))).at);
  const shown = await agent.call('/open/oauth/interaction/get', { uid }, token);
  expect(shown.code, shown.message).toBe(200);
  const allowed = await agent.call('/open/oauth/interaction/allow', { uid, scopes: (shown.data.scopes as { code: string }[]).map((x) => x.code) }, token);
  expect(allowed.code, allowed.message).toBe(200);
  const back = new URL((await agent.follow(String(allowed.data.location))).at);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe('st-42');
  return back.searchParams.get('code')!;
};

/** A sign-in and its tokens, through the SDK. */
const tokensOf = async (token: string, scope?: string) => {
  const r = await client.authen.oidcAccessToken.create({ data: { grant_type: 'authorization_code', code: await signIn(token, scope) } });
  expect(r.code, r.msg).toBe(0);
  return r.data!;
};

const post = (path: string, body: unknown, authorization?: string) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) });

describe('the browser step', () => {
  it("redirects to the provider's sign-in with Lark's parameters, asking a refresh token", async () => {
    const res = await fetch(authorizeUrl(), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!, origin);
    expect(to.pathname).toBe('/oidc/auth');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      client_id: app.app.app_id, redirect_uri: CALLBACK, state: 'st-42', response_type: 'code', prompt: 'consent',
      scope: 'openid profile email offline_access contact:member:readonly',
    });
    // Lark's newer name for the app id, and its older page.
    const byClientId = await fetch(`${origin}/open-apis/authen/v1/authorize?client_id=${app.app.app_id}&redirect_uri=${encodeURIComponent(CALLBACK)}`, { redirect: 'manual' });
    expect(new URL(byClientId.headers.get('location')!, origin).searchParams.get('client_id')).toBe(app.app.app_id);
    expect((await fetch(`${origin}/open-apis/authen/v1/index?app_id=${app.app.app_id}`, { redirect: 'manual' })).status).toBe(302);
    const bare = await fetch(`${origin}/open-apis/authen/v1/authorize?redirect_uri=${encodeURIComponent(CALLBACK)}`, { redirect: 'manual' });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ code: 10003, msg: 'invalid param' });
  });

  it('ends on a page, never at an address the app did not register', async () => {
    const agent = new OAuthAgent(origin);
    const { res, at } = await agent.follow(authorizeUrl({ redirect_uri: 'http://127.0.0.1:9/elsewhere' }));
    expect(new URL(at).origin).toBe(origin);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});

describe('user tokens through the SDK', () => {
  it('exchanges the code for a user token that reads who signed in and the members as them', async () => {
    // A Lark scope the platform does not have is no obstacle: the consent screen offers what it has.
    const tokens = await tokensOf(app.owner.token, 'contact:user.base:readonly contact:member:readonly');
    expect(tokens.scope?.split(' ')).not.toContain('contact:user.base:readonly');
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: OAUTH_TTL.AccessToken, refresh_token: expect.any(String), refresh_expires_in: OAUTH_TTL.RefreshToken });
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'offline_access', 'contact:member:readonly']));
    const info = await client.authen.userInfo.get({}, lark.withUserAccessToken(tokens.access_token));
    expect(info).toMatchObject({ code: 0, msg: 'success' });
    // The account's guid as user_id, and Lark's per-app and per-provider ids of it; a BU's own app has no buyer's key.
    const ids = s.services.larkIds.forApp(app.app.guid, app.owner.buGuid);
    expect(info.data).toEqual({ name: app.owner.username, open_id: ids.openId(app.owner.guid), union_id: ids.unionId(app.owner.guid), user_id: app.owner.guid, email: app.owner.email });
    expect(info.data?.open_id).toMatch(/^ou_[0-9a-f]{32}$/);
    const members = await client.contact.user.list({ params: { page_size: 5 } }, lark.withUserAccessToken(tokens.access_token));
    expect(members.code, members.msg).toBe(0);
    expect(Array.isArray(members.data?.items)).toBe(true);
    // The call log names the app for both calls.
    await s.services.apiLog.flush();
    const logged = await s.db.query<{ api_code: string }>('select api_code from api_log where app_guid = $1', [app.app.guid]);
    expect(logged.rows.map((r) => r.api_code)).toEqual(expect.arrayContaining(['lark.authen.user_info', 'lark.contact.user.list']));
  });

  it('rotates refresh tokens: a new pair each time, the used one refused and the grant ended', async () => {
    const first = await tokensOf(app.owner.token);
    const again = await client.authen.oidcRefreshAccessToken.create({ data: { grant_type: 'refresh_token', refresh_token: first.refresh_token! } });
    expect(again.code, again.msg).toBe(0);
    const second = again.data!;
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second).toMatchObject({ token_type: 'Bearer', refresh_expires_in: OAUTH_TTL.RefreshToken });
    expect((await client.authen.userInfo.get({}, lark.withUserAccessToken(second.access_token))).data?.user_id).toBe(app.owner.guid);
    const reused = await client.authen.oidcRefreshAccessToken.create({ data: { grant_type: 'refresh_token', refresh_token: first.refresh_token! } });
    expect(reused).toMatchObject({ code: 20026, msg: 'invalid refresh token' });
    // The reuse ended the grant: the newer pair buys nothing either.
    expect(await client.authen.oidcRefreshAccessToken.create({ data: { grant_type: 'refresh_token', refresh_token: second.refresh_token! } })).toMatchObject({ code: 20026 });
    expect(await refusalOf(client.authen.userInfo.get({}, lark.withUserAccessToken(second.access_token)))).toMatchObject({ status: 400, code: 99991668 });
  });

  it('refuses a used code, and ends what it bought', async () => {
    const code = await signIn(app.owner.token);
    const first = await client.authen.oidcAccessToken.create({ data: { grant_type: 'authorization_code', code } });
    expect(first.code, first.msg).toBe(0);
    expect(await client.authen.oidcAccessToken.create({ data: { grant_type: 'authorization_code', code } })).toMatchObject({ code: 20003, msg: 'invalid code' });
    expect(await refusalOf(client.authen.userInfo.get({}, lark.withUserAccessToken(first.data!.access_token)))).toMatchObject({ status: 400, code: 99991668 });
  });

  it('a sub-account without grants is refused on the members, though the token holds the scope', async () => {
    const sub = await activeSub(s, app.owner.token);
    const tokens = await tokensOf(sub.token);
    expect(tokens.scope?.split(' ')).toContain('contact:member:readonly');
    const info = await client.authen.userInfo.get({}, lark.withUserAccessToken(tokens.access_token));
    expect(info.data).toMatchObject({ name: 'Sub', user_id: sub.guid });
    const refused = await refusalOf(client.contact.user.list({ params: { page_size: 5 } }, lark.withUserAccessToken(tokens.access_token)));
    // The platform's own refusal (code 1, its sentence in English: Lark's SDKs send no Accept-Language).
    expect(refused).toMatchObject({ status: 400, code: 1, msg: 'You have no access rights yet. Please contact the administrator.' });
  });
});

describe('refusals', () => {
  const ACCESS = '/open-apis/authen/v1/oidc/access_token';
  const REFRESH = '/open-apis/authen/v1/oidc/refresh_access_token';

  it("refuses the token calls without the app's access token, or with another token", async () => {
    const missing = await post(ACCESS, { grant_type: 'authorization_code', code: 'x' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 99991661 });
    for (const bearer of ['Bearer not-a-token', 'Bearer t-00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const r = await post(REFRESH, { grant_type: 'refresh_token', refresh_token: 'x' }, bearer);
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ code: 99991664, msg: 'invalid app access token' });
    }
    // A user token is no app token, and an app token is no user token.
    const { access_token } = await tokensOf(app.owner.token);
    expect(await (await post(ACCESS, { grant_type: 'authorization_code', code: 'x' }, `Bearer ${access_token}`)).json()).toMatchObject({ code: 99991664 });
    const asApp = await fetch(`${origin}/open-apis/authen/v1/user_info`, { headers: { authorization: `Bearer ${app.token}` } });
    expect(asApp.status).toBe(400);
    expect(await asApp.json()).toMatchObject({ code: 99991668 });
    const bare = await fetch(`${origin}/open-apis/authen/v1/user_info`);
    expect(await bare.json()).toMatchObject({ code: 99991661 });
  });

  it("refuses a malformed body, an unknown code and another app's code", async () => {
    const bearer = `Bearer ${app.token}`;
    for (const body of [{}, { grant_type: 'password', code: 'x' }, { grant_type: 'authorization_code', code: 'a\u0000b' }]) {
      const r = await post(ACCESS, body, bearer);
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ code: 10003, msg: 'invalid param' });
    }
    expect(await (await post(ACCESS, { grant_type: 'authorization_code', code: 'no-such-code' }, bearer)).json()).toMatchObject({ code: 20003 });
    expect(await (await post(REFRESH, { grant_type: 'refresh_token', refresh_token: 'no-such-token' }, bearer)).json()).toMatchObject({ code: 20026 });
    const other = await openApp(s, await s.login());
    const code = await signIn(app.owner.token);
    const stolen = await post(ACCESS, { grant_type: 'authorization_code', code }, `Bearer ${other.token}`);
    expect(stolen.status).toBe(200);
    expect(await stolen.json()).toMatchObject({ code: 20003 });
    // The code is still good for its own app.
    expect((await client.authen.oidcAccessToken.create({ data: { grant_type: 'authorization_code', code } })).code).toBe(0);
  });
});

it('documents the three calls, typed, in the apps\' OpenAPI document', async () => {
  const doc = (await s.app.inject({ method: 'GET', url: '/open/api/openapi.json', headers: { 'accept-language': 'en-US' } })).json();
  const access = doc.paths['/open-apis/authen/v1/oidc/access_token'].post;
  expect(access.operationId).toBe('lark.authen.oidc_access_token');
  expect(access.requestBody.content['application/json'].schema.required).toEqual(['grant_type', 'code']);
  expect(access.responses['200'].content['application/json'].schema.anyOf[0].properties.data.required).toEqual(['access_token', 'token_type', 'expires_in', 'scope']);
  expect(doc.paths['/open-apis/authen/v1/oidc/refresh_access_token'].post.operationId).toBe('lark.authen.oidc_refresh_access_token');
  const info = doc.paths['/open-apis/authen/v1/user_info'].get;
  expect(info.responses['200'].content['application/json'].schema.properties.data.properties.open_id.type).toBe('string');
  expect(info.summary).toContain('user info');
});
