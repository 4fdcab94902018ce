import { z } from 'zod';
import type { CallContext, Rules } from '../engine/context.ts';
import { findOne } from '../engine/verbs.ts';
import { parseOrWarn } from '../http/validation.ts';
import { issueCredentials, resetSecret } from '../services/app-credentials.ts';

/** A new app gets its credentials in the same transaction; the create answer carries the secrets once. */
export const appRules: Rules = {
  async afterWrite(_ctx, tx, row, existing) {
    if (existing) return;
    Object.assign(row, await issueCredentials(tx, row.guid as string));
  },
};

const one = z.object({ guid: z.uuid('validation.guid_format') });

/** `reset-secret`: a new secret for an app of the caller's BU, answered once. */
export const appResetSecret = async (ctx: CallContext) => {
  const { guid } = parseOrWarn(ctx.lang, one, ctx.input, 'app');
  return ctx.services.db.transaction(async (tx) => {
    const app = await findOne(ctx, guid, tx);
    return { guid, app_id: app.app_id, app_secret: await resetSecret(tx, guid) };
  });
};
