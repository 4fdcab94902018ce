import { Warning } from '../http/envelope.ts';
import type { Rules } from '../engine/context.ts';

/** A node's parent must exist and be a menu or submenu of the same console; a node with children stays. */
export const permissionRules: Rules = {
  affectsGrants: true,
  async beforeWrite(ctx, tx, values, existing) {
    const parent = values.parent_guid ?? (existing ? undefined : null);
    if (!parent) return;
    if (existing && parent === existing.guid) throw new Warning('server.validation_failed', { details: ctx.lang === 'en' ? 'a node cannot be its own parent' : '上级不能是自己' });
    const scene = values.scene ?? existing?.scene;
    const { rows } = await tx.query('select 1 from permission where guid = $1 and type in (0, 1) and scene = $2', [parent, scene]);
    if (!rows[0]) throw new Warning('server.record_not_found', {}, { field: 'parent_guid' });
  },
  async beforeDelete(_ctx, tx, rows) {
    const guids = rows.map((r) => r.guid as string);
    const { rows: children } = await tx.query('select 1 from permission where parent_guid = any($1::uuid[]) and guid <> all($1::uuid[]) limit 1', [guids]);
    if (children[0]) throw new Warning('server.in_use');
  },
  async afterDelete(_ctx, tx, rows) {
    await tx.query('delete from role_permission where permission_guid = any($1::uuid[])', [rows.map((r) => r.guid)]);
  },
};
