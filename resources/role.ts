import { roleSchema } from '../schemas/role.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

const grants = {
  auth: { handler: 'role.auth', action: 'auth' },
  'get-role-permissions': { handler: 'role.permissions', action: 'view' },
} as const;

export const role = defineResource({
  name: 'role',
  schema: roleSchema,
  storage: {
    table: 'role',
    unique: [['name']],
  },
  access: {
    privileges: { roleType: 'type', grants: 'permission_guids', activeStatus: 0 },
  },
  api: {
    keyword: ['name', 'code', 'description'],
    filters: [{ field: 'name', op: 'like' }, { field: 'type' }, { field: 'status' }, { field: 'category' }],
    sort: '-created_at',
    status: enableDisable,
    mounts: [
      {
        side: 'operator', base: '/open/admin/system/role', scope: 'platform', perm: 'admin:role',
        calls: { add: 'add', page: 'page', update: 'update', delete: 'delete', get: 'get', 'update-status': 'status', ...grants },
      },
      {
        side: 'system', base: '/open/system/admin/role', scope: 'platform', perm: 'admin:role',
        calls: { add: 'add', page: 'page', update: 'update', delete: 'delete', get: 'get', 'update-status': 'status', ...grants },
      },
      {
        side: 'system', base: '/open/system/role', scope: 'bu', perm: 'bu:role',
        calls: {
          add: 'add', page: 'page', update: 'update', delete: 'delete', get: 'get', 'update-status': 'status',
          auth: grants.auth, 'auth-list': { handler: 'role.authList', action: 'view' },
        },
      },
    ],
    openApi: { page: 'contact:role:readonly', get: 'contact:role:readonly' },
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'name', sortable: true },
      { field: 'code' },
      { field: 'type', render: 'status' },
      { field: 'category', render: 'status' },
      { field: 'description' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    screens: [
      { scene: 'admin', url: '/operation/role', menu: { icon: 'security' } },
      {
        scene: 'tenant',
        url: '/account/role-manage',
        needsBu: true,
        grants: { resource: 'permission', read: 'auth-list', write: 'auth', field: 'permission_guids', rowsIn: 'list' },
        mount: '/open/system/role',
        menu: { icon: 'security', title: 'route.role_manage', order: 60 },
      },
    ],
    grants: { resource: 'permission', read: 'get-role-permissions', write: 'auth', field: 'permission_guids', filter: { scene: 'admin' } },
  },
});
