import type { Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';

/**
 * The platform keeps at least one enabled operator who holds an enabled super management role,
 * so nobody can lock every operator out for good (freezing the last one, taking their role,
 * deleting them, or disabling, demoting or deleting the role). Checked after the change, inside
 * its transaction, so whichever write would break it is rolled back.
 */
export const assertSuperOperatorLeft = async (tx: Queryable) => {
  const { rows } = await tx.query(
    `select 1 from users u
      where u.user_type = 0 and u.status = 0
        and exists (select 1 from role r where r.bu_guid is null and r.type = 0 and r.status = 0 and u.role_guids ? r.guid::text)
      limit 1`,
  );
  if (!rows[0]) throw new Warning('server.last_super_operator');
};
