import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';

/**
 * The SSO form shows the addresses the identity provider needs before the first save
 * (`idp_addresses` of `auth-config-info`): made from the configured public URL and the BU's guid,
 * never from a request's Host or forwarding headers; an operator reads the BU's own.
 */
const PUBLIC = 'https://platform.example.com';
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ options: { publicUrl: PUBLIC } });
});
afterAll(() => s?.close());

describe("the identity provider's addresses", () => {
  it('are answered before the first save, from the public URL whatever the request claims', async () => {
    const owner = await tenantWithBu(s);
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const info = await s.post('/open/system/sso/auth-config-info', {}, { token: owner.token, headers: forged });
    expect(info.code, info.message).toBe(200);
    expect(info.data.guid).toBeNull();
    expect(info.data.idp_addresses).toEqual({
      oidc: { redirect_uri: `${PUBLIC}/open/sso/oidc/callback`, logout_uri: `${PUBLIC}/login` },
      saml: { entity_id: `${PUBLIC}/open/sso/saml/metadata/${owner.buGuid}`, acs: `${PUBLIC}/open/sso/saml/acs/${owner.buGuid}`, slo: `${PUBLIC}/open/sso/saml/slo/${owner.buGuid}` },
    });
    // After a save, the same addresses beside the row.
    expect((await s.post('/open/system/sso/auth-config-update', { protocol: 'saml' }, { token: owner.token })).code).toBe(200);
    const saved = await s.post('/open/system/sso/auth-config-info', {}, { token: owner.token });
    expect(saved.data.guid).toBeTruthy();
    expect(saved.data.idp_addresses).toEqual(info.data.idp_addresses);
    const op = await s.post('/open/admin/system/bu-management/sso/auth-config-info', { bu_guid: owner.buGuid }, { token: await s.login() });
    expect(op.data.idp_addresses.saml.acs).toBe(`${PUBLIC}/open/sso/saml/acs/${owner.buGuid}`);
  });
});
