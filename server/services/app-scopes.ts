import { translate } from '../../i18n/index.ts';
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

