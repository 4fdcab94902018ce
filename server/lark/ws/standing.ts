import { SCOPE } from '../../../schemas/app-scope.ts';
import type { Queryable } from '../../db/driver.ts';

/** What an app's long connection is opened under, and is closed once it changes (docs/lark.md, "Revocation"). */
export interface Standing {
  /** The stored digest of the app's secret: a reset changes it. */
  secret: string;
  /** Why the app may not hold a connection now (disabled, its BU disabled, on push); null when it may. */
  barred: 'app disabled' | 'BU disabled' | 'delivery switched to push' | null;
  /** The scopes opened for the app. */
  scopes: string[];
}

/** The standing of each app named that still exists, by guid. */
export const standingOf = async (db: Queryable, appGuids: readonly string[]) => {
  const { rows } = await db.query<{ guid: string; app_secret: string; status: number; bu_enabled: boolean; mode: string | null; scopes: string[] }>(
    `select a.guid, a.app_secret, a.status, (a.bu_guid is null or b.status = 0) as bu_enabled, c.delivery_mode as mode,
            array(select group_code from app_scope o where o.app_guid = a.guid and o.status = $2) as scopes
       from app a left join bu b on b.guid = a.bu_guid left join event_config c on c.app_guid = a.guid
      where a.guid = any($1::uuid[])`,
    [appGuids, SCOPE.open],
  );
  return new Map(rows.map((r): [string, Standing] => [r.guid, {
    secret: r.app_secret,
    barred: r.status !== 0 ? 'app disabled' : !r.bu_enabled ? 'BU disabled' : r.mode !== 'long_connection' ? 'delivery switched to push' : null,
    scopes: r.scopes,
  }]));
};

/** Why a connection opened under `then` must close now; null while it may stay. */
export const revokedBecause = (then: Standing, now: Standing | undefined) => {
  if (!now) return 'app deleted';
  if (now.barred) return now.barred;
  if (now.secret !== then.secret) return 'secret reset';
  const removed = then.scopes.filter((s) => !now.scopes.includes(s));
  return removed.length ? `scope removed: ${removed.join(', ')}` : null;
};
