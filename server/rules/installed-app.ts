import type { Rules } from '../engine/context.ts';
import { uninstalled } from '../services/installations.ts';
import { forgetAppCallers } from './app.ts';
import { enqueueAppEvent } from '../events/app-events.ts';

/** A BU's own hand on a store app it installed, from its enterprise apps page: stop, restart, uninstall (as an operator's uninstall does: server/services/installations.ts). */
export const installedAppRules: Rules = {
  /** Stopped or restarted by the buyer: its tenant tokens pause or resume at once, and the provider hears which (Lark's `app_status_change`). */
  async afterTransition(ctx, tx, row) {
    forgetAppCallers(ctx);
    if (row.tenant_key) {
      await enqueueAppEvent(tx, row.app_guid as string, row.bu_guid as string, 'app_status_change', {
        tenant_key: row.tenant_key, status: row.status === 0 ? 'start_by_tenant' : 'stop_by_tenant', operator: { open_id: ctx.caller?.userGuid ?? null },
      });
    }
  },
  async afterDelete(ctx, tx, rows) {
    for (const row of rows) await uninstalled(tx, row as { app_guid: string; bu_guid: string; tenant_key: string | null });
    forgetAppCallers(ctx);
  },
};
