import { translate } from '../../i18n/index.ts';
import type { Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { STORE_APP_TYPE } from '../../schemas/app.ts';
import { VERSION } from '../../schemas/app-version.ts';
import { publishVersion, setListed } from '../services/store-publish.ts';
import { forgetAppCallers } from './app.ts';

/** What the provider may still change: a draft, or a version the reviewer sent back. */
const EDITABLE: readonly number[] = [VERSION.draft, VERSION.rejected];

/** A service provider's store app versions and their review (resources/app-version.ts). */
export const appVersionRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    if (existing && !EDITABLE.includes(existing.status as number)) throw new Warning('server.version_locked');
    if (!existing) values.status = VERSION.draft;
    const app = values.app_guid ?? existing?.app_guid;
    const { rows } = await tx.query<{ type: number }>('select type from app where guid = $1', [app]);
    if (rows[0] && rows[0].type !== STORE_APP_TYPE) throw new Warning('server.version_not_store_app', {}, { field: 'app_guid' });
    if (Array.isArray(values.scope_guids) && values.scope_guids.length) {
      const { rows: off } = await tx.query('select 1 from api_group where guid = any($1::uuid[]) and status <> 0', [values.scope_guids]);
      if (off.length) throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'resources.app-version.fields.scope_guids') }, { field: 'scope_guids' });
    }
  },
  // A version not yet decided may be discarded (in review too: the queue loses it); a decided one is the store's history.
  async beforeDelete(ctx, tx, rows) {
    if (rows.some((r) => ![...EDITABLE, VERSION.review].includes(r.status as number))) throw new Warning('server.version_locked');
  },
  async beforeTransition(ctx, tx, to, existing) {
    // One version of an app waits for review at a time: the reviewer compares it with what is live.
    if (to === VERSION.review) {
      const { rows } = await tx.query('select 1 from app_version where app_guid = $1 and status = $2 and guid <> $3', [existing.app_guid, VERSION.review, existing.guid]);
      if (rows.length) throw new Warning('server.version_in_review');
    }
  },
  async afterTransition(ctx, tx, row, existing) {
    // Submitting is dated, and so is each decision; a withdrawn version is a draft again, undecided.
    const stamp = row.status === VERSION.review ? 'submitted_at' : row.status === VERSION.draft ? undefined : 'reviewed_at';
    if (stamp) {
      const { rows } = await tx.query(`update app_version set ${stamp} = now() where guid = $1 returning ${stamp}`, [row.guid]);
      row[stamp] = rows[0][stamp];
    }
    const app = row.app_guid as string;
    if (row.status === VERSION.listed && existing.status === VERSION.review) {
      await publishVersion(tx, row);
      // Its scopes changed: tokens answer the new set from their next call.
      forgetAppCallers(ctx);
    } else if (row.status === VERSION.listed || row.status === VERSION.delisted) {
      await setListed(tx, app, row.status === VERSION.listed);
    }
  },
};
