import type { Queryable } from '../db/driver.ts';
import type { Rules } from '../engine/context.ts';
import { duplicateOf } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { assertSuperOperatorLeft } from './super-operator.ts';

const SUPER = 0;
const ENABLED = 0;

/** Whether losing these roles would leave the platform without an enabled super management role. */
const lastSuper = async (tx: Queryable, guids: string[]) => {
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from role where bu_guid is null and type = $1 and status = $2 and guid <> all($3::uuid[])',
    [SUPER, ENABLED, guids],
  );
  return rows[0].n === 0;
};

const isPlatformSuper = (row: Record<string, unknown>) => row.bu_guid == null && row.type === SUPER && row.status === ENABLED;

/**
 * The platform keeps at least one enabled super management role, so operators can never lock
 * themselves out. Deleting a role removes its grants and takes it off every holder.
 */
export const roleRules: Rules = {
  affectsGrants: true,
  async beforeWrite(ctx, tx, values, existing) {
    // Codes identify roles (the spec calls them codes): unique within the owner where given; a role may have none.
    if (values.code) {
      const owner = ctx.mount.scope === 'bu' ? ctx.caller?.buGuid ?? null : null;
      const { rows } = await tx.query('select 1 from role where code = $1 and bu_guid is not distinct from $2 and guid is distinct from $3', [values.code, owner, existing?.guid ?? null]);
      if (rows[0]) throw duplicateOf(ctx.lang, 'role', ['code']);
    }
    if (!existing || !isPlatformSuper(existing)) return;
    const demoted = values.type !== undefined && values.type !== SUPER;
    if (demoted && (await lastSuper(tx, [existing.guid as string]))) throw new Warning('server.last_super_role');
  },
  async beforeTransition(_ctx, tx, to, existing) {
    if (isPlatformSuper(existing) && to !== ENABLED && (await lastSuper(tx, [existing.guid as string]))) throw new Warning('server.last_super_role');
  },
  async beforeDelete(_ctx, tx, rows) {
    const supers = rows.filter(isPlatformSuper).map((r) => r.guid as string);
    if (supers.length && (await lastSuper(tx, supers))) throw new Warning('server.last_super_role');
  },
  async afterWrite(_ctx, tx, row) {
    if (row.bu_guid == null) await assertSuperOperatorLeft(tx);
  },
  async afterTransition(_ctx, tx, row) {
    if (row.bu_guid == null) await assertSuperOperatorLeft(tx);
  },
  async afterDelete(_ctx, tx, rows) {
    const guids = rows.map((r) => r.guid as string);
    await tx.query('delete from role_permission where role_guid = any($1::uuid[])', [guids]);
    for (const table of ['users', 'user_bu']) {
      await tx.query(
        `update ${table} set role_guids = coalesce((select jsonb_agg(g) from jsonb_array_elements_text(role_guids) g where g <> all($1::text[])), '[]'::jsonb)
          where role_guids ?| $1::text[]`,
        [guids],
      );
    }
    if (rows.some((r) => r.bu_guid == null)) await assertSuperOperatorLeft(tx);
  },
};
