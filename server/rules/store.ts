import { Warning } from '../http/envelope.ts';
import type { Rules } from '../engine/context.ts';
import { VERSION } from '../../schemas/app-version.ts';

/** What the store sells is store apps (type 0), a provider's once reviewed; a listing or classification naming another app is refused. */
export const storeAppRules: Rules = {
  async beforeWrite(ctx, tx, values) {
    if (!values.app_guid) return;
    const { rows } = await tx.query<{ type: number; approved: boolean }>(
      `select a.type, (a.bu_guid is null or exists (select 1 from app_version v where v.app_guid = a.guid and v.status = any($2::smallint[]))) as approved from app a where a.guid = $1`,
      [values.app_guid, [VERSION.listed, VERSION.delisted]],
    );
    // A service provider's app comes into the store by review (server/services/store-publish.ts), not by store staff alone.
    if (rows[0] && (rows[0].type !== 0 || !rows[0].approved)) throw new Warning('server.not_store_app', {}, { field: 'app_guid' });
  },
};
