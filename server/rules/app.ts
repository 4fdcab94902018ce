import { USER_TYPE } from '../auth/caller.ts';
import { AUDIT } from '../../schemas/app-scope.ts';
import { DELIVERY } from '../../schemas/event.ts';
import type { CallContext, Rules } from '../engine/context.ts';
import { issueCredentials } from '../services/app-credentials.ts';

/** Verified app tokens are cached (server/auth/app-tokens.ts): a change to what they carry drops them once it commits. */
export const forgetAppCallers = (ctx: CallContext) => ctx.afterCommit(async () => ctx.services.appTokens.forget());

export const appRules: Rules = {
  /** A new app gets its credentials in the same transaction; the create answer carries the secrets once. */
  async afterWrite(ctx, tx, row, existing) {
    if (existing) return;
    Object.assign(row, await issueCredentials(tx, row.guid as string));
  },
  async afterTransition(ctx, tx, row) {
    forgetAppCallers(ctx);
    await ctx.services.events.emit(ctx, tx, { type: 'application.app.status_changed_v1', appGuid: row.guid as string, event: { app_id: row.app_id, status: row.status } });
  },
  /**
   * A deleted app's tokens stop at once and its scopes, security, pending applications, event
   * endpoint, subscriptions and undelivered events go with it; decided applications, its call log
   * and its push attempts stay as history (the logs until their retention).
   */
  async afterDelete(ctx, tx, rows) {
    forgetAppCallers(ctx);
    const guids = rows.map((r) => r.guid as string);
    await tx.query('delete from app_token where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from app_scope where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from app_security where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from audit_record where app_guid = any($1::uuid[]) and status = $2', [guids, AUDIT.pending]);
    await tx.query('delete from event_config where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from event_rel where app_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from event_message where app_guid = any($1::uuid[]) and state = $2', [guids, DELIVERY.pending]);
  },
};

/** An app's whitelist travels with its verified tokens. */
export const appSecurityRules: Rules = {
  /** Turning an app's sign-in with the platform off or on is the operators' alone, and a save that does not name it keeps it. */
  async beforeWrite(ctx, _tx, values, existing) {
    const kept = Boolean(existing?.oauth_disabled ?? false);
    if (ctx.caller?.userType !== USER_TYPE.operator || !('oauth_disabled' in ctx.input)) values.oauth_disabled = kept;
  },
  async afterWrite(ctx) {
    forgetAppCallers(ctx);
  },
  async afterDelete(ctx) {
    forgetAppCallers(ctx);
  },
};
