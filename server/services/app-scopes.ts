import { translate } from '../../i18n/index.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import type { Queryable } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';

/** Sets an app's state in scopes; `onlyFrom` limits it to scopes in those states. */
export const setScopes = async (tx: Queryable, appGuid: string, codes: readonly string[], status: number, onlyFrom?: readonly number[]) => {
  for (const code of codes) {
    await tx.query(
      `insert into app_scope (app_guid, group_code, status) values ($1, $2, $3)
       on conflict (app_guid, group_code) do update set status = excluded.status, updated_at = now()
       ${onlyFrom ? 'where app_scope.status = any($4::smallint[])' : ''}`,
      onlyFrom ? [appGuid, code, status, onlyFrom] : [appGuid, code, status],
    );
  }
};

/** The codes that name enabled scopes; any other is refused naming the field. */
export const checkGroups = async (ctx: CallContext, tx: Queryable, codes: readonly string[]) => {
  const { rows } = await tx.query<{ code: string }>('select code from api_group where code = any($1::text[]) and status = 0', [codes]);
  if (rows.length !== new Set(codes).size) {
    throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'resources.audit-record.fields.group_codes') }, { field: 'group_codes' });
  }
};


/** `application.permission.changed_v1` to the app itself: the scopes it has opened now (docs/events.md). */
export const scopesChanged = async (ctx: CallContext, tx: Queryable, appGuid: string) => {
  const { rows } = await tx.query<{ app_id: string; scopes: string[] }>(
    `select a.app_id, coalesce((select json_agg(s.group_code order by s.group_code) from app_scope s where s.app_guid = a.guid and s.status = $2), '[]'::json) as scopes
     from app a where a.guid = $1`,
    [appGuid, SCOPE.open],
  );
  if (rows[0]) await ctx.services.events.emit(ctx, tx, { type: 'application.permission.changed_v1', appGuid, event: rows[0] });
};
