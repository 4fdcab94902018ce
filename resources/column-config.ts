import { columnConfigSchema, columnPreferenceSchema, publishedViewSchema, savedViewSchema } from '../schemas/column-config.ts';
import { z } from 'zod';
import { defineResource } from './define.ts';

/** The role a set or view is for, by name (and its BU's), as it was named when saved: the lists show it. */
const audienceName = z.object({ role_name: z.string().nullable().optional() });

/**
 * How every list looks, shaped by product staff without code (docs/views.md): column sets for
 * everyone or for a role, a person's hidden columns, and saved views, a person's own or published
 * to a role. Precedence: person > role > everyone > the definition's default.
 */
export const columnConfig = defineResource({
  name: 'column-config',
  schema: columnConfigSchema,
  internal: audienceName,
  storage: {
    table: 'column_config',
    // One set for everyone (no role) and one per role, for each list.
    unique: [['resource', 'role_guid']],
  },
  api: {
    createOnly: ['resource'],
    keyword: ['resource'],
    filters: [{ field: 'resource' }],
    sort: 'resource',
    listCap: 500,
    mounts: [
      {
        side: 'operator', base: '/open/admin/system/column-config', scope: 'platform', perm: 'admin:column',
        calls: {
          page: 'page', list: 'list', get: 'get', add: 'add', update: 'update', delete: 'delete',
          // The roles a set or a view may be for: the platform's and every BU's, found by name.
          roles: { handler: 'columnSettings.roles', action: 'view' },
        },
      },
      {
        side: 'system', base: '/open/system/column-config', scope: 'catalog',
        // `settings`: everything a list needs to lay itself out, the one call it makes.
        calls: { list: 'list', settings: { handler: 'columnSettings.get', action: 'view' } },
      },
    ],
  },
  admin: {
    titleField: 'resource',
    columns: [{ field: 'resource', sortable: true, render: 'resource' }, { field: 'role_name' }, { field: 'columns', render: 'column-set' }, { field: 'updated_at', render: 'date', sortable: true }],
    screens: [
      { scene: 'admin', url: '/operation/columns', menu: { icon: 'view_column' } },
    ],
  },
});

export const columnPreference = defineResource({
  name: 'column-preference',
  schema: columnPreferenceSchema,
  storage: {
    table: 'column_preference',
    unique: [['resource']],
  },
  api: {
    createOnly: ['resource'],
    filters: [{ field: 'resource' }],
    sort: 'resource',
    listCap: 500,
    mounts: [
      { side: 'system', base: '/open/system/column-preference', scope: 'user', calls: { list: 'list', get: 'get', add: 'add', update: 'update', delete: 'delete' } },
    ],
  },
  admin: {
    titleField: 'resource',
    columns: [{ field: 'resource', render: 'resource' }, { field: 'hidden', render: 'tags' }],
  },
});

const viewColumns = [
  { field: 'name', sortable: true },
  { field: 'resource', sortable: true, render: 'resource' },
  { field: 'per_page' },
  { field: 'updated_at', render: 'date', sortable: true },
] as const;

/** A person's own views of a list: theirs alone, following them to any browser. */
export const savedView = defineResource({
  name: 'saved-view',
  schema: savedViewSchema,
  storage: {
    table: 'saved_view',
    unique: [['resource', 'name']],
  },
  api: {
    createOnly: ['resource'],
    filters: [{ field: 'resource' }],
    sort: 'name',
    listCap: 200,
    mounts: [
      { side: 'system', base: '/open/system/saved-view', scope: 'user', calls: { list: 'list', get: 'get', add: 'add', update: 'update', delete: 'delete' } },
    ],
  },
  admin: {
    titleField: 'name',
    columns: viewColumns,
  },
});

/** Views product staff publish to everyone or to a role's holders; they show beside each person's own. */
export const publishedView = defineResource({
  name: 'published-view',
  schema: publishedViewSchema,
  internal: audienceName,
  storage: {
    table: 'published_view',
    unique: [['resource', 'role_guid', 'name']],
  },
  api: {
    createOnly: ['resource'],
    keyword: ['name', 'resource'],
    filters: [{ field: 'resource' }],
    sort: 'resource',
    listCap: 500,
    mounts: [
      {
        side: 'operator', base: '/open/admin/system/published-view', scope: 'platform', perm: 'admin:view',
        calls: { page: 'page', list: 'list', get: 'get', add: 'add', update: 'update', delete: 'delete' },
      },
    ],
  },
  admin: {
    titleField: 'name',
    columns: [...viewColumns.slice(0, 2), { field: 'role_name' }, ...viewColumns.slice(2)],
    screens: [
      { scene: 'admin', url: '/operation/views', menu: { icon: 'view_quilt' } },
    ],
  },
});
