import type { CacheProvider, Profile } from '@node-saml/node-saml';
import { inflateRawSync } from 'node:zlib';
import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { identityOf, type Identity } from './provision.ts';
import type { SsoSettings } from './settings.ts';

/** Clocks of the IdP and the platform may differ this much (NotBefore, NotOnOrAfter). */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** An AuthnRequest is answered within this time, once. */
const REQUEST_MS = 10 * 60_000;
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** The BU's service-provider addresses: its entity id is its metadata's URL (docs/sso.md). */
export const spUrls = (services: Services, buGuid: string) => ({
  entityId: `${services.publicUrl}/open/sso/saml/metadata/${buGuid}`,
  acs: `${services.publicUrl}/open/sso/saml/acs/${buGuid}`,
  slo: `${services.publicUrl}/open/sso/saml/slo/${buGuid}`,
});

/** AuthnRequest ids, kept in the database so that any instance takes the answer, and each answer is taken once. */
const requestCache = (db: Queryable): CacheProvider => ({
  saveAsync: async (key, value) => {
    await db.query(`delete from sso_saml_request where created_at < now() - make_interval(secs => $1)`, [REQUEST_MS / 1000]);
    await db.query('insert into sso_saml_request (request_id) values ($1) on conflict do nothing', [key]);
    return { value, createdAt: Date.now() };
  },
  // node-saml reads the value as the request's time.
  getAsync: async (key) =>
    (await db.query<{ at: string }>(`select to_json(created_at)#>>'{}' as at from sso_saml_request where request_id = $1 and created_at > now() - make_interval(secs => $2)`, [key, REQUEST_MS / 1000])).rows[0]?.at ?? null,
  removeAsync: async (key) => (key ? ((await db.query<{ request_id: string }>('delete from sso_saml_request where request_id = $1 returning request_id', [key])).rows[0]?.request_id ?? null) : null),
});

/** node-saml and the XML libraries under it load with the first SAML sign-in, not at start. */
const nodeSaml = () => import('@node-saml/node-saml');

