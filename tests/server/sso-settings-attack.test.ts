import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backToPlatform, throughIdp } from '../helpers/idp-agent.ts';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.ts';
import { startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu } from '../helpers/tenant-flows.ts';

// Attack round 4 on the SSO settings (issue 43, findings 1's last clause, 3, 10, 11, 15): what whoever edits them can no longer do.
let s: TestServer;
let dns: DnsServer;
let idpA: OidcIdp;
let idpB: OidcIdp;
const CALLBACK = 'http://127.0.0.1:8080/open/sso/oidc/callback';

beforeAll(async () => {
  dns = await startDnsServer();
  s = await startServer({ options: { sso: { allowPrivate: true, dnsServers: [dns.address] } } });
  idpA = await startOidcIdp({ redirectUri: CALLBACK, postLogoutUri: 'http://127.0.0.1:8080/login' });
  idpB = await startOidcIdp({ redirectUri: CALLBACK, postLogoutUri: 'http://127.0.0.1:8080/login' });
});
afterAll(async () => {
  await s?.close();
  await Promise.all([idpA?.close(), idpB?.close(), dns?.close()]);
});

type Owner = Awaited<ReturnType<typeof tenantWithBu>>;
const save = (o: Owner, body: Record<string, unknown>) => s.post('/open/system/sso/auth-config-update', body, { token: o.token });
const info = async (o: Owner) => (await s.post('/open/system/sso/auth-config-info', {}, { token: o.token })).data;
const oidcAt = (idp: OidcIdp, extra: Record<string, unknown> = {}) => ({ sso_enabled: true, protocol: 'oidc', login_types: ['password', 'sso'], issuer_url: idp.issuer, client_id: idp.clientId, ...extra });
const start = (company: string) => s.post('/open/sso/start', { company });

describe('company e-mail domains (finding 10)', () => {
  it('refuses a public mail provider’s domain, from the maintained list', async () => {
    const o = await tenantWithBu(s);
    for (const domain of ['gmail.com', 'outlook.com', 'qq.com', '163.com']) {
      const r = await save(o, { domains: ['acme-corp.example', domain] });
      expect(r.code, domain).toBe(201);
      expect(r.message).toBe(`The domain ${domain} belongs to a public mail provider: anyone can have an address there, so no business unit may claim it.`);
    }
  });

  it('routes a claimed domain only once its DNS TXT record is found through the resolver', async () => {
    const o = await tenantWithBu(s);
    expect((await save(o, oidcAt(idpA, { domains: ['Proved.example'] }))).code).toBe(200);
    const { domain_tokens, verified_domains } = await info(o);
    expect(verified_domains).toEqual([]);
    const token = domain_tokens['proved.example'];
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // Claimed, not proved: the login page does not send anyone there.
    expect((await start('someone@proved.example')).message).toMatch(/No company sign-in is set up/);
    const unproved = await s.post('/open/system/sso/auth-config-verify-domain', { domain: 'proved.example' }, { token: o.token });
    expect(unproved.code).toBe(201);
    expect(unproved.message).toBe(`No TXT record “open-platform-verification=${token}” was found at _open-platform-challenge.proved.example. Publish it at your DNS provider, wait until it is visible, and press Verify again.`);
    // A record with another token proves nothing.
    dns.txt.set('_open-platform-challenge.proved.example', ['open-platform-verification=someone-elses-token']);
    expect((await s.post('/open/system/sso/auth-config-verify-domain', { domain: 'proved.example' }, { token: o.token })).code).toBe(201);
    dns.txt.set('_open-platform-challenge.proved.example', ['v=spf1 -all', `open-platform-verification=${token}`]);
    const proved = await s.post('/open/system/sso/auth-config-verify-domain', { domain: 'proved.example' }, { token: o.token });
    expect(proved).toMatchObject({ code: 200, data: { domain: 'proved.example', verified: true } });
    expect((await info(o)).verified_domains).toEqual(['proved.example']);
    const started = await start('someone@proved.example');
    expect(started.code, started.message).toBe(200);
    expect(started.data.url).toContain(idpA.issuer);
    // Proved by this BU: another BU can neither claim it nor prove it.
    const other = await tenantWithBu(s);
    const r = await save(other, { domains: ['proved.example'] });
    expect(r.message).toBe('The domain proved.example is already claimed by another business unit.');
    // Dropping the domain drops its proof.
    expect((await save(o, { domains: [] })).code).toBe(200);
    expect((await info(o)).verified_domains).toEqual([]);
    expect((await start('someone@proved.example')).code).toBe(201);
  });

  it('a domain proof cannot be written through the save', async () => {
    const o = await tenantWithBu(s);
    await save(o, { domains: ['sneaky.example'], verified_domains: ['sneaky.example'], domain_tokens: { 'sneaky.example': 'mine' } });
    const got = await info(o);
    expect(got.verified_domains).toEqual([]);
    expect(got.domain_tokens['sneaky.example']).not.toBe('mine');
  });
});

