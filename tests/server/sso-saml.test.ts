import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backToPlatform, throughIdp } from '../helpers/idp-agent.ts';
import { flushLogins, loginRows } from '../helpers/login-log.ts';
import { startSamlIdp, type SamlIdp, type Variant } from '../helpers/saml-idp.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';

// Company sign-in through a real SAML 2.0 IdP (samlify) on 127.0.0.1, with its own login page.
let s: TestServer;
let idp: SamlIdp;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
const PLATFORM = 'http://127.0.0.1:8080/';

beforeAll(async () => {
  s = await startServer({ options: { sso: { allowPrivate: true } } });
  idp = await startSamlIdp();
  owner = await tenantWithBu(s);
  const saved = await s.post(
    '/open/system/sso/auth-config-update',
    { sso_enabled: true, protocol: 'saml', login_types: ['password', 'sso'], domains: ['globex.example'], idp_metadata_url: idp.metadataUrl, jit_enabled: true },
    { token: owner.token },
  );
  expect(saved.code, saved.message).toBe(200);
  const metadata = await s.app.inject({ method: 'GET', url: `/open/sso/saml/metadata/${owner.buGuid}` });
  expect(metadata.statusCode).toBe(200);
  idp.trust(metadata.body);
  // As the DNS proof leaves it (tests/server/sso-settings-attack.test.ts proves the proof itself).
  await s.db.query(`update sso_auth_config set verified_domains = '["globex.example"]' where bu_guid = $1`, [owner.buGuid]);
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

const signIn = async (login: string) => {
  const started = await s.post('/open/sso/start', { company: `${login}@globex.example` });
  expect(started.code, started.message).toBe(200);
  const request = await throughIdp(started.data.url, PLATFORM, { username: login, password: 'any' });
  return { ...(await backToPlatform(s, request, started.data)), started: started.data };
};

describe('configuration', () => {
  it('reads the IdP metadata by URL and publishes the BU’s SP metadata: entity id, ACS, signing certificate', async () => {
    const info = await s.post('/open/system/sso/auth-config-info', {}, { token: owner.token });
    expect(info.data).toMatchObject({ idp_entity_id: `${idp.base}/metadata`, idp_sso_url: `${idp.base}/sso`, idp_slo_url: `${idp.base}/slo` });
    expect(info.data.idp_certs).toHaveLength(1);
    expect(info.data).not.toHaveProperty('sp_private_key');
    const xml = (await s.app.inject({ method: 'GET', url: `/open/sso/saml/metadata/${owner.buGuid}` })).body;
    expect(xml).toContain(`entityID="http://127.0.0.1:8080/open/sso/saml/metadata/${owner.buGuid}"`);
    expect(xml).toContain(`Location="http://127.0.0.1:8080/open/sso/saml/acs/${owner.buGuid}"`);
    expect(xml).toContain('<ds:X509Certificate>');
    expect(xml).not.toContain('PRIVATE KEY');
    const test = await s.post('/open/system/sso/auth-config-test', {}, { token: owner.token });
    expect(test.data.ok, test.data.message).toBe(true);
    expect(test.data.items).toContainEqual({ label: 'ACS URL to register', value: `http://127.0.0.1:8080/open/sso/saml/acs/${owner.buGuid}`, copy: true });
  });

  it('imports the metadata as a file’s text too, and says what a bad one lacks', async () => {
    const other = await tenantWithBu(s);
    const bad = await s.post('/open/system/sso/auth-config-update', { protocol: 'saml', idp_metadata_xml: '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"/>' }, { token: other.token });
    expect(bad.message).toMatch(/could not be read/);
    const xml = await (await fetch(idp.metadataUrl)).text();
    const good = await s.post('/open/system/sso/auth-config-update', { protocol: 'saml', idp_metadata_xml: xml }, { token: other.token });
    expect(good.code, good.message).toBe(200);
    expect(good.data.idp_sso_url).toBe(`${idp.base}/sso`);
  });
});

describe('sign-in', () => {
  it('provisions a new person from the signed assertion and opens a session for the BU', async () => {
    idp.users.set('hank', { email: 'hank@globex.example', name: 'Hank Scorpio' });
    const { finish } = await signIn('hank');
    expect(finish.code, finish.message).toBe(200);
    expect(finish.data).toMatchObject({ buGuid: owner.buGuid, user: { username: 'hank', name: 'Hank Scorpio', email: 'hank@globex.example' } });
    await flushLogins(s);
    expect((await loginRows(s, 'hank')).at(-1)).toMatchObject({ result: 'success', method: 'saml' });
  });

  it('links by the IdP’s entity ID and NameID, remembering that the IdP created the account', async () => {
    const hank = (await s.db.query<{ guid: string }>(`select guid from users where username = 'hank'`)).rows[0].guid;
    const link = await s.db.query('select issuer, subject, linked_by from sso_identity where user_guid = $1', [hank]);
    expect(link.rows).toEqual([{ issuer: `${idp.base}/metadata`, subject: 'hank@globex.example', linked_by: 'provisioned' }]);
  });

  it('an assertion naming the owner’s address signs nobody in as the owner', async () => {
    idp.users.set('boss', { email: owner.email, name: 'Not The Owner' });
    const { finish } = await signIn('boss');
    expect(finish.code).toBe(201);
    expect(finish.message).toMatch(/cannot sign in its owner or any main account/);
    expect((await s.db.query('select name, email from users where guid = $1', [owner.guid])).rows[0]).toEqual({ name: owner.username, email: owner.email });
  });

  it('signs out at the IdP too (single logout) when it publishes an address', async () => {
    const { finish } = await signIn('hank');
    const out = await s.post('/open/logout', {}, { token: finish.data.token });
    const url = new URL(out.data.idp_logout_url);
    expect(url.origin + url.pathname).toBe(`${idp.base}/slo`);
    expect(url.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(url.searchParams.get('Signature')).toBeTruthy();
  });
});

describe('refusals: each a sentence and a login-log row', () => {
  const refused = async (variant: Variant, sentence: string) => {
    idp.variant = variant;
    try {
      const { finish } = await signIn('hank');
      expect(finish.code).toBe(201);
      expect(finish.message).toBe(sentence);
      await flushLogins(s);
      expect((await loginRows(s, 'hank@globex.example')).at(-1)).toMatchObject({ result: 'sso_rejected', method: 'saml' });
    } finally {
      idp.variant = {};
    }
  };
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

  it('an expired assertion', () => refused({ notBefore: minutes(-20), notOnOrAfter: minutes(-10) }, 'The company sign-in was refused: the answer has expired. Please sign in again.'));
  it('an assertion not valid yet (beyond the minute of clock skew)', () =>
    refused({ notBefore: minutes(5), notOnOrAfter: minutes(10) }, 'The company sign-in was refused: the answer is not valid yet (check the identity provider’s clock).'));
  it('a wrong audience', () => refused({ audience: 'https://another-sp.example' }, 'The company sign-in was refused: the answer was meant for another application (audience).'));
  it('a wrong recipient', () => refused({ recipient: 'https://another-sp.example/acs' }, 'The company sign-in was refused: the assertion was addressed to another recipient.'));
  it('a wrong issuer', () => refused({ issuer: 'https://evil.example/idp' }, 'The company sign-in was refused: the answer came from another issuer than the one configured.'));
  it('an unsigned assertion (only the message around it signed)', () =>
    refused({ unsignedAssertion: true }, 'The company sign-in was refused: the assertion is not signed by the identity provider’s certificate.'));

  it('a replayed assertion: posted again, for a new sign-in, it is refused', async () => {
    const { finish } = await signIn('hank');
    expect(finish.code).toBe(200);
    const replay = idp.last!;
    // A fresh sign-in's flow, answered with the old response.
    const started = await s.post('/open/sso/start', { company: 'hank@globex.example' });
    const body = new URLSearchParams({ SAMLResponse: replay.SAMLResponse, RelayState: new URL(started.data.url).searchParams.get('RelayState')! }).toString();
    const again = await backToPlatform(s, { url: replay.acs, method: 'POST', body }, started.data);
    expect(again.finish.message).toBe('The company sign-in was refused: this answer was already used or does not answer this sign-in.');
    // And posted to its own flow again: that flow is spent.
    const twice = await s.app.inject({ method: 'POST', url: new URL(replay.acs).pathname, payload: new URLSearchParams({ SAMLResponse: replay.SAMLResponse, RelayState: replay.RelayState }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(twice.headers.location).toBe('http://127.0.0.1:8080/login/sso?flow=lost');
  });
});
