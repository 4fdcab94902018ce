import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';

/** A BU's SSO configuration as the sign-in uses it, its secrets opened. */
export interface SsoSettings {
  bu_guid: string;
  bu_name: string;
  sso_enabled: boolean;
  protocol: 'oidc' | 'saml';
  login_types: string[];
  issuer_url: string | null;
  client_id: string | null;
  client_secret: string | null;
  scopes: string;
  idp_metadata_url: string | null;
  idp_entity_id: string | null;
  idp_sso_url: string | null;
  idp_slo_url: string | null;
  idp_certs: string[];
  sp_certificate: string | null;
  sp_private_key: string | null;
  claim_username: string;
  claim_email: string;
  claim_name: string;
  claim_department: string | null;
  jit_enabled: boolean;
  default_role_guid: string | null;
  updated_at: string;
}

/** Where a sealed field of a BU's configuration is bound (server/services/sealer.ts). */
export const sealContext = (buGuid: string, field: string) => `sso_auth_config:${buGuid}:${field}`;

export const settingsOf = async (services: Services, buGuid: string): Promise<SsoSettings | null> => {
  const { rows } = await services.db.query<SsoSettings>(
    `select c.*, c.updated_at::text as updated_at, b.name as bu_name from sso_auth_config c join bu b on b.guid = c.bu_guid where c.bu_guid = $1 and b.status = 0`,
    [buGuid],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    idp_certs: row.idp_certs ?? [],
    client_secret: services.sealer.open(row.client_secret, sealContext(buGuid, 'client_secret')),
    sp_private_key: services.sealer.open(row.sp_private_key, sealContext(buGuid, 'sp_private_key')),
  };
};

/** SSO is offered when the BU switched it on and lists it among its login types. */
export const ssoOffered = (s: SsoSettings | null): s is SsoSettings => !!s && s.sso_enabled && s.login_types.includes('sso');

/**
 * The BU a person means by "Sign in with your company": an e-mail address or a domain the BU
 * claimed and proved (server/sso/domain-proof.ts), or the BU's sign-in slug. BU codes are not
 * unique, so a code alone finds nothing: the slug, made from it, is. One sentence when none matches.
 */
export const companyOf = async (db: Queryable, given: string): Promise<string> => {
  const text = given.trim().toLowerCase();
  const domain = text.includes('@') ? text.slice(text.lastIndexOf('@') + 1) : text.includes('.') ? text : null;
  const { rows } = domain
    ? await db.query<{ bu_guid: string }>('select bu_guid from sso_auth_config where verified_domains ? $1 limit 2', [domain])
    : await db.query<{ bu_guid: string }>('select bu_guid from sso_auth_config where slug = $1', [text]);
  if (rows.length !== 1) throw new Warning('server.sso.unknown_company');
  return rows[0].bu_guid;
};

/** A sign-in slug for a BU that has none: its code in lower case, with `-2`, `-3`… when another BU's SSO has it. */
export const freeSlug = async (db: Queryable, buGuid: string) => {
  const code = (await db.query<{ code: string | null }>('select code from bu where guid = $1', [buGuid])).rows[0]?.code ?? '';
  const cleaned = code.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 32);
  const base = cleaned.length >= 2 ? cleaned : `company${cleaned}`;
  const taken = new Set((await db.query<{ slug: string }>(`select slug from sso_auth_config where slug = $1 or slug like $1 || '-%'`, [base])).rows.map((r) => r.slug));
  for (let n = 1; ; n++) if (!taken.has(n === 1 ? base : `${base}-${n}`)) return n === 1 ? base : `${base}-${n}`;
};
