import { AUDIT, SCOPE } from '../../schemas/app-scope.ts';
import type { Rules } from '../engine/context.ts';
import { scopesChanged, setScopes } from '../services/app-scopes.ts';
import { notify } from '../services/messages.ts';
import { routeApplication, withdrawRuns } from '../services/processes.ts';
import { forgetAppCallers } from './app.ts';

/** A decision opens the scopes (passed) or returns those under review to not opened (not passed, withdrawn). */
export const auditRules: Rules = {
  async afterTransition(ctx, tx, row) {
    forgetAppCallers(ctx);
    const codes = row.group_codes as string[];
    if (row.status === AUDIT.passed) {
      await setScopes(tx, row.app_guid as string, codes, SCOPE.open, [SCOPE.closed, SCOPE.review]);
      await scopesChanged(ctx, tx, row.app_guid as string);
    }
    if (row.status === AUDIT.rejected) await setScopes(tx, row.app_guid as string, codes, SCOPE.closed, [SCOPE.review]);
    // The BU hears of the platform's decision, in its app messages.
    if (ctx.mount.side === 'operator' && (row.status === AUDIT.passed || row.status === AUDIT.rejected)) {
      const app = (await tx.query<{ name: string }>('select name from app where guid = $1', [row.app_guid])).rows[0];
      await notify.app(tx, row.bu_guid as string, row.app_guid as string, {
        key: row.status === AUDIT.passed ? 'audit_passed' : 'audit_rejected',
        params: { app: app?.name ?? '', scopes: codes.join(', '), remark: (row.remark as string | null) ?? '' },
        link: `/business/app/${row.app_guid}/permission`,
      });
    }
    // Submitted again: its scopes that are still not opened go back under review, through the BU's process if it has one.
    if (row.status === AUDIT.pending) {
      await setScopes(tx, row.app_guid as string, codes, SCOPE.review, [SCOPE.closed]);
      const routed = ctx.mount.side !== 'operator' && (await routeApplication(tx, { buGuid: row.bu_guid as string, guid: row.guid as string, appGuid: row.app_guid as string, codes, by: ctx.caller!.userGuid }));
      // The answer is the row as it now stands.
      if (routed) row.status = AUDIT.bu_review;
    }
    if (row.status === AUDIT.rejected) await withdrawRuns(tx, row.guid as string);
  },
};

