import type { Rules } from '../engine/context.ts';
import { uninstalled } from '../services/installations.ts';
import { forgetAppCallers } from './app.ts';

/** A BU uninstalling a store app from its enterprise apps page: what an operator's uninstall does (server/services/installations.ts). */
export const installedAppRules: Rules = {
  async afterDelete(ctx, tx, rows) {
    for (const row of rows) await uninstalled(tx, row as { app_guid: string; bu_guid: string; tenant_key: string | null });
    forgetAppCallers(ctx);
  },
};
