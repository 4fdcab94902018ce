import type { Services } from '../engine/context.ts';
import { oidcLogoutUrl } from './oidc.ts';
import { samlLogoutUrl } from './saml.ts';
import { settingsOf } from './settings.ts';

/**
 * Where to end the IdP's session too, for a session that began with a company sign-in: the OIDC
 * provider's end-session address (RP-initiated logout) or the SAML IdP's single-logout address.
 * Null when the session began otherwise, the IdP offers neither, or building the address fails:
 * the platform's own logout never depends on the IdP.
 */
export const idpLogoutUrl = async (services: Services, jti: string, onError: (e: unknown) => void): Promise<string | null> => {
  try {
    const row = (await services.db.query<{ bu_guid: string; protocol: string; hint: string }>('delete from sso_session where jti = $1 returning bu_guid, protocol, hint', [jti])).rows[0];
    const hint = row && services.sealer.open(row.hint, `sso_session:${jti}`);
    const s = row && hint ? await settingsOf(services, row.bu_guid) : null;
    if (!s || !hint || s.protocol !== row.protocol) return null;
    return s.protocol === 'oidc' ? await oidcLogoutUrl(services, s, hint) : await samlLogoutUrl(services, s, hint);
  } catch (e) {
    onError(e);
    return null;
  }
};
