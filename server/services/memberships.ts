import type { Queryable } from '../db/driver.ts';

/** The BUs a user belongs to, owned ones first, then by joining order. */
export const membershipsOf = async (db: Queryable, userGuid: string) =>
  (await db.query<{ bu_guid: string; is_owner: boolean; status: number | null }>(
    'select ub.bu_guid, ub.is_owner, b.status from user_bu ub left join bu b on b.guid = ub.bu_guid where ub.user_guid = $1 order by ub.is_owner desc, ub.created_at, ub.bu_guid',
    [userGuid],
  )).rows;

/** Sub-accounts belong to one BU: their users.role_guids mirror that membership's roles for lists. */
export const syncUserRoles = (tx: Queryable, buGuid: string) =>
  tx.query(`update users u set role_guids = ub.role_guids from user_bu ub where ub.user_guid = u.guid and ub.bu_guid = $1 and u.user_type = 2 and u.bu_guid = $1`, [buGuid]);

