import { z } from 'zod';
import { named } from '../engine/named.ts';

const input = z.object({ resource: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64') });

/**
 * What a list needs to lay itself out, in one call (docs/views.md): the column set that applies to
 * the caller — a set for one of its roles (the latest saved, if several) before the set for everyone
 * — the caller's own hidden columns, and the views it may pick: its own, then those published to
 * everyone or to one of its roles.
 */
export const columnSettings = named({ input: input }, async (ctx, { resource }) => {
  const caller = ctx.caller!;
  const roles = [...caller.roleGuids];
  const db = ctx.services.db;
  const [config, preference, own, published] = await Promise.all([
    db.query(
      `select guid, resource, role_guid, role_name, columns from column_config
        where resource = $1 and (role_guid is null or role_guid = any($2::uuid[]))
        order by role_guid is null, updated_at desc limit 1`,
      [resource, roles],
    ),
    db.query('select guid, resource, hidden from column_preference where user_guid = $1 and resource = $2', [caller.userGuid, resource]),
    db.query('select guid, name, columns, filters, sort, per_page from saved_view where user_guid = $1 and resource = $2 order by name, guid', [caller.userGuid, resource]),
    db.query(
      `select guid, name, columns, filters, sort, per_page, role_name from published_view
        where resource = $1 and (role_guid is null or role_guid = any($2::uuid[])) order by role_guid is null, name, guid`,
      [resource, roles],
    ),
  ]);
  return {
    config: config.rows[0] ?? null,
    preference: preference.rows[0] ?? null,
    views: [...own.rows.map((v) => ({ ...v, published: false })), ...published.rows.map((v) => ({ ...v, published: true }))],
  };
});

const rolesInput = z.object({ keyword: z.string().trim().max(64, 'validation.max_64').optional(), guids: z.array(z.uuid('validation.guid_format')).max(100).optional() });

/**
 * Roles a column set or view may be for, found by name (or by guid, to show a saved choice): the
 * platform's and every BU's, each with its BU's name; at most 50.
 */
export const columnSettingsRoles = named({ input: rolesInput }, async (ctx, { keyword, guids }) => {
  const { rows } = await ctx.services.db.query(
    `select r.guid, r.name, r.bu_guid, b.name as bu_name from role r left join bu b on b.guid = r.bu_guid
      where ($1::text is null or r.name ilike '%' || $1 || '%' or b.name ilike '%' || $1 || '%')
        and ($2::uuid[] is null or r.guid = any($2::uuid[]))
      order by r.bu_guid is not null, b.name, r.name, r.guid limit 50`,
    [keyword ? keyword.replace(/[\\%_]/g, '\\$&') : null, guids ?? null],
  );
  return rows;
});
