import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { SUB_STATUS } from '../../schemas/sub-account.ts';
import type { SsoSettings } from './settings.ts';

/**
 * "Link my company sign-in" (docs/sso.md, "Accounts"): a signed-in account links the subject its
 * holder just proved at the BU's IdP, `linked_by = 'self'` — the only link that signs in an owner
 * or main account (server/sso/provision.ts `accountFor`). It is made when that account collects
 * the flow with its binding and the IdP's cookie, never at the IdP's answer alone: someone lured
 * through another's link flow links nothing. Any account of the BU may link its own subject; it
 * replaces the account's earlier links in the BU and changes nothing else of the account.
 */
export const linkSelf = (services: Services, s: SsoSettings, subject: { issuer: string; subject: string }, userGuid: string) =>
  services.db.transaction(async (tx) => {
    const user = (await tx.query<{ status: number }>('select u.status from users u join user_bu ub on ub.user_guid = u.guid and ub.bu_guid = $2 where u.guid = $1', [userGuid, s.bu_guid])).rows[0];
    if (!user) throw new Warning('server.sso.account_deleted', { company: s.bu_name });
    if (user.status !== SUB_STATUS.normal) throw new Warning('server.account_frozen');
    await tx.query('delete from sso_identity where bu_guid = $1 and user_guid = $2', [s.bu_guid, userGuid]);
    const { rows } = await tx.query(
      `insert into sso_identity (bu_guid, protocol, issuer, subject, user_guid, linked_by) values ($1, $2, $3, $4, $5, 'self')
        on conflict (bu_guid, protocol, issuer, subject) do nothing returning 1`,
      [s.bu_guid, s.protocol, subject.issuer, subject.subject, userGuid],
    );
    // Another account's already: the delete above rolls back with the refusal.
    if (!rows[0]) throw new Warning('server.sso.subject_taken', { company: s.bu_name });
  });

/** The account's link in the BU, newest first, for its personal settings; null when it has none. */
export const selfLinkOf = async (db: Queryable, buGuid: string, userGuid: string) =>
  (await db.query<{ issuer: string; protocol: 'oidc' | 'saml' }>(
    'select issuer, protocol from sso_identity where bu_guid = $1 and user_guid = $2 order by created_at desc limit 1',
    [buGuid, userGuid],
  )).rows[0] ?? null;

/** Unlinks the account's own company sign-in in the BU: the subject signs it in no more. */
export const unlinkSelf = async (db: Queryable, buGuid: string, userGuid: string) =>
  (await db.query('delete from sso_identity where bu_guid = $1 and user_guid = $2 returning 1', [buGuid, userGuid])).rows.length;
