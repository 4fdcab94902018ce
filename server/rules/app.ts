import { AUDIT } from '../../schemas/app-scope.ts';
import type { Rules } from '../engine/context.ts';
import { issueCredentials } from '../services/app-credentials.ts';

/** A new app gets its credentials in the same transaction; the create answer carries the secrets once. */
export const appRules: Rules = {
  async afterWrite(_ctx, tx, row, existing) {
    if (existing) return;
    Object.assign(row, await issueCredentials(tx, row.guid as string));
  },
  /**
   * A deleted app's tokens stop at once and its scopes, security and pending applications go with
   * it; decided applications and its call log stay as history (the log until its retention).
   */
  async afterDelete(_ctx, tx, rows) {
    const guids = rows.map((r) => r.guid as string);
    await tx.query('delete from app_token where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from app_scope where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from app_security where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from audit_record where app_guid = any($1::uuid[]) and status = $2', [guids, AUDIT.pending]);
  },
};
