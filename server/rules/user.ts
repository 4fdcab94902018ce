import { Warning } from '../http/envelope.ts';
import type { Rules } from '../engine/context.ts';
import { SUB_STATUS } from '../../schemas/sub-account.ts';
import { assertSuperOperatorLeft } from './super-operator.ts';

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
  async afterWrite(_ctx, tx) {
    await assertSuperOperatorLeft(tx);
  },
  async afterTransition(_ctx, tx) {
    await assertSuperOperatorLeft(tx);
  },
  async afterDelete(ctx, tx, rows) {
    await tx.query('update session set revoked_at = now() where user_guid = any($1::uuid[]) and revoked_at is null', [rows.map((r) => r.guid)]);
    await assertSuperOperatorLeft(tx);
  },
};

/**
 * A sub-account leaving "normal" (frozen) loses its sessions at once, in the same transaction; a
 * deleted one also its membership and pending links. Nobody deletes the account they use.
 */
export const subAccountRules: Rules = {
  affectsGrants: true,
  async beforeDelete(ctx, _tx, rows) {
    if (rows.some((r) => r.guid === ctx.caller?.userGuid)) throw new Warning('server.cannot_delete_self');
  },
  async afterDelete(_ctx, tx, rows) {
    const guids = rows.map((r) => r.guid as string);
    await tx.query('update session set revoked_at = now() where user_guid = any($1::uuid[]) and revoked_at is null', [guids]);
    await tx.query('delete from user_bu where user_guid = any($1::uuid[])', [guids]);
    await tx.query('delete from one_time_code where target = any($1::text[])', [guids]);
  },
  async afterTransition(_ctx, tx, row) {
    if (row.status !== SUB_STATUS.normal) await tx.query('update session set revoked_at = now() where user_guid = $1 and revoked_at is null', [row.guid]);
  },
};
