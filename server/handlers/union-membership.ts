import { z } from 'zod';
import { ident } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import { keptWithin } from '../engine/selections.ts';
import { resourceByName } from '../../resources/index.ts';
import { named } from '../engine/named.ts';
import { scopeWhere } from '../engine/where.ts';

/**
 * A BU's side of union BUs (docs/tenant-console.md "Associated organisations"): leaving where the
 * operator allows it. Its page is the generic verb (the mount's `member` and joined `members`).
 */

const leaveInput = z.object({ guid: z.uuid('validation.guid_format') });

/** Leaves a union the operator lets members leave; the BU's departments, users and apps leave its selections with it. */
export const unionMembershipLeave = named({ input: leaveInput, output: z.object({ left: z.literal(true) }) }, async (ctx, { guid }) => {
  const bu = ctx.caller!.buGuid!;
  return ctx.services.db.transaction(async (tx) => {
    // The union through the mount's member predicate: only one the caller's BU is in.
    const where = scopeWhere(ctx.def, ctx.mount, ctx.caller).add((p) => `guid = ${p(guid)}`);
    const { rows } = await tx.query<{ bu_guids: string[]; members_may_leave: boolean }>(`select * from ${ident(ctx.def.storage.table)}${where.toSql()} for update`, where.params);
    const union = rows[0];
    if (!union) throw new Warning('server.record_not_found');
    if (!union.members_may_leave) throw new Warning('server.union_leave_closed');
    const members = union.bu_guids.filter((g) => g !== bu);
    const kept = await keptWithin(tx, resourceByName.get('union-bu')!, 'bu_guids', union, members);
    const sets = Object.keys(kept).map((f, i) => `, ${ident(f)} = $${i + 3}::jsonb`).join('');
    await tx.query(`update union_bu set bu_guids = $2::jsonb${sets}, updated_at = now() where guid = $1`, [guid, JSON.stringify(members), ...Object.values(kept).map((g) => JSON.stringify(g))]);
    return { left: true };
  });
});
