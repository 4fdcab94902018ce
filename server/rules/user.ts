import { Warning } from '../http/envelope.ts';
import type { Rules } from '../engine/context.ts';

/** Operators hold platform roles only; nobody deletes the account they are logged in with. */
export const userRules: Rules = {
  affectsGrants: true,
  async beforeWrite(_ctx, tx, values) {
    const roles = values.role_guids as string[] | undefined;
    if (!roles?.length) return;
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from role where guid = any($1::uuid[]) and bu_guid is null', [roles]);
    if (rows[0].n !== new Set(roles).size) throw new Warning('server.record_not_found', {}, { field: 'role_guids' });
  },
  async beforeDelete(ctx, _tx, rows) {
    if (rows.some((r) => r.guid === ctx.caller?.userGuid)) throw new Warning('server.cannot_delete_self');
  },
  async afterDelete(ctx, tx, rows) {
    await tx.query('update session set revoked_at = now() where user_guid = any($1::uuid[]) and revoked_at is null', [rows.map((r) => r.guid)]);
  },
};
