import { appInternal, appSchema } from '../schemas/app.ts';
import { enableDisable, enabledTones } from './status.ts';
import type { ResourceDef } from './types.ts';

/**
 * A developer's app (spec §3): it belongs to the caller's BU; its credentials are an app id and a
 * secret shown once (on create and on reset), stored as a hash (server/rules/app.ts).
 */
export const app: ResourceDef<typeof appSchema> = {
  name: 'app',
  table: 'app',
  schema: appSchema,
  internal: appInternal,
  titleField: 'name',
  tones: { status: enabledTones, type: { '0': 'info', '1': 'default', '2': 'default' } },
  createOnly: ['code'],
  keyword: ['name', 'code', 'app_id'],
  filters: [{ field: 'name', op: 'like' }, { field: 'type' }, { field: 'status' }],
  columns: [
    { field: 'name', sortable: true },
    { field: 'code' },
    { field: 'app_id' },
    { field: 'type', render: 'status' },
    { field: 'status', render: 'status' },
    { field: 'created_at', render: 'date', sortable: true },
  ],
  sort: '-created_at',
  unique: [['code'], ['name']],
  indexes: [['app_id']],
  status: enableDisable,
  mounts: [
    {
      side: 'tenant', base: '/open/app', scope: 'bu', perm: 'tenant:app',
      calls: {
        create: 'add', list: 'page', 'app-list': 'list', 'get-app-detail': 'get', 'update-info': 'update', 'set-app-detail': 'update',
        'update-status': 'status', delete: 'delete',
        // The secret again, once: the old one stops working (the console asks first).
        'reset-secret': { handler: 'app.resetSecret', action: 'update' },
        // Each scope of the open API with this app's state in it: not opened, under review, opened.
        'permissions/list': { handler: 'app.scopes', action: 'view' },
      },
    },
    {
      side: 'operator', base: '/open/admin/app', scope: 'oversight', perm: 'admin:app',
      calls: {
        'app-list': 'page', 'get-app-detail': 'get', 'update-status': 'status',
        'permissions/active-permissions': { handler: 'app.activatePermissions', action: 'status' },
        'permissions/list': { handler: 'app.scopes', action: 'view' },
      },
    },
  ],
};