describe('sign-in slugs (finding 11)', () => {
  it('two BUs with the same code both sign in by their own slugs; a slug another BU has is refused', async () => {
    const one = await tenantWithBu(s);
    const two = await tenantWithBu(s);
    await s.db.query(`update bu set code = 'TWIN' where guid = any($1::uuid[])`, [[one.buGuid, two.buGuid]]);
    expect((await save(one, oidcAt(idpA))).code).toBe(200);
    expect((await save(two, oidcAt(idpB))).code).toBe(200);
    const [a, b] = [await info(one), await info(two)];
    expect(a.slug).toBe('twin');
    expect(b.slug).toBe('twin-2');
    expect((await start('TWIN')).data.url).toContain(idpA.issuer);
    expect((await start('twin-2')).data.url).toContain(idpB.issuer);
    const taken = await save(two, { slug: 'Twin' });
    expect(taken.code).toBe(201);
    expect(taken.message).toBe('Sign-in name (people type this on the login page) already exists.');
    expect((await save(two, { slug: 'twin-west' })).code).toBe(200);
    expect((await start('twin-west')).data.url).toContain(idpB.issuer);
  });
});

describe('changing the identity provider', () => {
  it('clears the stored client secret: the new issuer’s token endpoint never receives the old one (finding 3)', async () => {
    const o = await tenantWithBu(s);
    await s.db.query(`update bu set code = $2 where guid = $1`, [o.buGuid, `moved${o.buGuid.slice(0, 6)}`]);
    const A_SECRET = 'secret-given-to-issuer-a-77';
    expect((await save(o, oidcAt(idpA, { client_secret: A_SECRET }))).code).toBe(200);
    expect((await info(o)).client_secret_set).toBe(true);
    expect((await save(o, { issuer_url: idpB.issuer })).code).toBe(200);
    expect((await info(o)).client_secret_set).toBe(false);
    const test = await s.post('/open/system/sso/auth-config-test', {}, { token: o.token });
    expect(test.data).toMatchObject({ ok: false, message: expect.stringMatching(/No client secret is stored/) });
    idpB.users.set('eve', { email: 'eve@evil.example', name: 'Eve' });
    const started = await start((await info(o)).slug);
    expect(started.code, started.message).toBe(200);
    await backToPlatform(s, await throughIdp(started.data.url, 'http://127.0.0.1:8080/', { login: 'eve', password: 'any' }), started.data);
    expect(idpB.tokenAuth.length).toBeGreaterThan(0);
    const sent = idpB.tokenAuth.map((h) => Buffer.from(h.replace(/^Basic /, ''), 'base64').toString());
    expect(sent.join('\n')).not.toContain(A_SECRET);
    // A new secret typed with the new issuer is kept.
    expect((await save(o, { issuer_url: idpA.issuer, client_secret: idpA.clientSecret })).code).toBe(200);
    expect((await info(o)).client_secret_set).toBe(true);
  });

  it('unlinks every account linked through the old IdP, which the info call counts beforehand and the operation log records (finding 1)', async () => {
    const o = await tenantWithBu(s);
    expect((await save(o, oidcAt(idpA, { client_secret: idpA.clientSecret }))).code).toBe(200);
    const sub = await activeSub(s, o.token);
    await s.db.query(`insert into sso_identity (bu_guid, protocol, subject, user_guid) values ($1, 'oidc', 'sub-at-a', $2)`, [o.buGuid, sub.guid]);
    expect((await info(o)).linked_accounts).toEqual({ oidc: 1, saml: 0 });
    // Saving the same IdP again keeps the link.
    expect((await save(o, oidcAt(idpA))).code).toBe(200);
    expect((await info(o)).linked_accounts.oidc).toBe(1);
    expect((await save(o, { client_id: 'another-client' })).code).toBe(200);
    expect((await info(o)).linked_accounts).toEqual({ oidc: 0, saml: 0 });
    await s.services.audit.flush('operation_log');
    const ops = await s.db.query<{ action: string; fields: string[] }>(`select action, fields from operation_log where resource = 'auth-config' and bu_guid = $1 order by created_at`, [o.buGuid]);
    expect(ops.rows).toContainEqual({ action: 'delete', fields: ['sso_identity'] });
  });
});

describe('switching to single sign-on only (finding 15)', () => {
  it('ends the members’ password sessions at once; the owner’s is kept', async () => {
    const o = await tenantWithBu(s);
    const sub = await activeSub(s, o.token);
    // Both sessions are in use (and cached) right before the save.
    expect((await s.post('/open/system/user/info', {}, { token: sub.token })).code).toBe(200);
    expect((await s.post('/open/system/user/info', {}, { token: o.token })).code).toBe(200);
    expect((await save(o, oidcAt(idpA, { client_secret: idpA.clientSecret, login_types: ['sso'] }))).code).toBe(200);
    const refused = await s.post('/open/system/user/info', {}, { token: sub.token });
    expect(refused.status).toBe(401);
    expect((await s.post('/open/system/user/info', {}, { token: o.token })).code).toBe(200);
  });
});
