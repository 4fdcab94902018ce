import type { Rules } from '../engine/context.ts';
import { issueCredentials } from '../services/app-credentials.ts';

/** A new app gets its credentials in the same transaction; the create answer carries the secrets once. */
export const appRules: Rules = {
  async afterWrite(_ctx, tx, row, existing) {
    if (existing) return;
    Object.assign(row, await issueCredentials(tx, row.guid as string));
  },
};
