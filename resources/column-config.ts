import { columnConfigSchema, columnPreferenceSchema } from '../schemas/column-config.ts';
import type { ResourceDef } from './types.ts';

export const columnConfig: ResourceDef<typeof columnConfigSchema> = {
  name: 'column-config',
  table: 'column_config',
  schema: columnConfigSchema,
  titleField: 'resource',
  createOnly: ['resource'],
  keyword: ['resource'],
  filters: [{ field: 'resource' }],
  columns: [{ field: 'resource', sortable: true }, { field: 'columns', render: 'tags' }, { field: 'updated_at', render: 'date', sortable: true }],
  sort: 'resource',
  unique: [['resource']],
  listCap: 500,
  mounts: [
    {
      side: 'operator', base: '/open/admin/system/column-config', scope: 'platform', perm: 'admin:column',
      calls: { page: 'page', list: 'list', get: 'get', add: 'add', update: 'update', delete: 'delete' },
    },
    {
      side: 'system', base: '/open/system/column-config', scope: 'catalog',
      // `settings`: the configuration and the caller's own preference of one resource, the one call a list makes.
      calls: { list: 'list', settings: { handler: 'columnSettings.get', action: 'view' } },
    },
  ],
  menu: { scene: 'admin', url: '/operation/columns', icon: 'view_column' },
};

export const columnPreference: ResourceDef<typeof columnPreferenceSchema> = {
  name: 'column-preference',
  table: 'column_preference',
  schema: columnPreferenceSchema,
  titleField: 'resource',
  createOnly: ['resource'],
  filters: [{ field: 'resource' }],
  columns: [{ field: 'resource' }, { field: 'hidden', render: 'tags' }],
  sort: 'resource',
  unique: [['resource']],
  listCap: 500,
  mounts: [
    { side: 'system', base: '/open/system/column-preference', scope: 'user', calls: { list: 'list', get: 'get', add: 'add', update: 'update', delete: 'delete' } },
  ],
};
