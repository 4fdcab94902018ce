import * as oidc from 'openid-client';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { authorise, consentUid, OAuthAgent } from '../helpers/oauth-agent.ts';
import { openApp } from '../helpers/open-app.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu } from '../helpers/tenant-flows.ts';

// The platform as an OpenID provider (docs/oauth.md), driven by openid-client, a real relying party.
let s: TestServer;
let origin: string;
let admin: string;
let client: Awaited<ReturnType<typeof openApp>>;
let config: oidc.Configuration;
const CALLBACK = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  s = await startServer({ options: { publicUrl: origin } });
  await s.app.listen({ port, host: '127.0.0.1' });
  admin = await s.login();
  client = await openApp(s, admin);
  const saved = await s.post('/open/app/save-backurl', { app_guid: client.app.guid, redirect_urls: [CALLBACK] }, { token: client.owner.token });
  expect(saved.code, saved.message).toBe(200);
  config = await oidc.discovery(new URL(origin), client.app.app_id, client.app.app_secret, undefined, { execute: [oidc.allowInsecureRequests] });
});
afterAll(async () => {
  await s?.close();
});

/** A sign-in by `token`'s person: the authorisation URL, the consent screen's calls, back to the app with a code; the tokens. */
const signIn = async (token: string, scope = 'openid profile email offline_access contact:member:readonly', conf = config) => {
  const agent = new OAuthAgent(origin);
  const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(conf, {
    redirect_uri: CALLBACK, scope, state, prompt: 'consent', code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier), code_challenge_method: 'S256',
  });
  const { at } = await agent.follow(url.href);
  const uid = consentUid(at);
  const shown = await agent.call('/open/oauth/interaction/get', { uid }, token);
  expect(shown.code, shown.message).toBe(200);
  const allowed = await agent.call('/open/oauth/interaction/allow', { uid, scopes: (shown.data.scopes as { code: string }[]).map((x) => x.code) }, token);
  expect(allowed.code, allowed.message).toBe(200);
  const back = await agent.follow(String(allowed.data.location));
  expect(back.at.startsWith(CALLBACK)).toBe(true);
  const tokens = await oidc.authorizationCodeGrant(conf, new URL(back.at), { pkceCodeVerifier, expectedState: state });
  return { tokens, shown: shown.data, agent };
};

const memberPage = (accessToken: string) => s.post('/open/api/v1/member/page', { page: 1, page_size: 5 }, { headers: { authorization: `Bearer ${accessToken}` } });

describe('discovery and keys', () => {
  it('publishes the configuration at the origin, with code + PKCE, revocation, introspection and logout', () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(origin);
    expect(meta.authorization_endpoint).toBe(`${origin}/oidc/auth`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.revocation_endpoint).toBe(`${origin}/oidc/token/revocation`);
    expect(meta.introspection_endpoint).toBe(`${origin}/oidc/token/introspection`);
    expect(meta.end_session_endpoint).toBe(`${origin}/oidc/session/end`);
    expect(meta.scopes_supported).toContain('contact:member:readonly');
  });
});

