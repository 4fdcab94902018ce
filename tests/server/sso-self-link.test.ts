import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySignIn, linkThroughIdp } from '../helpers/idp-agent.ts';
import { startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, register, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

// Issue 43, finding 1: owners (and any account) link their company sign-in themselves, from their
// personal settings after signing in; the link is made only for the browser and account that started it.
let s: TestServer;
let idp: OidcIdp;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let company: string;
const CALLBACK = 'http://127.0.0.1:8080/open/sso/oidc/callback';

beforeAll(async () => {
  s = await startServer({ options: { sso: { allowPrivate: true } } });
  idp = await startOidcIdp({ redirectUri: CALLBACK, postLogoutUri: 'http://127.0.0.1:8080/login' });
  owner = await tenantWithBu(s);
  const saved = await s.post(
    '/open/system/sso/auth-config-update',
    { sso_enabled: true, protocol: 'oidc', login_types: ['password', 'sso'], issuer_url: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, jit_enabled: false },
    { token: owner.token },
  );
  expect(saved.code, saved.message).toBe(200);
  company = (await s.db.query<{ name: string }>('select name from bu where guid = $1', [owner.buGuid])).rows[0].name;
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

/** "Sign in with your company" by the BU's sign-in name, through the IdP as `login`. */
const signIn = (login: string) => companySignIn(s, owner.buGuid, login);
/** An IdP person whose address is nobody's here: only a link signs them in. */
const person = (name: string) => {
  const login = `${name}_${uid()}`;
  idp.users.set(login, { email: `${login}@elsewhere.example`, name: `IdP ${name}` });
  return login;
};
const userOf = async (guid: string) => (await s.db.query('select name, email, verified_email, username from users where guid = $1', [guid])).rows[0];
const linksOf = async (guid: string) => (await s.db.query('select issuer, subject, linked_by from sso_identity where user_guid = $1', [guid])).rows;
const info = async (token: string) => (await s.post('/open/sso/link/info', {}, { token })).data;

describe('linking one’s own company sign-in', () => {
  it('the owner links it from personal settings, then signs in by it as themselves; the IdP writes nothing of theirs', async () => {
    expect(await info(owner.token)).toEqual({ offered: true, linked: null });
    const before = await userOf(owner.guid);
    const boss = person('boss');
    const { landing, finish } = await linkThroughIdp(s, owner.token, boss);
    // The IdP's answer comes back to personal settings, which collect it.
    expect(landing.pathname).toBe('/account/info');
    expect(finish!.code, finish!.message).toBe(200);
    expect(finish!.data).toEqual({ issuer: idp.issuer });
    expect(await linksOf(owner.guid)).toEqual([{ issuer: idp.issuer, subject: boss, linked_by: 'self' }]);
    expect(await info(owner.token)).toEqual({ offered: true, linked: { issuer: idp.issuer, protocol: 'oidc' } });
    const signedIn = await signIn(boss);
    expect(signedIn.code, signedIn.message).toBe(200);
    expect(signedIn.data.user.guid).toBe(owner.guid);
    // Neither the link nor the sign-in wrote the IdP's name or address into the owner's account.
    expect(await userOf(owner.guid)).toEqual(before);
  });

  it('a subject linked to another account of the BU is refused, and the caller’s own link stays', async () => {
    const sub = await activeSub(s, owner.token);
    const quinn = `quinn_${uid()}`;
    idp.users.set(quinn, { email: sub.email, name: 'Quinn' });
    // Linked to the sub-account by its proved address at its first sign-in.
    expect((await signIn(quinn)).data.user.guid).toBe(sub.guid);
    const mine = await linksOf(owner.guid);
    const { finish } = await linkThroughIdp(s, owner.token, quinn);
    expect(finish!.code).toBe(201);
    expect(finish!.message).toBe(`This company account is already linked to another account of ${company}.`);
    expect(await linksOf(owner.guid)).toEqual(mine);
    expect((await signIn(quinn)).data.user.guid).toBe(sub.guid);
  });

  it('link mode is finished only by the browser and the account that started it', async () => {
    const victim = await activeSub(s, owner.token);
    const eve = person('eve');
    const { landing, collect } = await linkThroughIdp(s, victim.token, eve, { collect: false });
    // The IdP's answer alone links nothing: someone lured through another's link flow is linked to no one.
    expect(await linksOf(victim.guid)).toEqual([]);
    const flowLost = 'This company sign-in has expired or was started in another window. Please start it again from the login page.';
    expect((await collect({ binding: 'another-tab' })).message).toBe(flowLost);
    expect((await collect({ cookie: 'op_sso_proof=another-browser' })).message).toBe(flowLost);
    expect((await collect({ as: owner.token })).message).toBe(flowLost);
    // Nor is it a sign-in: `/open/sso/finish` does not hand it out.
    expect((await s.post('/open/sso/finish', { flow: landing.searchParams.get('sso_link'), binding: 'x' })).message).toBe(flowLost);
    expect(await linksOf(victim.guid)).toEqual([]);
    const own = await collect();
    expect(own.code, own.message).toBe(200);
    expect(await linksOf(victim.guid)).toEqual([{ issuer: idp.issuer, subject: eve, linked_by: 'self' }]);
    // Once only.
    expect((await collect()).message).toBe(flowLost);
  });

  it('a sub-account holding no SSO permission links its own subject, and unlinks it', async () => {
    const sub = await activeSub(s, owner.token);
    const before = await userOf(sub.guid);
    const rae = person('rae');
    expect((await linkThroughIdp(s, sub.token, rae)).finish!.code).toBe(200);
    expect((await signIn(rae)).data.user.guid).toBe(sub.guid);
    expect(await userOf(sub.guid)).toEqual(before);
    const removed = await s.post('/open/sso/link/remove', {}, { token: sub.token });
    expect(removed.data).toEqual({ removed: 1 });
    expect(await info(sub.token)).toEqual({ offered: true, linked: null });
    // Unlinked, and no account created at a first sign-in: the subject signs nobody in.
    const again = await signIn(rae);
    expect(again.code).toBe(201);
    expect(again.message).toMatch(/You have no account at/);
  });

  it('a BU that offers no company sign-in, or no BU yet, has nothing to link', async () => {
    const fresh = await register(s, `u_${uid()}`);
    expect(await info(fresh.token)).toEqual({ offered: false, linked: null });
    const other = await tenantWithBu(s);
    expect(await info(other.token)).toEqual({ offered: false, linked: null });
    const started = await s.post('/open/sso/link/start', {}, { token: other.token });
    expect(started.code).toBe(201);
    expect(started.message).toBe('Your business unit offers no company sign-in to link: its administrator switches it on in the security settings.');
  });
});
