import { webcrypto } from 'node:crypto';
import { Warning } from '../http/envelope.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** What the sign-in needs of an IdP's metadata. */
export interface IdpMetadata {
  idp_entity_id: string;
  idp_sso_url: string;
  idp_slo_url: string | null;
  /** Its signing certificates (base64 DER, as metadata carries them). */
  idp_certs: string[];
}

/**
 * Reads an IdP's metadata (the `EntityDescriptor` the IdP publishes or hands out as a file): its
 * entity id, the HTTP-Redirect single sign-on and logout addresses, and the certificates it signs
 * with. Refused with a sentence naming what is missing. The XML parser loads on first use, not at start.
 */
export const parseIdpMetadata = async (xml: string): Promise<IdpMetadata> => {
  const { DOMParser } = await import('@xmldom/xmldom');
  let doc: Document;
  try {
    doc = new DOMParser({ errorHandler: { error: () => undefined, fatalError: () => undefined } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    throw new Warning('server.sso.metadata.unreadable');
  }
  const entity = doc?.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = entity?.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) throw new Warning('server.sso.metadata.unreadable');
  const location = (tag: string) => {
    const all = Array.from(idp.getElementsByTagNameNS(MD, tag));
    return (all.find((e) => e.getAttribute('Binding') === REDIRECT) ?? null)?.getAttribute('Location') ?? null;
  };
  const certs = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')).map((c) => (c.textContent ?? '').replace(/\s+/g, '')))
    .filter(Boolean);
  const sso = location('SingleSignOnService');
  if (!sso) throw new Warning('server.sso.metadata.no_sso_url');
  if (!certs.length) throw new Warning('server.sso.metadata.no_certificate');
  return { idp_entity_id: entity.getAttribute('entityID') ?? '', idp_sso_url: sso, idp_slo_url: location('SingleLogoutService'), idp_certs: [...new Set(certs)] };
};

/** A BU's own SAML signing key and its self-signed certificate (10 years), published in its SP metadata. */
export const newSpKeys = async (buGuid: string) => {
  // The certificate library (and its ASN.1 stack) loads when a BU first sets up SAML, not at start.
  const x509 = await import('@peculiar/x509');
  const alg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    { serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex'), name: `CN=Open Platform SP ${buGuid}`, notBefore: new Date(), notAfter: new Date(Date.now() + 10 * 365 * 86_400_000), signingAlgorithm: alg, keys },
    webcrypto as unknown as Crypto,
  );
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return { sp_certificate: cert.toString('pem'), sp_private_key: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n` };
};
