import type { CallContext, Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { FetchFailure } from '../sso/guarded-fetch.ts';
import { newSpKeys, parseIdpMetadata } from '../sso/saml-metadata.ts';
import { sealContext } from '../sso/settings.ts';

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

/**
 * A BU's SSO configuration (docs/sso.md): the client secret sealed, and kept when the form sends
 * none; claimed domains in lower case and claimed by no other BU; SAML's IdP metadata read (by
 * URL or from its text) into what the sign-in checks, and the BU's own signing key made once;
 * and a set of login types that leaves its members a way in.
 */
export const authConfigRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    const bu = buOf(ctx, existing);
    if (typeof values.client_secret === 'string') {
      if (values.client_secret) values.client_secret = ctx.services.sealer.seal(values.client_secret, sealContext(bu, 'client_secret'));
      else delete values.client_secret;
    }
    if (Array.isArray(values.domains)) {
      const domains = [...new Set((values.domains as string[]).map((d) => d.toLowerCase()))];
      values.domains = domains;
      const taken = (await tx.query<{ d: string }>(`select d from sso_auth_config, jsonb_array_elements_text(domains) d where bu_guid <> $1 and d = any($2::text[]) limit 1`, [bu, domains])).rows[0];
      if (taken) throw new Warning('server.sso.domain_taken', { domain: taken.d }, [{ field: 'domains' }]);
    }
    const merged = { ...(existing ?? {}), ...values };
    const types = (merged.login_types as string[] | undefined) ?? ['password'];
    if (!types.includes('password') && !types.includes('email_code') && !(types.includes('sso') && merged.sso_enabled)) throw new Warning('server.sso.no_way_in', {}, [{ field: 'login_types' }]);
    if (merged.protocol !== 'saml') return;
    if ('idp_metadata_url' in values || 'idp_metadata_xml' in values || !existing?.idp_sso_url) {
      const url = merged.idp_metadata_url as string | undefined;
      const xml = url ? await fetchMetadata(ctx, url) : (merged.idp_metadata_xml as string | undefined);
      if (xml) Object.assign(values, parseIdpMetadata(xml));
    }
    if (!existing?.sp_certificate) {
      const keys = await newSpKeys(bu);
      values.sp_certificate = keys.sp_certificate;
      values.sp_private_key = ctx.services.sealer.seal(keys.sp_private_key, sealContext(bu, 'sp_private_key'));
    }
  },
};
