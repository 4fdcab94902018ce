import type { CallContext, Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { FetchFailure } from '../sso/guarded-fetch.ts';
import { newSpKeys, parseIdpMetadata } from '../sso/saml-metadata.ts';
import type { Queryable } from '../db/driver.ts';
import { duplicateOf } from '../engine/verbs.ts';
import { isPublicMailDomain, newDomainToken } from '../sso/domain-proof.ts';
import { freeSlug, sealContext } from '../sso/settings.ts';

/** The BU a save writes: the row's, the caller's current one, or (operators) the one the body names. */
const buOf = (ctx: CallContext, existing?: Record<string, unknown>) =>
  String(existing?.bu_guid ?? (ctx.mount.scope === 'oversight' ? ctx.input.bu_guid : ctx.caller?.buGuid));

/** An IdP's metadata by URL, through the SSRF filter; its failure is a sentence naming the address. */
export const fetchMetadata = async (ctx: CallContext, url: string) => {
  try {
    const res = await ctx.services.idpFetch(url);
    if (!res.ok) throw new Warning('server.sso.fetch.status', { url, status: res.status });
    return await res.text();
  } catch (e) {
    if (e instanceof FetchFailure) throw new Warning(`server.sso.fetch.${e.reason}`, { url });
    throw e;
  }
};

/** Whether a save changes a field (one it does not name stays as it is). */
const changes = (values: Record<string, unknown>, existing: Record<string, unknown> | undefined, field: string) =>
  !!existing && field in values && (values[field] ?? null) !== (existing[field] ?? null);

/**
 * Changing the IdP unlinks every account linked through the old one (docs/sso.md, "Accounts"):
 * another IdP may name the same subjects. Said on the form before saving; written to the
 * operation log once the save committed.
 */
const unlinkAll = async (ctx: CallContext, tx: Queryable, bu: string, protocol: 'oidc' | 'saml') => {
  const { rows } = await tx.query<{ n: number }>('with gone as (delete from sso_identity where bu_guid = $1 and protocol = $2 returning 1) select count(*)::int as n from gone', [bu, protocol]);
  if (!rows[0]?.n) return;
  const path = ctx.req?.url.split('?')[0] ?? '';
  ctx.afterCommit(async () =>
    ctx.services.audit.operation({ resource: ctx.def.name, action: 'delete', path, caller: ctx.caller, input: { sso_identity: rows[0].n }, result: { bu_guid: bu }, ip: ctx.req?.ip ?? '' }),
  );
};

/** Claimed domains in lower case: no public mail provider's, none another BU proved; each with its proof token, proofs of dropped ones gone. */
const claimDomains = async (tx: Queryable, bu: string, values: Record<string, unknown>, existing?: Record<string, unknown>) => {
  const domains = [...new Set((values.domains as string[]).map((d) => d.toLowerCase()))];
  values.domains = domains;
  const publicOne = domains.find(isPublicMailDomain);
  if (publicOne) throw new Warning('server.sso.public_domain', { domain: publicOne }, [{ field: 'domains' }]);
  const taken = (await tx.query<{ d: string }>(`select d from sso_auth_config, jsonb_array_elements_text(verified_domains) d where bu_guid <> $1 and d = any($2::text[]) limit 1`, [bu, domains])).rows[0];
  if (taken) throw new Warning('server.sso.domain_taken', { domain: taken.d }, [{ field: 'domains' }]);
  const tokens = (existing?.domain_tokens ?? {}) as Record<string, string>;
  values.domain_tokens = Object.fromEntries(domains.map((d) => [d, tokens[d] ?? newDomainToken()]));
  values.verified_domains = ((existing?.verified_domains ?? []) as string[]).filter((d) => domains.includes(d));
};

/**
 * Switching password sign-in off ends the password sessions of the BU's members (docs/sso.md):
 * owners keep theirs (break-glass), as do members who own a BU of their own (their password is
 * their home BU's to allow), and sessions begun by this BU's company sign-in. Every instance
 * forgets its cached callers once the change committed.
 */
const endPasswordSessions = async (ctx: CallContext, tx: Queryable, bu: string) => {
  await tx.query(
    `update session s set revoked_at = now()
      where s.revoked_at is null and s.expires_at > now()
        and s.user_guid in (select ub.user_guid from user_bu ub where ub.bu_guid = $1 and not ub.is_owner
                              and not exists (select 1 from user_bu o where o.user_guid = ub.user_guid and o.is_owner))
        and not exists (select 1 from sso_session x where x.jti = s.jti and x.bu_guid = $1)`,
    [bu],
  );
  ctx.afterCommit(async () => ctx.services.callers.invalidate());
};

/**
 * A BU's SSO configuration (docs/sso.md): the client secret sealed, kept when the form sends none
 * and cleared when the issuer or client changes; a sign-in slug unique across BUs; claimed
 * domains in lower case, public mail providers' refused, each to be proved by DNS; SAML's IdP
 * metadata read (by URL or from its text) into what the sign-in checks, and the BU's own signing
 * key made once; a changed IdP unlinks its accounts; a set of login types that leaves its members
 * a way in, and without passwords, no member's password session left.
 */
export const authConfigRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const bu = buOf(ctx, existing);
    if (typeof values.client_secret === 'string') {
      if (values.client_secret) values.client_secret = ctx.services.sealer.seal(values.client_secret, sealContext(bu, 'client_secret'));
      else delete values.client_secret;
    }
    // A secret was given to one issuer for one client: never sent to another (the form asks for it again).
    const oidcMoved = changes(values, existing, 'issuer_url') || changes(values, existing, 'client_id');
    if (oidcMoved && !('client_secret' in values)) values.client_secret = null;
    if (typeof values.slug === 'string' && values.slug !== existing?.slug) {
      if ((await tx.query('select 1 from sso_auth_config where slug = $1 and bu_guid <> $2', [values.slug, bu])).rows[0]) throw duplicateOf(ctx.lang, 'auth-config', ['slug']);
    } else if (!values.slug && !existing?.slug) values.slug = await freeSlug(tx, bu);
    if (Array.isArray(values.domains)) await claimDomains(tx, bu, values, existing);
    const merged = { ...(existing ?? {}), ...values };
    const types = (merged.login_types as string[] | undefined) ?? ['password'];
    if (!types.includes('password') && !types.includes('email_code') && !(types.includes('sso') && merged.sso_enabled)) throw new Warning('server.sso.no_way_in', {}, [{ field: 'login_types' }]);
    if (oidcMoved) await unlinkAll(ctx, tx, bu, 'oidc');
    const samlMoved = changes(values, existing, 'idp_metadata_url') || changes(values, existing, 'idp_metadata_xml');
    if (merged.protocol === 'saml') {
      if ('idp_metadata_url' in values || 'idp_metadata_xml' in values || !existing?.idp_sso_url) {
        const url = merged.idp_metadata_url as string | undefined;
        const xml = url ? await fetchMetadata(ctx, url) : (merged.idp_metadata_xml as string | undefined);
        if (xml) Object.assign(values, await parseIdpMetadata(xml));
      }
      if (!existing?.sp_certificate) {
        const keys = await newSpKeys(bu);
        values.sp_certificate = keys.sp_certificate;
        values.sp_private_key = ctx.services.sealer.seal(keys.sp_private_key, sealContext(bu, 'sp_private_key'));
      }
    }
    if (samlMoved || changes(values, existing, 'idp_entity_id')) await unlinkAll(ctx, tx, bu, 'saml');
  },

  async afterWrite(ctx, tx, saved, existing) {
    const before = (existing?.login_types as string[] | undefined) ?? ['password'];
    if (before.includes('password') && !(saved.login_types as string[]).includes('password')) await endPasswordSessions(ctx, tx, String(saved.bu_guid));
  },
};
