import { AUDIT } from '../../schemas/app-scope.ts';
import type { CallContext, Rules } from '../engine/context.ts';
import { issueCredentials } from '../services/app-credentials.ts';

/** A new app gets its credentials in the same transaction; the create answer carries the secrets once. */
/** Verified app tokens are cached (server/auth/app-tokens.ts): a change to what they carry drops them once it commits. */
export const forgetAppCallers = (ctx: CallContext) => ctx.afterCommit(async () => ctx.services.appTokens.forget());

export const appRules: Rules = {
  async afterWrite(ctx, tx, row, existing) {
    if (existing) return;
    Object.assign(row, await issueCredentials(tx, row.guid as string));
  },
  async afterTransition(ctx) {
    forgetAppCallers(ctx);
  },
  /**
   * A deleted app's tokens stop at once and its scopes, security and pending applications go with
   * it; decided applications and its call log stay as history (the log until its retention).
   */
  async afterDelete(ctx, tx, rows) {
    forgetAppCallers(ctx);
    const guids = rows.map((r) => r.guid as string);
    await tx.query('delete from app_token where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from app_scope where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from app_security where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from audit_record where app_guid = any($1::uuid[]) and status = $2', [guids, AUDIT.pending]);
  },
};

/** An app's whitelist travels with its verified tokens. */
export const appSecurityRules: Rules = {
  async afterWrite(ctx) {
    forgetAppCallers(ctx);
  },
  async afterDelete(ctx) {
    forgetAppCallers(ctx);
  },
};