/** node-saml for one BU: signed assertions required, audience its entity id, InResponseTo always checked. */
const samlOf = async (services: Services, s: SsoSettings) => {
  if (!s.idp_sso_url || !s.idp_certs.length || !s.sp_private_key) throw new Warning('server.sso.not_configured');
  const urls = spUrls(services, s.bu_guid);
  const { SAML, ValidateInResponseTo } = await nodeSaml();
  return new SAML({
    entryPoint: s.idp_sso_url,
    logoutUrl: s.idp_slo_url ?? s.idp_sso_url,
    issuer: urls.entityId,
    audience: urls.entityId,
    callbackUrl: urls.acs,
    logoutCallbackUrl: urls.slo,
    idpCert: s.idp_certs.map((c) => `-----BEGIN CERTIFICATE-----\n${c.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`),
    idpIssuer: s.idp_entity_id ?? undefined,
    privateKey: s.sp_private_key,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_MS,
    cacheProvider: requestCache(services.db),
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
};

/** The BU's SP metadata: entity id, ACS and logout addresses, its signing certificate. */
export const spMetadata = async (services: Services, s: SsoSettings) => {
  const urls = spUrls(services, s.bu_guid);
  const { SAML } = await nodeSaml();
  // With its signing key the SP says it signs its requests, and publishes the certificate (never the key).
  const saml = new SAML({ issuer: urls.entityId, callbackUrl: urls.acs, logoutCallbackUrl: urls.slo, idpCert: 'unused', wantAssertionsSigned: true, privateKey: s.sp_private_key ?? undefined });
  return saml.generateServiceProviderMetadata(null, s.sp_certificate);
};

/** The address to send the person to: a signed AuthnRequest by HTTP-Redirect, its id remembered for InResponseTo. */
export const samlStart = async (services: Services, s: SsoSettings, relayState: string) => {
  const url = await (await samlOf(services, s)).getAuthorizeUrlAsync(relayState, undefined, {});
  const request = await requestIdOf(url);
  return { url, secrets: { request } };
};

const requestIdOf = async (url: string) => {
  const xml = inflateRawSync(Buffer.from(new URL(url).searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  return /\sID="([^"]+)"/.exec(xml)?.[1] ?? '';
};

/** The check a refused response failed: a sentence key `server.sso.rejected.<reason>`. */
const reasonOf = (message: string) => {
  if (/not yet valid/i.test(message)) return 'not_yet_valid';
  // node-saml's only check of the subject confirmation besides InResponseTo is its NotOnOrAfter.
  if (/expired|No valid subject confirmation/i.test(message)) return 'expired';
  if (/audience/i.test(message)) return 'audience';
  if (/InResponseTo/i.test(message)) return 'replayed';
  if (/issuer/i.test(message)) return 'issuer';
  if (/signature|No (valid )?signed|not signed|Cannot obtain assertion/i.test(message)) return 'unsigned';
  return 'invalid';
};

/**
 * The IdP's POSTed response: node-saml checks the signature of the assertion by the IdP's
 * certificates, the audience, NotBefore/NotOnOrAfter with a minute's skew, the issuer and that
 * it answers a request of ours not answered before; here also that the assertion was meant for
 * this ACS (Recipient, Destination), answers this flow's request, and that its id was never
 * accepted before.
 */
export const samlFinish = async (services: Services, s: SsoSettings, body: Record<string, string>, requestId: string): Promise<{ identity: Identity; hint: string }> => {
  let profile: Profile | null;
  try {
    ({ profile } = await (await samlOf(services, s)).validatePostResponseAsync(body));
  } catch (e) {
    throw new Warning(`server.sso.rejected.${reasonOf((e as Error).message ?? '')}`);
  }
  if (!profile) throw new Warning('server.sso.rejected.invalid');
  const acs = spUrls(services, s.bu_guid).acs;
  const { DOMParser } = await import('@xmldom/xmldom');
  const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  const assertion = parse(profile.getAssertionXml!()).documentElement;
  const response = parse(profile.getSamlResponseXml!()).documentElement;
  const recipients = Array.from(assertion.getElementsByTagNameNS(ASSERTION, 'SubjectConfirmationData')).map((d) => d.getAttribute('Recipient'));
  const destination = response.getAttribute('Destination');
  if (!recipients.length || recipients.some((r) => r !== acs) || (destination && destination !== acs)) throw new Warning('server.sso.rejected.recipient');
  // node-saml compares the issuer of logout messages only: the assertion's is checked here.
  const issuers = [assertion, response].map((e) => Array.from(e.childNodes).find((n) => (n as Element).localName === 'Issuer')?.textContent?.trim()).filter(Boolean);
  if (s.idp_entity_id && (!issuers.length || issuers.some((i) => i !== s.idp_entity_id))) throw new Warning('server.sso.rejected.issuer');
  if (response.getAttribute('InResponseTo') !== requestId) throw new Warning('server.sso.rejected.replayed');
  const id = assertion.getAttribute('ID');
  const notOnOrAfter = assertion.getElementsByTagNameNS(ASSERTION, 'Conditions')[0]?.getAttribute('NotOnOrAfter');
  const kept = await services.db.query(
    `insert into sso_assertion (bu_guid, assertion_id, expires_at) values ($1, $2, coalesce($3::timestamptz, now()) + interval '1 day') on conflict do nothing returning assertion_id`,
    [s.bu_guid, id, notOnOrAfter ?? null],
  );
  if (!id || !kept.rows[0]) throw new Warning('server.sso.rejected.replayed');
  await services.db.query('delete from sso_assertion where expires_at < now()');
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const claims = { ...attributes, nameID: profile.nameID, email: attributes[s.claim_email] ?? profile.email };
  // SAML has no standard "verified" attribute: the signed assertion's address is the IdP's word (the account must still have proved it here to be linked by it).
  const identity = identityOf(s, { issuer: issuers[0] ?? s.idp_entity_id ?? '', subject: profile.nameID }, { ...claims, [s.claim_email]: claims.email }, true);
  return { identity, hint: JSON.stringify({ nameID: profile.nameID, nameIDFormat: profile.nameIDFormat, sessionIndex: profile.sessionIndex }) };
};

/** The IdP's single-logout address for this session (a signed LogoutRequest), or null when the IdP publishes none. */
export const samlLogoutUrl = async (services: Services, s: SsoSettings, hint: string) => {
  if (!s.idp_slo_url) return null;
  const { nameID, nameIDFormat, sessionIndex } = JSON.parse(hint) as Profile;
  return (await samlOf(services, s)).getLogoutUrlAsync({ issuer: s.idp_entity_id ?? '', nameID, nameIDFormat, sessionIndex }, '', {});
};
