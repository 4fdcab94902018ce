import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backToPlatform, throughIdp } from '../helpers/idp-agent.ts';
import { flushLogins, loginRows } from '../helpers/login-log.ts';
import { claimsOf, startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { linkToken, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

// Company sign-in through a real OpenID provider (oidc-provider) on 127.0.0.1, driven through its own login and consent pages.
let s: TestServer;
let idp: OidcIdp;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let roleGuid: string;
const CALLBACK = 'http://127.0.0.1:8080/open/sso/oidc/callback';

beforeAll(async () => {
  s = await startServer({ options: { sso: { allowPrivate: true } } });
  idp = await startOidcIdp({ redirectUri: CALLBACK, postLogoutUri: 'http://127.0.0.1:8080/login' });
  owner = await tenantWithBu(s);
  const role = await s.post('/open/system/role/add', { name: 'SSO staff', code: 'ssostaff' }, { token: owner.token });
  expect(role.code).toBe(200);
  roleGuid = role.data.guid;
  const saved = await s.post(
    '/open/system/sso/auth-config-update',
    { sso_enabled: true, protocol: 'oidc', login_types: ['sso'], domains: ['Acme.example'], issuer_url: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, jit_enabled: true, default_role_guid: roleGuid, claim_department: 'department' },
    { token: owner.token },
  );
  expect(saved.code, saved.message).toBe(200);
  // As the DNS proof leaves it (tests/server/sso-settings-attack.test.ts proves the proof itself).
  await s.db.query(`update sso_auth_config set verified_domains = '["acme.example"]' where bu_guid = $1`, [owner.buGuid]);
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

/** A sub-account of the BU, added by its owner and activated through the link mailed to `email`, which proves the address. */
const addSub = async (email: string) => {
  const added = await s.post('/open/system/user/child-add', { username: `sub_${uid()}`, name: 'Sub', email, role_guids: [] }, { token: owner.token });
  expect(added.code, added.message).toBe(200);
  const activated = await s.post('/open/system/user/child-set', { token: linkToken(s, email), password: 'SubPassw0rd', confirm_password: 'SubPassw0rd' });
  expect(activated.code, activated.message).toBe(200);
  return added.data.guid as string;
};

/** "Sign in with your company" with `company`, through the IdP as `login`, back to the platform. */
const signIn = async (company: string, login: string, opts: { redirect?: string; binding?: string } = {}) => {
  const started = await s.post('/open/sso/start', { company, redirect: opts.redirect });
  expect(started.code, started.message).toBe(200);
  const request = await throughIdp(started.data.url, 'http://127.0.0.1:8080/', { login, password: 'any' });
  return backToPlatform(s, request, started.data, opts);
};

describe('configuration', () => {
  it('tests the connection: discovery and keys read, the redirect URI to register shown', async () => {
    const r = await s.post('/open/system/sso/auth-config-test', {}, { token: owner.token });
    expect(r.code).toBe(200);
    expect(r.data.ok, r.data.message).toBe(true);
    expect(r.data.items).toContainEqual({ label: 'Redirect URI to register', value: CALLBACK, copy: true });
    expect(r.data.items).toContainEqual({ label: 'Signing keys found', value: '1' });
  });

  it('refuses a domain another BU proved', async () => {
    const other = await tenantWithBu(s);
    const r = await s.post('/open/system/sso/auth-config-update', { domains: ['acme.example'] }, { token: other.token });
    expect(r.code).toBe(201);
    expect(r.message).toBe('The domain acme.example is already claimed by another business unit.');
  });

  it('fetches only public addresses unless ALLOW_PRIVATE_IDP: the test names the blocked address', async () => {
    const strict = await startServer();
    try {
      const o = await tenantWithBu(strict);
      await strict.post('/open/system/sso/auth-config-update', { issuer_url: 'https://127.0.0.1:9/', client_id: 'x' }, { token: o.token });
      const r = await strict.post('/open/system/sso/auth-config-test', {}, { token: o.token });
      expect(r.data.ok).toBe(false);
      expect(r.data.message).toContain('is on a private or local address, which the platform does not call');
    } finally {
      await strict.close();
    }
  });
});

describe('sign-in', () => {
  it('provisions a new person on the first sign-in: member and sub-account with the default role, a session for the BU, the deep link kept', async () => {
    idp.users.set('alice', { email: 'alice@acme.example', name: 'Alice Chan' });
    const { finish, landing } = await signIn('alice@acme.example', 'alice', { redirect: '/account/member-manage?tab=1' });
    expect(landing.pathname).toBe('/login/sso');
    expect(finish.code, finish.message).toBe(200);
    expect(finish.data).toMatchObject({ buGuid: owner.buGuid, redirect: '/account/member-manage?tab=1', user: { username: 'alice', name: 'Alice Chan', email: 'alice@acme.example' } });
    const info = await s.post('/open/system/user/info', {}, { token: finish.data.token });
    expect(info.data).toMatchObject({ username: 'alice', buGuid: owner.buGuid });
    const roles = await s.post('/open/system/user-bu/role-list', {}, { token: finish.data.token });
    expect(roles.data.list.map((r: { guid: string }) => r.guid)).toEqual([roleGuid]);
    const member = await s.db.query('select name, email from member where bu_guid = $1 and email = $2', [owner.buGuid, 'alice@acme.example']);
    expect(member.rows).toEqual([{ name: 'Alice Chan', email: 'alice@acme.example' }]);
    // The BU's token lifetime applies (8 hours by default).
    expect(finish.data.exp - Date.now() / 1000).toBeGreaterThan(8 * 3600 - 60);
    await flushLogins(s);
    expect(await loginRows(s, 'alice')).toContainEqual(expect.objectContaining({ result: 'success', method: 'oidc', user_guid: finish.data.user.guid }));
  });

  it('updates the name of an account it provisioned on each sign-in, never its e-mail; by the BU’s sign-in slug too', async () => {
    const slug = (await s.db.query<{ slug: string }>('select slug from sso_auth_config where bu_guid = $1', [owner.buGuid])).rows[0].slug;
    idp.users.set('alice', { email: 'alice.wong@acme.example', name: 'Alice Wong' });
    const { finish } = await signIn(slug, 'alice');
    expect(finish.data.user).toMatchObject({ username: 'alice', name: 'Alice Wong', email: 'alice@acme.example' });
    idp.users.set('alice', { email: 'alice@acme.example', name: 'Alice Wong' });
  });

  it('links a BU account that proved the same e-mail (verified by the IdP) instead of creating one', async () => {
    const bob = { guid: await addSub('bob@acme.example') };
    idp.users.set('bob-at-idp', { email: 'bob@acme.example', name: 'Bob' });
    const { finish } = await signIn('bob@acme.example', 'bob-at-idp');
    expect(finish.code, finish.message).toBe(200);
    expect(finish.data.user.guid).toBe(bob.guid);
    // The IdP's name is not written to an account it did not create.
    expect(finish.data.user.name).toBe('Sub');
  });

  it('does not link by an e-mail the IdP did not verify', async () => {
    const carol = { guid: await addSub('carol@acme.example') };
    idp.users.set('carol-x', { email: 'carol@acme.example', name: 'Carol', email_verified: false });
    const { finish } = await signIn('acme.example', 'carol-x');
    expect(finish.code).toBe(200);
    expect(finish.data.user.guid).not.toBe(carol.guid);
  });

  it('follows the provider’s key rotation: an ID token signed with a newly published key is accepted', async () => {
    idp.rotate();
    idp.tamper = async (t) => idp.sign(claimsOf(t), 'next');
    try {
      const { finish } = await signIn('alice@acme.example', 'alice');
      expect(finish.code, finish.message).toBe(200);
    } finally {
      idp.tamper = null;
    }
  });

  it('ends the IdP session on logout (RP-initiated logout); the platform session ends whatever the IdP says', async () => {
    const { finish } = await signIn('alice@acme.example', 'alice');
    const out = await s.post('/open/logout', {}, { token: finish.data.token });
    expect(out.code).toBe(200);
    const url = new URL(out.data.idp_logout_url);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:8080/login');
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await s.post('/open/system/user/info', {}, { token: finish.data.token })).status).toBe(401);
    // A password session's logout names no IdP.
    const glass = await s.post('/open/sys-auth/login', { username: owner.username, password: owner.password });
    expect((await s.post('/open/logout', {}, { token: glass.data.token })).data).toBeNull();
  });
});

describe('refusals: each a sentence and a login-log row', () => {
  const refused = async (sentence: string, tamper: ((t: string) => Promise<string>) | null, result = 'sso_rejected') => {
    idp.tamper = tamper;
    try {
      const { finish } = await signIn('alice@acme.example', 'alice');
      expect(finish.code).toBe(201);
      expect(finish.message).toBe(sentence);
      await flushLogins(s);
      expect((await loginRows(s, 'alice@acme.example')).at(-1)).toMatchObject({ result, method: 'oidc' });
    } finally {
      idp.tamper = null;
    }
  };

  it('a tampered ID token (signature)', () =>
    refused('The company sign-in was refused: the ID token’s signature does not match the provider’s keys.', async (t) => {
      const [h, , sig] = t.split('.');
      return `${h}.${Buffer.from(JSON.stringify({ ...claimsOf(t), sub: 'mallory' })).toString('base64url')}.${sig}`;
    }));
  it('a wrong issuer', () => refused('The company sign-in was refused: the answer came from another issuer than the one configured.', async (t) => idp.sign({ ...claimsOf(t), iss: 'https://evil.example' })));
  it('a wrong audience', () => refused('The company sign-in was refused: the answer was meant for another application (audience).', async (t) => idp.sign({ ...claimsOf(t), aud: 'another-client' })));
  it('an expired ID token', () =>
    refused('The company sign-in was refused: the answer has expired. Please sign in again.', async (t) => idp.sign({ ...claimsOf(t), iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })));
  it('a nonce that is not this sign-in’s', () => refused('The company sign-in was refused: the ID token does not belong to this sign-in (nonce).', async (t) => idp.sign({ ...claimsOf(t), nonce: 'someone-elses' })));

  it('a state that is not this sign-in’s', async () => {
    const started = await s.post('/open/sso/start', { company: 'alice@acme.example' });
    const request = await throughIdp(started.data.url, 'http://127.0.0.1:8080/', { login: 'alice', password: 'any' });
    const forged = new URL(request.url);
    forged.searchParams.set('state', 'forged-state');
    const { finish, landing } = await backToPlatform(s, { ...request, url: forged.href }, started.data);
    expect(landing.searchParams.get('flow')).toBe('lost');
    expect(finish.message).toBe('This company sign-in has expired or was started in another window. Please start it again from the login page.');
  });

  it('another browser finishing the flow (without its binding)', async () => {
    const { finish } = await signIn('alice@acme.example', 'alice', { binding: 'stolen' });
    expect(finish.code).toBe(201);
    expect(finish.message).toContain('started in another window');
  });

  it('an e-mail domain no BU claims', async () => {
    const r = await s.post('/open/sso/start', { company: 'eve@nobody.example' });
    expect(r.message).toBe('No company sign-in is set up for this company code or e-mail domain. Check what you typed, or sign in with your username.');
    await flushLogins(s);
    expect((await loginRows(s, 'eve@nobody.example')).at(-1)).toMatchObject({ result: 'sso_unknown_company' });
  });

  it('a frozen member', async () => {
    const alice = (await s.db.query<{ guid: string }>(`select guid from users where username = 'alice'`)).rows[0];
    expect((await s.post('/open/system/user/child-freeze', { guid: alice.guid }, { token: owner.token })).code).toBe(200);
    await refused('This account is frozen. Please contact the administrator.', null, 'account_frozen');
  });

  it('an unknown person while just-in-time provisioning is off', async () => {
    await s.post('/open/system/sso/auth-config-update', { jit_enabled: false }, { token: owner.token });
    idp.users.set('dave', { email: 'dave@acme.example', name: 'Dave' });
    const { finish } = await signIn('dave@acme.example', 'dave');
    expect(finish.message).toContain('You have no account at');
  });
});
