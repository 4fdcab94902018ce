import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/driver.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import { enqueueAppEvent } from '../events/app-events.ts';

/** What an installation is made of: the buyer's BU, who installed it, the store app, and the order that bought it (none for an operator's grant). */
export interface Installing {
  bu: string;
  by: string;
  app: { guid: string; name: string; icon: string | null };
  orderGuid: string | null;
  /** The scopes the buyer consented to (of those open for the app); all that are open when not named (a call that names none consents to what the app asks). */
  consented?: readonly string[];
}

/**
 * Installs a store app in a BU, once (the row is unique per BU and app): with the key the app names
 * this buyer by (Lark's `tenant_key`: random, opaque, never the BU's guid) and the scopes the buyer
 * grants it: those it consented to of the scopes open for the app as it is installed; the others wait
 * for its consent (`askConsent`). A tenant token for the buyer acts within the grant only
 * (server/auth/app-tokens.ts). Answers the new row's guid, or nothing when the BU had the app already.
 */
export const installStoreApp = async (tx: Queryable, { bu, by, app, orderGuid, consented }: Installing): Promise<string | undefined> => {
  const tenantKey = randomBytes(16).toString('hex');
  const open = await openScopes(tx, app.guid);
  const granted = consented ? open.filter((c) => consented.includes(c)) : open;
  const pending = open.filter((c) => !granted.includes(c));
  const { rows } = await tx.query<{ guid: string }>(
    `insert into installed_app (guid, bu_guid, created_by, app_guid, app_name, icon, order_guid, tenant_key, status, scopes, pending_scopes, needs_consent)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9::jsonb, $10::jsonb, $11)
     on conflict do nothing returning guid`,
    [randomUUID(), bu, by, app.guid, app.name, app.icon, orderGuid, tenantKey, JSON.stringify(granted), JSON.stringify(pending), pending.length > 0],
  );
  // The provider learns the buyer's key as a Lark app does: `app_open`, with who installed it.
  if (rows[0]) await enqueueAppEvent(tx, app.guid, bu, 'app_open', { tenant_key: tenantKey, installer: { open_id: by } });
  return rows[0]?.guid;
};

/** The scopes open for an app now (what installing it asks for), by code. */
export const openScopes = async (db: Queryable, appGuid: string) =>
  (await db.query<{ group_code: string }>('select group_code from app_scope where app_guid = $1 and status = $2 order by group_code', [appGuid, SCOPE.open])).rows.map((r) => r.group_code);

/**
 * After an app's open scopes change (a new version approved, an operator opening scopes): each
 * installation's scopes the app now asks for beyond what its buyer granted wait for the buyer's
 * consent ("needs your approval" on its enterprise apps page). The grant itself does not grow.
 */
export const askConsent = (tx: Queryable, appGuid: string) =>
  tx.query(
    `update installed_app i set pending_scopes = p.codes, needs_consent = jsonb_array_length(p.codes) > 0, updated_at = now()
       from (select i2.guid, coalesce((select jsonb_agg(s.group_code order by s.group_code) from app_scope s
                                        where s.app_guid = i2.app_guid and s.status = $2 and not (coalesce(i2.scopes, '[]'::jsonb) ? s.group_code)), '[]'::jsonb) as codes
               from installed_app i2 where i2.app_guid = $1) p
      where i.guid = p.guid`,
    [appGuid, SCOPE.open],
  );

/**
 * What follows an installation's removal, in its transaction: the BU's bindings of the app to its
 * projects go, and the provider hears `app_uninstalled` with the buyer's key. With the row goes the
 * grant: the app's tenant tokens for this BU are refused once the callers' cache hears of it (the
 * caller drops it after commit: server/rules/app.ts `forgetAppCallers`).
 */
export const uninstalled = async (tx: Queryable, row: { app_guid: string; bu_guid: string; tenant_key: string | null }) => {
  await tx.query('delete from app_project where bu_guid = $1 and app_guid = $2 and app_guid not in (select guid from app where bu_guid = $1)', [row.bu_guid, row.app_guid]);
  if (row.tenant_key) await enqueueAppEvent(tx, row.app_guid, row.bu_guid, 'app_uninstalled', { tenant_key: row.tenant_key });
};

/** Uninstalls it (an operator's call for a BU it names): the row goes, then `uninstalled`. */
export const uninstallStoreApp = async (tx: Queryable, guid: string) => {
  const { rows } = await tx.query<{ app_guid: string; bu_guid: string; tenant_key: string | null }>('delete from installed_app where guid = $1 returning app_guid, bu_guid, tenant_key', [guid]);
  if (rows[0]) await uninstalled(tx, rows[0]);
};
