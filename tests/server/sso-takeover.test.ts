import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySignIn, linkThroughIdp } from '../helpers/idp-agent.ts';
import { startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, codeFromMail, linkToken, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

// Issue 43, findings 1, 7 and 12: whoever configures a BU's IdP cannot become its owner, take an
// account by an address the IdP or the account never proved, or switch off someone's code login.
let s: TestServer;
let idp: OidcIdp;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let otherBu: string;
let configurer: Awaited<ReturnType<typeof activeSub>>;
const CALLBACK = 'http://127.0.0.1:8080/open/sso/oidc/callback';
const DOMAIN = `t${uid()}.example`;

beforeAll(async () => {
  s = await startServer({ options: { sso: { allowPrivate: true } } });
  idp = await startOidcIdp({ redirectUri: CALLBACK, postLogoutUri: 'http://127.0.0.1:8080/login' });
  owner = await tenantWithBu(s);
  otherBu = (await s.post('/open/system/bu/add', { name: `Second ${uid()}` }, { token: owner.token })).data.guid;
  // The attacker: a sub-account whose role holds only the SSO settings.
  const role = await s.post('/open/system/role/add', { name: `SSO admins ${uid()}` }, { token: owner.token });
  const nodes = (await s.post('/open/system/role/auth-list', { guid: role.data.guid }, { token: owner.token })).data.list as { guid: string; code: string }[];
  const sso = nodes.filter((n) => n.code.startsWith('tenant:enterprise-sso')).map((n) => n.guid);
  expect((await s.post('/open/system/role/auth', { guid: role.data.guid, permission_guids: sso }, { token: owner.token })).code).toBe(200);
  configurer = await activeSub(s, owner.token, [role.data.guid]);
  const saved = await s.post(
    '/open/system/sso/auth-config-update',
    { sso_enabled: true, protocol: 'oidc', login_types: ['password', 'sso'], domains: [DOMAIN], issuer_url: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, jit_enabled: true },
    { token: configurer.token },
  );
  expect(saved.code, saved.message).toBe(200);
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

/** "Sign in with your company" by the BU's sign-in name, through the IdP as `login`. */
const signIn = (login: string) => companySignIn(s, owner.buGuid, login);

const userOf = async (guid: string) =>
  (await s.db.query<{ name: string; email: string; verified_email: string | null }>('select name, email, verified_email from users where guid = $1', [guid])).rows[0];
const linksOf = async (guid: string) => (await s.db.query('select 1 from sso_identity where user_guid = $1', [guid])).rows.length;

describe('the owner (finding 1)', () => {
  it('an IdP answering the owner’s verified e-mail signs nobody in as the owner, links nothing and writes nothing of the owner’s', async () => {
    const before = await userOf(owner.guid);
    idp.users.set('mallory', { email: owner.email, name: 'Mallory', email_verified: true });
    const finish = await signIn('mallory');
    expect(finish.code).toBe(201);
    expect(finish.message).toMatch(/cannot sign in its owner or any main account: the owner signs in with the password/);
    expect(finish.data).toBeNull();
    expect(await userOf(owner.guid)).toEqual(before);
    expect(await linksOf(owner.guid)).toBe(0);
    // A second try (the old attack's "second sign-in rewrites the e-mail") changes nothing either.
    idp.users.set('mallory', { email: owner.email, name: 'Mallory Again', email_verified: true });
    expect((await signIn('mallory')).code).toBe(201);
    expect(await userOf(owner.guid)).toEqual(before);
    // The owner's password still opens the owner's account.
    expect((await s.post('/open/sys-auth/login', { username: owner.username, password: owner.password })).code).toBe(200);
  });

  it('an owner’s session from the company sign-in stays in its BU: switching to the owner’s other BU is refused', async () => {
    // The owner's own "Link my company sign-in", from personal settings (tests/server/sso-self-link.test.ts).
    idp.users.set('boss', { email: owner.email, name: 'Boss' });
    expect((await linkThroughIdp(s, owner.token, 'boss')).finish!.code).toBe(200);
    const finish = await signIn('boss');
    expect(finish.code, finish.message).toBe(200);
    expect(finish.data.user.guid).toBe(owner.guid);
    const other = await s.post('/open/system/user-bu/select', { guid: otherBu }, { token: finish.data.token });
    expect(other.code).toBe(201);
    expect(other.message).toBe('You signed in through the company sign-in of this business unit, which signs you in to it only. To work in another business unit, sign out and sign in to it.');
    expect((await s.post('/open/system/user-bu/select', { guid: owner.buGuid }, { token: finish.data.token })).code).toBe(200);
    // A password session switches as before.
    expect((await s.post('/open/system/user-bu/select', { guid: otherBu }, { token: owner.token })).code).toBe(200);
    expect((await userOf(owner.guid)).email).toBe(owner.email);
    expect((await s.post('/open/sso/link/remove', {}, { token: owner.token })).data).toEqual({ removed: 1 });
  });
});

describe('linking by e-mail at a first sign-in (findings 1, 7)', () => {
  it('`email_verified: "false"` (a string) links nothing; "true" links', async () => {
    const sub = await activeSub(s, owner.token);
    idp.users.set('liar', { email: sub.email, name: 'Liar', email_verified: 'false' });
    const refused = await signIn('liar');
    expect(refused.code, refused.message).toBe(200);
    expect(refused.data.user.guid).not.toBe(sub.guid);
    expect(refused.data.user.email).toBeNull();
    idp.users.set('honest', { email: sub.email, name: 'Honest', email_verified: 'true' });
    const linked = await signIn('honest');
    expect(linked.data.user.guid).toBe(sub.guid);
  });

  it('an address the account never proved here links nothing (a sub-account added, not activated)', async () => {
    const email = `unproved_${uid()}@${DOMAIN}`;
    const added = await s.post('/open/system/user/child-add', { username: `sub_${uid()}`, name: 'Sub', email, role_guids: [] }, { token: owner.token });
    idp.users.set('unproved', { email, name: 'Unproved' });
    const finish = await signIn('unproved');
    expect(finish.code).toBe(201);
    expect(finish.message).toMatch(/the address was never confirmed on this platform/);
    expect(await linksOf(added.data.guid)).toBe(0);
  });

  it('an address the BU changed after the activation mail stays unproved: the link proves the address it was mailed to', async () => {
    const mailed = `first_${uid()}@${DOMAIN}`;
    const added = await s.post('/open/system/user/child-add', { username: `sub_${uid()}`, name: 'Sub', email: mailed, role_guids: [] }, { token: owner.token });
    const victim = `victim_${uid()}@${DOMAIN}`;
    expect((await s.post('/open/system/user/child-update', { guid: added.data.guid, email: victim }, { token: owner.token })).code).toBe(200);
    expect((await s.post('/open/system/user/child-set', { token: linkToken(s, mailed), password: 'SubPassw0rd', confirm_password: 'SubPassw0rd' })).code).toBe(200);
    idp.users.set('victim', { email: victim, name: 'Victim' });
    expect((await signIn('victim')).message).toMatch(/never confirmed/);
  });

  it('later sign-ins find the account by issuer and subject: a changed e-mail claim writes no address, and matches no other account', async () => {
    const sub = await activeSub(s, owner.token);
    const other = await activeSub(s, owner.token);
    idp.users.set('quinn', { email: sub.email, name: 'Quinn' });
    expect((await signIn('quinn')).data.user.guid).toBe(sub.guid);
    idp.users.set('quinn', { email: other.email, name: 'Quinn Renamed' });
    const again = await signIn('quinn');
    expect(again.data.user.guid).toBe(sub.guid);
    // Not provisioned by the IdP: neither its address nor its name is the IdP's to write.
    expect(await userOf(sub.guid)).toMatchObject({ email: sub.email, name: 'Sub' });
    const link = await s.db.query('select issuer, subject, linked_by from sso_identity where user_guid = $1', [sub.guid]);
    expect(link.rows).toEqual([{ issuer: idp.issuer, subject: 'quinn', linked_by: 'email' }]);
  });

  it('an account the IdP provisioned takes its new name, never its new address', async () => {
    idp.users.set('rita', { email: `rita_${uid()}@${DOMAIN}`, name: 'Rita' });
    const first = await signIn('rita');
    expect(first.code, first.message).toBe(200);
    const address = first.data.user.email;
    idp.users.set('rita', { email: `elsewhere_${uid()}@${DOMAIN}`, name: 'Rita Moreno' });
    const again = await signIn('rita');
    expect(again.data.user).toMatchObject({ guid: first.data.user.guid, name: 'Rita Moreno', email: address });
    // Its address came from the IdP, not from a mail it answered: unproved here.
    expect((await userOf(first.data.user.guid)).verified_email).toBeNull();
  });

  it('a link names its issuer: the same subject from another issuer is another person', async () => {
    idp.users.set('sam', { email: `sam_${uid()}@${DOMAIN}`, name: 'Sam' });
    const first = await signIn('sam');
    expect(first.code, first.message).toBe(200);
    // As if the link had been made through the IdP the BU used before.
    await s.db.query(`update sso_identity set issuer = 'https://old-idp.example' where user_guid = $1`, [first.data.user.guid]);
    idp.users.set('sam', { email: `sam_${uid()}@${DOMAIN}`, name: 'Sam' });
    const other = await signIn('sam');
    expect(other.code, other.message).toBe(200);
    expect(other.data.user.guid).not.toBe(first.data.user.guid);
  });
});

describe('e-mail-code login (finding 12)', () => {
  it('another tenant’s unverified sub-account with the victim’s address does not switch off the victim’s code login', async () => {
    const victim = await tenantWithBu(s);
    const attacker = await tenantWithBu(s);
    expect((await s.post('/open/system/sso/auth-config-update', { login_types: ['password', 'email_code'] }, { token: victim.token })).code).toBe(200);
    const dup = await s.post('/open/system/user/child-add', { username: `dup_${uid()}`, name: 'Dup', email: victim.email, role_guids: [] }, { token: attacker.token });
    expect(dup.code, dup.message).toBe(200);
    const sent = await s.post('/open/sys-auth/send-login-code', { username: victim.email });
    expect(sent.code).toBe(200);
    const login = await s.post('/open/sys-auth/code-login', { username: victim.email, code: codeFromMail(s, victim.email) });
    expect(login.code, login.message).toBe(200);
    expect(login.data.user.guid).toBe(victim.guid);
  });
});
