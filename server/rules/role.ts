import type { Rules } from '../engine/context.ts';

/** Deleting a role removes its grants and takes it off every holder. */
export const roleRules: Rules = {
  affectsGrants: true,
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
  },
};
