import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import type { CallContext } from '../engine/context.ts';
import { one } from '../engine/verbs.ts';
import { withinOf } from '../engine/relations.ts';
import { named } from '../engine/named.ts';
import type { Mount } from '../../resources/types.ts';
import { Warning } from '../http/envelope.ts';
import { fetchMetadata } from '../rules/sso.ts';
import { discover, oidcCallbackUrl, oidcLogoutReturnUrl } from '../sso/oidc.ts';
import { parseIdpMetadata } from '../sso/saml-metadata.ts';
import { spUrls } from '../sso/saml.ts';
import { domainProved, proofRecord } from '../sso/domain-proof.ts';
import { settingsOf } from '../sso/settings.ts';
import { domain } from '../../schemas/tenant-common.ts';

const buInput = z.object({ bu_guid: z.uuid('validation.guid_format') });

/** The BU a call is about: the caller's current one, or (operators, through bu-management's `within` mount) the one the body names, which must exist. */
const buOf = async (ctx: CallContext) => (await withinOf(ctx)) ?? ctx.caller!.buGuid!;

/**
 * The addresses the BU's identity provider must know, made from the configured public URL (never a
 * request's headers) and the BU's guid, so the form shows them before the first save: OIDC's
 * redirect and post-logout URIs, SAML's entity ID (its metadata URL), ACS and logout URLs.
 */
const idpAddresses = (ctx: CallContext, bu: string) => {
  const saml = spUrls(ctx.services, bu);
  return {
    oidc: { redirect_uri: oidcCallbackUrl(ctx.services), logout_uri: oidcLogoutReturnUrl(ctx.services) },
    saml: { entity_id: saml.entityId, acs: saml.acs, slo: saml.slo },
  };
};

/**
 * The configuration as the form reads it: never a secret or a private key, only whether one is
 * set; how many accounts are linked through each protocol's IdP, which the form names before
 * a save that changes the IdP unlinks them (server/rules/sso.ts); and the addresses to register at
 * the IdP (`idp_addresses`), answered before the first save too (`one` answers the defaults then).
 */
export const ssoConfigInfo = async (ctx: CallContext) => {
  const bu = await buOf(ctx);
  const row = (await one(ctx)) as Record<string, unknown> | null;
  const { rows } = await ctx.services.db.query<{ client_secret_set: boolean }>('select client_secret is not null as client_secret_set from sso_auth_config where bu_guid = $1', [bu]);
  const linked = (await ctx.services.db.query<{ protocol: string; n: number }>('select protocol, count(*)::int as n from sso_identity where bu_guid = $1 group by protocol', [bu])).rows;
  const linkedOf = (p: string) => linked.find((r) => r.protocol === p)?.n ?? 0;
  return row && { ...row, client_secret_set: !!rows[0]?.client_secret_set, linked_accounts: { oidc: linkedOf('oidc'), saml: linkedOf('saml') }, idp_addresses: idpAddresses(ctx, bu) };
};

const verifyInput = (mount: Mount) => (mount.within ? buInput : z.object({})).extend({ domain: domain() });

/**
 * "Verify" of a claimed domain (docs/sso.md): its TXT record looked up through the configured
 * DNS servers; once found, the domain routes "Sign in with your company" here. A domain another
 * BU proved first stays that BU's.
 */
export const ssoVerifyDomain = named({ input: verifyInput, output: z.object({ domain: z.string(), verified: z.boolean() }) }, async (ctx, body) => {
  const bu = await buOf(ctx);
  const name = body.domain.toLowerCase();
  const row = (await ctx.services.db.query<{ domain_tokens: Record<string, string> | null }>('select domain_tokens from sso_auth_config where bu_guid = $1', [bu])).rows[0];
  const token = row?.domain_tokens?.[name];
  if (!token) throw new Warning('server.sso.domain_not_claimed', { domain: name }, [{ field: 'domain' }]);
  if (!(await domainProved(ctx.services.domainTxt, name, token))) throw new Warning('server.sso.domain_unproved', proofRecord(name, token), [{ field: 'domain' }]);
  await ctx.services.db.transaction(async (tx) => {
    if ((await tx.query('select 1 from sso_auth_config where bu_guid <> $1 and verified_domains ? $2', [bu, name])).rows[0]) throw new Warning('server.sso.domain_taken', { domain: name }, [{ field: 'domain' }]);
    await tx.query(
      `update sso_auth_config set verified_domains = coalesce(verified_domains, '[]'::jsonb) || jsonb_build_array($2::text), updated_at = now()
        where bu_guid = $1 and domain_tokens ->> $2 = $3 and not coalesce(verified_domains, '[]'::jsonb) ? $2`,
      [bu, name, token],
    );
  });
  return { domain: name, verified: true };
});

