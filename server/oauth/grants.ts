import type { Queryable } from '../db/driver.ts';

/** Ends a grant and every code and token issued under it (server/oauth/adapter.ts keeps them by `grant_id`). */
export const revokeGrant = (tx: Queryable, grantId: string) =>
  tx.query("delete from oidc_model where grant_id = $1 or (kind = 'Grant' and id = $1)", [grantId]);
