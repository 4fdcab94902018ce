import { Warning } from '../http/envelope.ts';
import type { Rules } from '../engine/context.ts';
import { SUB_STATUS } from '../../schemas/sub-account.ts';
import { assertSuperOperatorLeft } from './super-operator.ts';
import { mailActivation } from '../services/activation.ts';

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
  async beforeWrite(_ctx, _tx, values, existing) {
    if (!existing) values.status = SUB_STATUS.toBeActivated;
  },
  async afterWrite(ctx, tx, row, existing) {
    const roles = JSON.stringify(row.role_guids ?? []);
    if (existing) {
      await tx.query('update user_bu set role_guids = $3 where user_guid = $1 and bu_guid = $2', [row.guid, row.bu_guid, roles]);
      return;
    }
    await tx.query('update users set lang = $2 where guid = $1', [row.guid, ctx.lang]);
    await tx.query('insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, false, $3)', [row.guid, row.bu_guid, roles]);
    ctx.afterCommit(() => mailActivation(ctx.services, ctx.lang, row.bu_guid as string, { guid: row.guid as string, username: row.username as string, email: row.email as string }));
  },
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
