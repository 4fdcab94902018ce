import { z } from 'zod';
import { ident } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { pageQuery, pagingOf } from '../engine/paging.ts';
import { Warning } from '../http/envelope.ts';
import { keptWithin } from '../engine/selections.ts';
import { resourceByName } from '../../resources/index.ts';
import { named } from '../engine/named.ts';

/**
 * A BU's side of union BUs (docs/tenant-console.md "Associated organisations"): the unions it is a
 * member of, with the other members' names and codes, and leaving where the operator allows it.
 */

const COLUMNS = `u.guid, u.name, u.code, u.description, u.status, u.members_may_leave, u.created_at,
  (select coalesce(jsonb_agg(b.name || coalesce(' (' || b.code || ')', '') order by b.name), '[]'::jsonb)
     from bu b where b.guid::text in (select jsonb_array_elements_text(u.bu_guids)) and b.guid <> $1::uuid) as members`;

/** The unions the caller's BU belongs to, newest first. */
export const unionMembershipPage = async (ctx: CallContext) =>
  pageQuery(
    ctx.services.db,
    { select: COLUMNS, from: 'from union_bu u where u.bu_guids ? $1::text', order: 'order by u.created_at desc, u.guid desc', params: [ctx.caller!.buGuid] },
    pagingOf(ctx.lang, ctx.input, 'union-membership'),
  );

const leaveInput = z.object({ guid: z.uuid('validation.guid_format') });

/** Leaves a union the operator lets members leave; the BU's departments, users and apps leave its selections with it. */
export const unionMembershipLeave = named({ input: leaveInput, output: z.object({ left: z.literal(true) }) }, async (ctx, { guid }) => {
  const bu = ctx.caller!.buGuid!;
  return ctx.services.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ bu_guids: string[]; members_may_leave: boolean }>(
      'select * from union_bu where guid = $1 and bu_guids ? $2::text for update',
      [guid, bu],
    );
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
