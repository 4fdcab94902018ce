import { translate } from '../../i18n/index.ts';
import type { Rules } from '../engine/context.ts';
import { ownerBuOf } from '../engine/relations.ts';
import { Warning } from '../http/envelope.ts';

/**
 * An app bound to a BU's projects is the BU's own app or a store app installed in the BU (its
 * projects are checked by the definition's `references`, within the same BU).
 */
export const appProjectRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    if (values.app_guid === undefined) return;
    const bu = ownerBuOf(ctx, existing);
    const { rows } = await tx.query(
      `select 1 from app a where a.guid = $1 and (a.bu_guid = $2 or (a.bu_guid is null and exists (select 1 from installed_app i where i.app_guid = a.guid and i.bu_guid = $2)))`,
      [values.app_guid, bu ?? null],
    );
    if (!rows[0]) {
      const field = translate(ctx.lang, 'resources.app-project.fields.app_guid');
      throw new Warning('server.reference_not_found', { field }, { field: 'app_guid' });
    }
  },
};
