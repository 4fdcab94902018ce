import { z } from 'zod';
import { text, webUrl } from './common.ts';
import { distinct, domain, ipEntry, optionalGuid } from './tenant-common.ts';

const int = (min: number, max: number, fallback: number) =>
  z.number({ error: 'validation.invalid_type' }).int('validation.integer').min(min, 'validation.range').max(max, 'validation.range').default(fallback);

/** A BU's password policy: applied to every password set or reset of its accounts. */
export const passwordPolicySchema = z.object({
  min_length: int(6, 64, 8),
  require_digit: z.boolean().default(true),
  require_upper: z.boolean().default(false),
  require_lower: z.boolean().default(false),
  require_special: z.boolean().default(false),
  /** Months after which a password should be changed; 0 never. */
  change_period_months: int(0, 120, 0),
  /** Days before that deadline to remind; 0 never. */
  remind_days: int(0, 365, 0),
});

/** Login policy and IP whitelist of a BU. */
export const safePolicySchema = z.object({
  /** Wrong passwords allowed within one cycle. */
  login_error_limit: int(1, 100, 5),
  cycle_seconds: int(60, 86_400, 900),
  /** The lock lasts this many cycles. */
  cycles: int(1, 100, 1),
  /** Lifetime of tokens issued for this BU. */
  token_validity_seconds: int(300, 2_592_000, 28_800),
  /** Addresses or CIDR blocks allowed to call with this BU's tokens; empty = anywhere. */
  ip_whitelist: z.array(ipEntry()).max(200, 'validation.too_many').default([]),
});

export const LOGIN_TYPES = ['password', 'email_code', 'sso'] as const;
/** CAS was offered once and dropped: no CAS server runs in a test here (migration 18 moved its rows to OIDC, switched off). */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;

/** A field of one protocol's: the form shows it only while that protocol is chosen. */
const of = (protocol: (typeof SSO_PROTOCOLS)[number]) => ({ shownWhen: { field: 'protocol', values: [protocol] } });

/** A claim or attribute name of the identity provider's answer. */
const claimName = () => z.string().trim().max(200, 'validation.too_big');
/** Written, never answered: stored encrypted (server/sso/sealer.ts); an empty value leaves the stored one as it is. */
const sealed = (max: number) => z.string().trim().max(max, 'validation.too_big').meta({ kind: 'sealed' });

/**
 * SSO settings of a BU (docs/sso.md): which login types its members may use, the domains it
 * claims, and its identity provider (OpenID Connect or SAML 2.0), with the claim mapping and
 * just-in-time provisioning.
 */
export const authConfigSchema = z.object({
  sso_enabled: z.boolean().default(false),
  protocol: z.enum(SSO_PROTOCOLS, { error: 'validation.invalid_option' }).default('oidc'),
  login_types: z.array(z.enum(LOGIN_TYPES, { error: 'validation.invalid_option' })).min(1, 'validation.required').max(3).default(['password']),
  /**
   * What people type on the login page to reach this BU's sign-in: unique across BUs (a BU's code
   * is not), made from the BU's code at the first save when none is given.
   */
  slug: z.string().trim().toLowerCase().min(2, 'validation.too_small').max(40, 'validation.too_big').regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.app_code_format').optional(),
  /**
   * E-mail domains whose people sign in here ("Sign in with your company"): never a public mail
   * provider's, and routed only once proved by a DNS TXT record (server/sso/domain-proof.ts).
   */
  domains: distinct(domain(), 20).default([]),
  /** OpenID Connect: the issuer (its discovery document), the client registered there, the scopes asked. */
  issuer_url: webUrl().optional().meta(of('oidc')),
  client_id: text(200).optional().meta(of('oidc')),
  client_secret: sealed(500).optional().meta(of('oidc')),
  scopes: text(200).default('openid email profile').meta(of('oidc')),
  /** SAML 2.0: the identity provider's metadata, by URL or as the file's text. */
  idp_metadata_url: webUrl().optional().meta(of('saml')),
  idp_metadata_xml: z.string().trim().max(200_000, 'validation.too_big').meta({ kind: 'textarea' }).optional().meta(of('saml')),
  /** Which claim (OIDC) or attribute (SAML) gives the username, e-mail, name and department. */
  claim_username: claimName().default('preferred_username'),
  claim_email: claimName().default('email'),
  claim_name: claimName().default('name'),
  claim_department: claimName().optional(),
  /** Just-in-time: a first sign-in of an unknown person creates their member and sub-account with this role. */
  jit_enabled: z.boolean().default(false),
  default_role_guid: optionalGuid(),
});

/** What the server keeps beside the form: the IdP's metadata as read, and the BU's own SAML signing key. */
export const authConfigInternal = z.object({
  idp_entity_id: z.string().nullable().optional(),
  idp_sso_url: z.string().nullable().optional(),
  idp_slo_url: z.string().nullable().optional(),
  idp_certs: z.array(z.string()).optional(),
  sp_certificate: z.string().nullable().optional(),
  sp_private_key: z.string().nullable().meta({ kind: 'sealed' }).optional(),
  /** Each claimed domain's token, published as its TXT record; and the domains whose record was found (server/sso/domain-proof.ts). */
  domain_tokens: z.record(z.string(), z.string()).optional(),
  verified_domains: z.array(z.string()).optional(),
});
