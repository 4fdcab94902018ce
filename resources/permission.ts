import { permissionSchema } from '../schemas/permission.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

const crud = { add: 'add', update: 'update', delete: 'delete', get: 'get', page: 'page', list: 'list', 'update-status': 'status' } as const;

export const permission = defineResource({
  name: 'permission',
  schema: permissionSchema,
  storage: {
    table: 'permission',
    unique: [['code']],
    indexes: [['parent_guid']],
  },
  access: {
    privileges: { code: 'code', activeStatus: 0 },
  },
  relations: {
    // Menus and submenus hold others; buttons do not.
    tree: { parent: 'parent_guid', parents: { type: [0, 1] } },
  },
  api: {
    keyword: ['name', 'code', 'url'],
    filters: [{ field: 'name', op: 'like' }, { field: 'type' }, { field: 'status' }, { field: 'scene' }, { field: 'parent_guid' }],
    sort: 'sort',
    listCap: 2000,
    status: enableDisable,
    mounts: [
      { side: 'operator', base: '/open/admin/system/permission', scope: 'platform', perm: 'admin:permission', calls: crud },
      { side: 'system', base: '/open/system/admin/permission', scope: 'platform', perm: 'admin:permission', calls: crud },
      {
        side: 'system', base: '/open/system/permission', scope: 'catalog', perm: 'admin:permission',
        calls: { ...crud, 'parent-list': { verb: 'list', where: { type: [0, 1] } } },
      },
      // The caller's own resources, flat (docs/operator.md, "Platform calls"): any signed-in caller.
      { side: 'system', base: '/open/system/resource', scope: 'catalog', calls: { list: { handler: 'resource.list', action: 'view' } } },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'name' },
      { field: 'code' },
      { field: 'url' },
      { field: 'type', render: 'status' },
      { field: 'scene', render: 'status' },
      { field: 'sort', sortable: true },
      { field: 'status', render: 'status' },
    ],
    screens: [
      { scene: 'admin', url: '/operation/permission', menu: { icon: 'account_tree' } },
    ],
    // Seeded nodes are named by their code in the reader's language: a menu by `menu.<code>`, a button by its action.
    labelKeys: [{ key: 'menu.{code}' }, { key: 'grant.buttons.{code:last}', when: { type: [2] } }],
  },
});
