import { z } from 'zod';
import { resourceByName } from '../../resources/index.ts';
import { boundedView, shownFields } from '../../resources/shown-columns.ts';
import { named } from '../engine/named.ts';
import { listColumns } from '../rules/column-config.ts';
import { columnSetting } from '../../schemas/column-config.ts';

const input = z.object({ resource: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64') });

/** What `settings` answers (the documents show it; the contract suite checks real answers against it). */
const view = z.object({
  guid: z.uuid(), name: z.string(), columns: z.array(z.string()).describe('Shown columns in order, within what the caller\'s column set allows'),
  filters: z.record(z.string(), z.unknown()).nullable(), sort: z.object({ field: z.string(), order: z.enum(['ASC', 'DESC']) }).nullable(), per_page: z.int().nullable(),
  role_name: z.string().nullable().optional(), published: z.boolean(),
});
const settingsAnswer = z.object({
  config: z.object({ guid: z.uuid(), resource: z.string(), role_guid: z.uuid().nullable(), role_name: z.string().nullable(), columns: z.array(columnSetting) }).nullable(),
  preference: z.object({ guid: z.uuid(), resource: z.string(), hidden: z.array(z.string()) }).nullable(),
  views: z.array(view),
});
const roleRow = z.object({ guid: z.uuid(), name: z.string(), bu_guid: z.uuid().nullable(), bu_name: z.string().nullable() });

/**
 * What a list needs to lay itself out, in one call (docs/views.md): the column set that applies to
 * the caller — a set for one of its roles (the latest saved, if several) before the set for everyone
 * — the caller's own hidden columns, and the views it may pick: its own, then those published to
 * everyone or to one of its roles, each showing only the columns that set allows.
 */
export const columnSettings = named({ input: input, output: settingsAnswer }, async (ctx, { resource }) => {
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
  const set = config.rows[0] ?? null;
  const def = resourceByName.get(resource);
  // A role's set bounds what its holders' views show: hiding a column restricts it.
  const allowed = set && def ? shownFields(await listColumns(db, def), set.columns as { field: string; visible?: boolean }[]) : null;
  const bound = (v: Record<string, unknown>) => ({ ...v, columns: boundedView((v.columns as string[] | null) ?? [], allowed) });
  return {
    config: set,
    preference: preference.rows[0] ?? null,
    views: [...own.rows.map((v) => ({ ...bound(v), published: false })), ...published.rows.map((v) => ({ ...bound(v), published: true }))],
  };
});

const rolesInput = z.object({ keyword: z.string().trim().max(64, 'validation.max_64').optional(), guids: z.array(z.uuid('validation.guid_format')).max(100).optional() });

/**
 * Roles a column set or view may be for, found by name (or by guid, to show a saved choice): the
 * platform's and every BU's, each with its BU's name; at most 50.
 */
export const columnSettingsRoles = named({ input: rolesInput, output: z.array(roleRow) }, async (ctx, { keyword, guids }) => {
  const { rows } = await ctx.services.db.query(
    `select r.guid, r.name, r.bu_guid, b.name as bu_name from role r left join bu b on b.guid = r.bu_guid
      where ($1::text is null or r.name ilike '%' || $1 || '%' or b.name ilike '%' || $1 || '%')
        and ($2::uuid[] is null or r.guid = any($2::uuid[]))
      order by r.bu_guid is not null, b.name, r.name, r.guid limit 50`,
    [keyword ? keyword.replace(/[\\%_]/g, '\\$&') : null, guids ?? null],
  );
  return rows;
});
