import { Warning } from '../http/envelope.ts';
import type { Rules } from '../engine/context.ts';

/** What the store sells is store apps (type 0); a listing or classification naming another app is refused. */
export const storeAppRules: Rules = {
  async beforeWrite(ctx, tx, values) {
    if (!values.app_guid) return;
    const { rows } = await tx.query<{ type: number }>('select type from app where guid = $1', [values.app_guid]);
    if (rows[0] && rows[0].type !== 0) throw new Warning('server.not_store_app', {}, { field: 'app_guid' });
  },
};
