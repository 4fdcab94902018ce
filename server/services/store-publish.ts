import type { Queryable } from '../db/driver.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import { VERSION } from '../../schemas/app-version.ts';
import { translationColumns } from '../../schemas/translated.ts';
import { askConsent } from './installations.ts';
import { setScopes } from './app-scopes.ts';

/** The codes of the enabled scopes a version names by guid, in code order. */
export const scopeCodes = async (db: Queryable, guids: readonly string[]) =>
  (await db.query<{ code: string }>('select code from api_group where guid = any($1::uuid[]) and status = 0 order by code', [guids])).rows.map((r) => r.code);

/** The texts a version replaces: their other languages' columns, written by store staff for the text before, go with it. */
const STALE = translationColumns(['summary', 'description']);

/**
 * An approved version becomes the store's: the app's listing (listed, in the provider BU's name,
 * keeping the labels and order store staff gave it), its places in the classifications wished for,
 * and exactly its scopes open for the app — what buyers are asked to consent to from now on. The
 * version listed before it is replaced. Installed buyers keep the grant they consented to; scopes
 * beyond it wait for their consent (docs/store.md, "Service providers").
 */
export const publishVersion = async (tx: Queryable, v: Record<string, unknown>) => {
  const app = v.app_guid as string;
  const provider = (await tx.query<{ name: string }>('select b.name from app a join bu b on b.guid = a.bu_guid where a.guid = $1', [app])).rows[0]?.name ?? null;
  await tx.query(
    `insert into app_listing (guid, app_guid, summary, description, screenshots, price, cycle, provider, status, label_guids, sort)
     values (gen_random_uuid(), $1, $2, $3, $4::jsonb, $5, $6, $7, 0, '[]'::jsonb, 0)
     on conflict (app_guid) do update set summary = excluded.summary, description = excluded.description, screenshots = excluded.screenshots,
       price = excluded.price, cycle = excluded.cycle, provider = excluded.provider, status = 0, updated_at = now(),
       ${STALE.map((c) => `${c} = null`).join(', ')}`,
    [app, v.summary, v.description ?? null, JSON.stringify(v.screenshots ?? []), v.price, v.cycle, provider],
  );
  await tx.query(
    `insert into app_classify_app (guid, classify_guid, app_guid, sort)
     select gen_random_uuid(), c.guid, $1, 0 from app_classify c where c.guid = any($2::uuid[]) and c.status = 0
     on conflict do nothing`,
    [app, v.classify_guids ?? []],
  );
  const codes = await scopeCodes(tx, (v.scope_guids as string[]) ?? []);
  await tx.query('delete from app_scope where app_guid = $1 and group_code <> all($2::text[])', [app, codes]);
  await setScopes(tx, app, codes, SCOPE.open);
  await askConsent(tx, app);
  await tx.query('update app_version set status = $1, updated_at = now() where app_guid = $2 and guid <> $3 and status = any($4::smallint[])', [VERSION.replaced, app, v.guid, [VERSION.listed, VERSION.delisted]]);
};

/** A delisted version's app leaves the store (its buyers keep it); relisted, it is back. */
export const setListed = (tx: Queryable, app: string, listed: boolean) => tx.query('update app_listing set status = $1, updated_at = now() where app_guid = $2', [listed ? 0 : 1, app]);
