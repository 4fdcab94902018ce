import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';

/**
 * A platform session begun by a company sign-in (docs/sso.md, "Signing in and out"): the BU whose
 * IdP vouched for it, the only BU it may reach, and what ending the IdP's session needs (sealed:
 * an ID token, or a SAML NameID and session index; read once at logout, server/sso/logout.ts).
 */
export const recordSsoSession = (services: Services, jti: string, buGuid: string, protocol: string, hint: string) =>
  services.db.query('insert into sso_session (jti, bu_guid, protocol, hint) values ($1, $2, $3, $4)', [jti, buGuid, protocol, services.sealer.seal(hint, `sso_session:${jti}`)]);

/** The BU a session is bound to because a company sign-in began it; null for any other session. */
export const ssoBoundBu = async (db: Queryable, jti: string) =>
  (await db.query<{ bu_guid: string }>('select bu_guid from sso_session where jti = $1', [jti])).rows[0]?.bu_guid ?? null;