interface CheckItem {
  label: string;
  value: string;
  /** Offered with a copy button: an address to register at the IdP. */
  copy?: boolean;
}

/**
 * "Test connection" (docs/sso.md): the saved configuration checked live — OIDC discovery and the
 * provider's signing keys, or SAML metadata and its certificates — with the addresses to register
 * at the IdP. Answers `{ ok, message, items }`; what is wrong is a sentence, never an error.
 */
const testAnswer = z.object({
  ok: z.boolean(),
  message: z.string().describe('What the check found, as a sentence'),
  items: z.array(z.object({ label: z.string(), value: z.string(), copy: z.boolean().optional().describe('An address to register at the IdP') })),
});
/** An operator names the BU it tests; a tenant tests its own. */
const testInput = (mount: Mount) => (mount.within ? buInput : z.object({}));

export const ssoTest = named({ input: testInput, output: testAnswer }, async (ctx) => {
  const bu = await buOf(ctx);
  const s = await settingsOf(ctx.services, bu);
  const t = (key: string, params?: Record<string, unknown>) => translate(ctx.lang, `server.sso.check.${key}`, params);
  const items: CheckItem[] = [];
  if (!s || (s.protocol === 'oidc' ? !s.issuer_url || !s.client_id : !s.idp_sso_url && !s.idp_metadata_url)) return { ok: false, message: translate(ctx.lang, 'server.sso.not_configured'), items };
  try {
    if (s.protocol === 'oidc') {
      items.push({ label: t('redirect_uri'), value: oidcCallbackUrl(ctx.services), copy: true }, { label: t('logout_uri'), value: oidcLogoutReturnUrl(ctx.services), copy: true });
      const config = await discover(ctx.services, s);
      const meta = config.serverMetadata();
      const jwks = meta.jwks_uri ? ((await (await ctx.services.idpFetch(meta.jwks_uri)).json()) as { keys?: unknown[] }) : { keys: [] };
      if (!jwks.keys?.length) throw new Warning('server.sso.check.no_keys', { url: meta.jwks_uri ?? '' });
      items.push({ label: t('issuer'), value: meta.issuer }, { label: t('keys'), value: String(jwks.keys.length) }, { label: t('client_secret'), value: t(s.client_secret ? 'set' : 'not_set') });
      if (!meta.end_session_endpoint) items.push({ label: t('logout'), value: t('no_logout') });
      // Cleared when the issuer or client changed (server/rules/sso.ts): the form asks for it again.
      if (!s.client_secret) return { ok: false, message: t('secret_missing'), items };
    } else {
      const urls = spUrls(ctx.services, bu);
      items.push({ label: t('entity_id'), value: urls.entityId, copy: true }, { label: t('acs'), value: urls.acs, copy: true }, { label: t('slo'), value: urls.slo, copy: true });
      const meta = s.idp_metadata_url ? await parseIdpMetadata(await fetchMetadata(ctx, s.idp_metadata_url)) : { idp_entity_id: s.idp_entity_id ?? '', idp_sso_url: s.idp_sso_url!, idp_slo_url: s.idp_slo_url, idp_certs: s.idp_certs };
      items.push({ label: t('idp_entity_id'), value: meta.idp_entity_id }, { label: t('idp_sso_url'), value: meta.idp_sso_url }, { label: t('certificates'), value: String(meta.idp_certs.length) });
      if (!meta.idp_slo_url) items.push({ label: t('logout'), value: t('no_logout') });
    }
    return { ok: true, message: t(`ok_${s.protocol}`), items };
  } catch (e) {
    if (!(e instanceof Warning)) throw e;
    return { ok: false, message: translate(ctx.lang, e.key, e.params), items };
  }
});
