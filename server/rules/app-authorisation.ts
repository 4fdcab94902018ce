import type { Rules } from '../engine/context.ts';
import { revokeGrant } from '../oauth/grants.ts';
import { forgetAppCallers } from './app.ts';

/** Revoked by the person or their BU's administrator: the grant and its tokens go in the same transaction, and every instance forgets the tokens it admitted. */
export const appAuthorisationRules: Rules = {
  async beforeDelete(ctx, tx, rows) {
    // The grant's id is never answered, so the rows handed here lack it: read it by their guids.
    const { rows: grants } = await tx.query<{ grant_id: string }>('select grant_id from app_authorisation where guid = any($1::uuid[])', [rows.map((r) => r.guid)]);
    for (const { grant_id } of grants) await revokeGrant(tx, grant_id);
    forgetAppCallers(ctx);
  },
};
