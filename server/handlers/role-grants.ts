import { z } from 'zod';
import { Warning } from '../http/envelope.ts';
import type { CallContext } from '../engine/context.ts';
import { findOne } from '../engine/verbs.ts';
import { named } from '../engine/named.ts';

const grantInput = z.object({
  guid: z.uuid('validation.guid_format'),
  permission_guids: z.array(z.uuid('validation.guid_format')).max(5000),
});
const roleInput = z.object({ guid: z.uuid('validation.guid_format') });
const grants = z.object({ guid: z.uuid(), permission_guids: z.array(z.uuid()) });
const node = z.object({
  guid: z.uuid(), parent_guid: z.uuid().nullable(), name: z.string(), code: z.string().nullable(), url: z.string().nullable(), type: z.number().int(),
  status: z.number().int(), icon: z.string().nullable(), hidden: z.boolean().nullable(), sort: z.number().nullable(),
});

/** Platform roles grant operator-console nodes; BU roles grant tenant-console nodes. */
const sceneOf = (ctx: CallContext) => (ctx.mount.scope === 'bu' ? 'tenant' : 'admin');

const granted = async (ctx: CallContext, roleGuid: string) =>
  (await ctx.services.db.query<{ permission_guid: string }>('select permission_guid from role_permission where role_guid = $1 order by permission_guid', [roleGuid])).rows.map((r) => r.permission_guid);

/** Replaces a role's grants with the given nodes ("select all" sends every node). */
export const auth = named({ input: grantInput, output: grants }, async (ctx, { guid, permission_guids }) => {
  const wanted = [...new Set(permission_guids)];
  await ctx.services.db.transaction(async (tx) => {
    await findOne(ctx, guid, tx);
    const { rows } = await tx.query<{ guid: string }>('select guid from permission where guid = any($1::uuid[]) and scene = $2', [wanted, sceneOf(ctx)]);
    if (rows.length !== wanted.length) {
      const known = new Set(rows.map((r) => r.guid));
      throw new Warning('server.unknown_permission', { guid: wanted.find((g) => !known.has(g)) });
    }
    await tx.query('delete from role_permission where role_guid = $1', [guid]);
    if (wanted.length) await tx.query('insert into role_permission (role_guid, permission_guid) select $1, unnest($2::uuid[])', [guid, wanted]);
  });
  ctx.services.callers.invalidate();
  return { guid, permission_guids: wanted };
});

export const permissions = named({ input: roleInput, output: grants }, async (ctx, { guid }) => {
  await findOne(ctx, guid);
  return { guid, permission_guids: await granted(ctx, guid) };
});

/** The nodes a BU role may be granted, and which it has. */
export const authList = named({ input: roleInput, output: z.object({ list: z.array(node), permission_guids: z.array(z.uuid()) }) }, async (ctx, { guid }) => {
  await findOne(ctx, guid);
  const { rows } = await ctx.services.db.query(
    'select guid, parent_guid, name, code, url, type, status, icon, hidden, sort from permission where scene = $1 order by sort, created_at',
    [sceneOf(ctx)],
  );
  return { list: rows, permission_guids: await granted(ctx, guid) };
});