describe('code flow', () => {
  it('signs the owner in: a verified ID token, userinfo, and a token acting as the person on the open API', async () => {
    const { tokens, shown } = await signIn(client.owner.token);
    expect(shown).toMatchObject({ signed_in: true, available: true, remembered: false, app: { name: expect.any(String) } });
    expect((shown.scopes as { code: string; name: string }[]).find((x) => x.code === 'contact:member:readonly')?.name).toBeTruthy();
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(client.owner.guid);
    expect(claims.aud).toBe(client.app.app_id);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: client.owner.guid, preferred_username: client.owner.username, email: client.owner.email });
    const page = await memberPage(tokens.access_token);
    expect(page.code, page.message).toBe(200);
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('rotates refresh tokens; a used one presented again ends the whole grant', async () => {
    const { tokens } = await signIn(client.owner.token);
    const first = tokens.refresh_token!;
    const second = await oidc.refreshTokenGrant(config, first);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    expect((await memberPage(second.access_token)).code).toBe(200);
    await expect(oidc.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The reuse revoked the family: the newer refresh token and its access token are dead too.
    await expect(oidc.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await memberPage(second.access_token)).status).toBe(401);
    // The grant ended, so the person's authorisation did too: nothing is remembered of it.
    const mine = await s.post('/open/system/app-authorisation/page', { page: 1, page_size: 50 }, { token: client.owner.token });
    expect(mine.data.list.map((r: { app_guid: string }) => r.app_guid)).not.toContain(client.app.guid);
  });

  it('two refreshes with one token at once: one wins, the other ends the grant as a reuse', async () => {
    const { tokens } = await signIn(client.owner.token);
    const both = await Promise.allSettled([oidc.refreshTokenGrant(config, tokens.refresh_token!), oidc.refreshTokenGrant(config, tokens.refresh_token!)]);
    expect(both.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    for (const r of both) if (r.status === 'fulfilled') await expect(oidc.refreshTokenGrant(config, r.value.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes a token (RFC 7009) and introspects only its own (RFC 7662)', async () => {
    const { tokens } = await signIn(client.owner.token);
    const live = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(live.active).toBe(true);
    expect(live.sub).toBe(client.owner.guid);
    await oidc.tokenRevocation(config, tokens.access_token);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    expect((await memberPage(tokens.access_token)).status).toBe(401);
  });

  it('a sub-account without the grant is refused on the call, though the app has the scope', async () => {
    const sub = await activeSub(s, client.owner.token);
    const { tokens } = await signIn(sub.token);
    const page = await memberPage(tokens.access_token);
    expect(page.status, page.message).toBe(200);
    expect(page.code).toBe(201);
    expect(page.message).toBe('You have no access rights yet. Please contact the administrator.');
  });

  it("another BU's person cannot authorise a BU's own app", async () => {
    const other = await tenantWithBu(s);
    const agent = new OAuthAgent(origin);
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid', state: 'x' });
    const uid = consentUid((await agent.follow(url.href)).at);
    const shown = await agent.call('/open/oauth/interaction/get', { uid }, other.token);
    expect(shown.data.available).toBe(false);
    const allowed = await agent.call('/open/oauth/interaction/allow', { uid, scopes: ['openid'] }, other.token);
    expect(allowed.code).toBe(201);
    expect(allowed.message).toContain('is not available in your current business unit');
  });

  it('a consent screen opened in another browser is refused (the binding cookie)', async () => {
    const agent = new OAuthAgent(origin);
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid', state: 'x' });
    const uid = consentUid((await agent.follow(url.href)).at);
    const stranger = new OAuthAgent(origin);
    const r = await stranger.call('/open/oauth/interaction/allow', { uid, scopes: ['openid'] }, client.owner.token);
    expect(r.code).toBe(201);
    expect(r.message).toContain('started in another browser');
  });

  it('a wrong redirect URI or an unknown client is a page, never a redirect', async () => {
    const agent = new OAuthAgent(origin);
    const wrong = oidc.buildAuthorizationUrl(config, { redirect_uri: 'http://127.0.0.1:9/elsewhere', scope: 'openid', state: 'x' });
    const res = await agent.fetch(wrong.href, { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('is not one it registered');
    const unknown = await agent.fetch(`/oidc/auth?client_id=cli_nobody&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&scope=openid`, { headers: { 'accept-language': 'en-US' } });
    expect(unknown.headers.get('location')).toBeNull();
    expect(await unknown.text()).toContain('This app is unknown, disabled');
  });

  it('deny sends access_denied to the registered address', async () => {
    const agent = new OAuthAgent(origin);
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid', state: 'st' });
    const uid = consentUid((await agent.follow(url.href)).at);
    const denied = await agent.call('/open/oauth/interaction/deny', { uid });
    expect(denied.code).toBe(200);
    const back = await agent.follow(String(denied.data.location));
    const at = new URL(back.at);
    expect(`${at.origin}${at.pathname}`).toBe(CALLBACK);
    expect(at.searchParams.get('error')).toBe('access_denied');
  });
});

describe('revocation by people', () => {
  it('the person lists and revokes an authorisation; its tokens stop at once and the operation log has it', async () => {
    const { tokens } = await signIn(client.owner.token);
    const mine = await s.post('/open/system/app-authorisation/page', { page: 1, page_size: 20 }, { token: client.owner.token });
    expect(mine.code, mine.message).toBe(200);
    const row = mine.data.list.find((r: { app_guid: string }) => r.app_guid === client.app.guid);
    expect(row.scopes).toContain('contact:member:readonly');
    expect(row).not.toHaveProperty('grant_id');
    const gone = await s.post('/open/system/app-authorisation/delete', { guid: row.guid }, { token: client.owner.token });
    expect(gone.code, gone.message).toBe(200);
    expect((await memberPage(tokens.access_token)).status).toBe(401);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await s.services.audit.flush();
    const logged = await s.db.query("select action from operation_log where target_guid = $1 order by created_at", [row.guid]);
    // Each sign-in by the owner granted it again (an `add`); the revocation came last.
    expect(logged.rows.map((r) => r.action).slice(-2)).toEqual(['add', 'delete']);
  });

  it("another person reaches nobody's authorisation but their own, even in the same BU", async () => {
    await signIn(client.owner.token);
    const row = (await s.post('/open/system/app-authorisation/page', { page: 1, page_size: 20 }, { token: client.owner.token })).data.list[0];
    const sub = await activeSub(s, client.owner.token);
    const theirs = await s.post('/open/system/app-authorisation/page', { page: 1, page_size: 20 }, { token: sub.token });
    expect(theirs.data.list).toEqual([]);
    expect((await s.post('/open/system/app-authorisation/get', { guid: row.guid }, { token: sub.token })).code).toBe(201);
    expect((await s.post('/open/system/app-authorisation/delete', { guid: row.guid }, { token: sub.token })).data?.deleted ?? 0).toBe(0);
    // Without the BU's grant, a member cannot read the BU's list either.
    expect((await s.post('/open/system/bu-app-authorisation/page', { page: 1, page_size: 20 }, { token: sub.token })).code).toBe(201);
    expect((await s.post('/open/system/app-authorisation/get', { guid: row.guid }, { token: client.owner.token })).data.guid).toBe(row.guid);
  });

  it('a frozen sub-account\'s token stops at once', async () => {
    const role = await s.post('/open/system/role/add', { name: 'Readers', code: `r${Date.now()}` }, { token: client.owner.token });
    expect(role.code, role.message).toBe(200);
    const sub = await activeSub(s, client.owner.token);
    const { tokens } = await signIn(sub.token);
    expect((await memberPage(tokens.access_token)).status).toBe(200);
    await s.db.query('update users set status = 1 where guid = $1', [sub.guid]);
    s.services.callers.invalidate();
    expect((await memberPage(tokens.access_token)).status).toBe(401);
  });
});

describe('consent remembered, and asked again for more', () => {
  it('goes on by itself for what was allowed before, and asks again when the app asks for more', async () => {
    const other = await openApp(s, admin);
    const back = 'http://127.0.0.1:9/other';
    await s.post('/open/app/save-backurl', { app_guid: other.app.guid, redirect_urls: [back] }, { token: other.owner.token });
    await authorise(new OAuthAgent(origin), other.owner.token, other.app.app_id, back, 'openid profile');
    const look = async (scope: string) => {
      const agent = new OAuthAgent(origin);
      const url = `/oidc/auth?${new URLSearchParams({ client_id: other.app.app_id, redirect_uri: back, response_type: 'code', scope, state: 's' })}`;
      const uid = consentUid((await agent.follow(url)).at);
      return (await agent.call('/open/oauth/interaction/get', { uid }, other.owner.token)).data;
    };
    expect((await look('openid profile')).remembered).toBe(true);
    expect((await look('openid')).remembered).toBe(true);
    const more = await look('openid profile contact:member:readonly');
    expect(more.remembered).toBe(false);
    expect((more.scopes as { code: string }[]).map((x) => x.code)).toEqual(['openid', 'profile', 'contact:member:readonly']);
  });
});

describe('operators and developers', () => {
  it("an operator turns an app's sign-in off: no new sign-in, its tokens stop; a developer's save cannot turn it on again", async () => {
    const app = await openApp(s, admin);
    const back = 'http://127.0.0.1:9/switch';
    await s.post('/open/app/save-backurl', { app_guid: app.app.guid, redirect_urls: [back] }, { token: app.owner.token });
    const conf = await oidc.discovery(new URL(origin), app.app.app_id, app.app.app_secret, undefined, { execute: [oidc.allowInsecureRequests] });
    const agent = new OAuthAgent(origin);
    const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(conf, { redirect_uri: back, scope: 'openid contact:member:readonly', state: 'x', code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier), code_challenge_method: 'S256' });
    const uid = consentUid((await agent.follow(url.href)).at);
    const shown = await agent.call('/open/oauth/interaction/get', { uid }, app.owner.token);
    const allowed = await agent.call('/open/oauth/interaction/allow', { uid, scopes: (shown.data.scopes as { code: string }[]).map((x) => x.code) }, app.owner.token);
    const returned = await agent.follow(String(allowed.data.location));
    const tokens = await oidc.authorizationCodeGrant(conf, new URL(returned.at), { pkceCodeVerifier, expectedState: 'x' });
    expect((await memberPage(tokens.access_token)).code).toBe(200);

    const off = await s.post('/open/admin/app/save-backurl', { app_guid: app.app.guid, redirect_urls: [back], oauth_disabled: true }, { token: admin });
    expect(off.code, off.message).toBe(200);
    expect((await memberPage(tokens.access_token)).status).toBe(401);
    const refused = await new OAuthAgent(origin).fetch(url.href, { headers: { 'accept-language': 'en-US' } });
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.text()).toContain('This app is unknown, disabled');
    // The developer saves its security again: the switch stays the operator's.
    const saved = await s.post('/open/app/set-app-security', { app_guid: app.app.guid, ip_whitelist: [], redirect_urls: [back], oauth_disabled: false }, { token: app.owner.token });
    expect(saved.code, saved.message).toBe(200);
    expect((await s.post('/open/admin/app/get-app-security', { app_guid: app.app.guid }, { token: admin })).data.oauth_disabled).toBe(true);
    // The operator's save of the redirect URLs alone keeps it off; turning it on is theirs.
    await s.post('/open/admin/app/save-backurl', { app_guid: app.app.guid, redirect_urls: [back] }, { token: admin });
    expect((await s.post('/open/app/get-app-security', { app_guid: app.app.guid }, { token: app.owner.token })).data.oauth_disabled).toBe(true);
    await s.post('/open/admin/app/save-backurl', { app_guid: app.app.guid, oauth_disabled: false }, { token: admin });
    expect((await s.post('/open/app/get-app-security', { app_guid: app.app.guid }, { token: app.owner.token })).data.oauth_disabled).toBe(false);
  });

  it("try sign-in: the developer's own flow returns to the platform, and its claims are read; another person cannot finish it", async () => {
    const started = await s.post('/open/app/oauth/try-start', { app_guid: client.app.guid }, { token: client.owner.token });
    expect(started.code, started.message).toBe(200);
    const agent = new OAuthAgent(origin);
    const uid = consentUid((await agent.follow(String(started.data.location))).at);
    const shown = await agent.call('/open/oauth/interaction/get', { uid }, client.owner.token);
    const allowed = await agent.call('/open/oauth/interaction/allow', { uid, scopes: (shown.data.scopes as { code: string }[]).map((x) => x.code) }, client.owner.token);
    const back = await agent.follow(String(allowed.data.location));
    const at = new URL(back.at);
    expect(at.pathname).toBe('/oauth/try/return');
    const params = { state: at.searchParams.get('state'), code: at.searchParams.get('code') };
    const stranger = await activeSub(s, client.owner.token);
    const stolen = await s.post('/open/app/oauth/try-finish', params, { token: stranger.token });
    expect(stolen.code).not.toBe(200);
    const other = await tenantWithBu(s);
    expect((await s.post('/open/app/oauth/try-start', { app_guid: client.app.guid }, { token: other.token })).code).toBe(201);
  });

  it('try sign-in shows the claims to the developer who started it', async () => {
    const started = await s.post('/open/app/oauth/try-start', { app_guid: client.app.guid }, { token: client.owner.token });
    const agent = new OAuthAgent(origin);
    const uid = consentUid((await agent.follow(String(started.data.location))).at);
    const shown = await agent.call('/open/oauth/interaction/get', { uid }, client.owner.token);
    const allowed = await agent.call('/open/oauth/interaction/allow', { uid, scopes: (shown.data.scopes as { code: string }[]).map((x) => x.code) }, client.owner.token);
    const at = new URL((await agent.follow(String(allowed.data.location))).at);
    const done = await s.post('/open/app/oauth/try-finish', { state: at.searchParams.get('state'), code: at.searchParams.get('code') }, { token: client.owner.token });
    expect(done.code, done.message).toBe(200);
    expect(done.data.claims).toMatchObject({ sub: client.owner.guid, aud: client.app.app_id, iss: origin, preferred_username: client.owner.username, email: client.owner.email });
    expect(done.data.app_guid).toBe(client.app.guid);
  });

  it('RP-initiated logout asks first, then returns to a registered address', async () => {
    const { tokens, agent } = await signIn(client.owner.token);
    const end = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: CALLBACK, state: 'bye' });
    const page = await agent.fetch(end.href, { headers: { 'accept-language': 'en-US' } });
    const html = await page.text();
    expect(html).toContain('asks to sign you out of Open Platform');
    // The confirmation posts to the platform, which may then redirect to the app's registered origin.
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:9[;\s]/);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html)!;
    const fields = new URLSearchParams([...form[2].matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    fields.set('logout', 'yes');
    const done = await agent.fetch(new URL(form[1], origin).href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${CALLBACK}?state=bye`);
  });
});

describe('keys', () => {
  const jwks = async () => (await (await fetch(`${origin}/oidc/jwks`)).json()) as JSONWebKeySet;

  it('rotates: once the newest key is old a new one signs, the old stays published so its tokens verify, and goes two days after its successor', async () => {
    const { tokens: before } = await signIn(client.owner.token);
    const oldKid = decodeProtectedHeader(before.id_token!).kid;
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([oldKid]);
    expect(await s.services.oauth.rotate()).toBe(false);
    await s.db.query("update oauth_key set created_at = now() - interval '31 days'");
    expect(await s.services.oauth.rotate()).toBe(true);
    const { tokens: after } = await signIn(client.owner.token);
    const newKid = decodeProtectedHeader(after.id_token!).kid;
    expect(newKid).not.toBe(oldKid);
    const published = await jwks();
    expect(published.keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
    expect(published.keys.every((k) => !('d' in k))).toBe(true);
    // The ID token signed before still verifies against what is published.
    await jwtVerify(before.id_token!, createLocalJWKSet(published), { issuer: origin, audience: client.app.app_id });
    await s.db.query("update oauth_key set created_at = created_at - interval '3 days'");
    expect(await s.services.oauth.rotate()).toBe(true);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([newKid]);
  });
});
