import { larkDepartmentEvents } from '../schemas/lark-contact.ts';
import { departmentSchema, positionSchema } from '../schemas/department.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

export const department = defineResource({
  name: 'department',
  schema: departmentSchema,
  storage: {
    table: 'department',
    unique: [['parent_guid', 'name']],
  },
  relations: {
    tree: { parent: 'parent_guid' },
    references: { leader_guid: 'member' },
  },
  api: {
    keyword: ['name', 'code'],
    filters: [{ field: 'name', op: 'like' }, { field: 'parent_guid' }, { field: 'bu_guid' }],
    sort: 'sort',
    events: { scope: 'contact:department:readonly', created: 'contact.department.created_v3', updated: 'contact.department.updated_v3', deleted: 'contact.department.deleted_v3', shape: larkDepartmentEvents },
    listCap: 5000,
    openApi: {
      page: 'contact:department:readonly', get: 'contact:department:readonly', tree: 'contact:department:readonly',
      add: 'contact:department:write', update: 'contact:department:write', delete: 'contact:department:write',
    },
    mounts: [
      {
        side: 'system', base: '/open/system/department', scope: 'bu', perm: 'tenant:department',
        calls: {
          page: 'page', info: 'get', add: 'add', update: 'update', delete: 'delete', tree: 'tree',
          'bind-users': { handler: 'department.bindUsers', action: 'update' },
          // The department's own members, a page at a time.
          'list-users': {
            related: { target: 'member', by: 'department_guid', columns: ['name', 'english_name', 'job_number', 'position_guid', 'phone', 'email', 'duty_status'], order: ['name'] },
            action: 'view',
          },
        },
      },
      {
        side: 'operator', base: '/open/admin/department', scope: 'oversight', perm: 'admin:bu',
        calls: { 'level-tree': { verb: 'tree', requires: ['bu_guid'] } },
      },
      // One BU's departments for the staff screen (catalogue `staff-management/department-tree`), and
      // one by its guid: the staff list's department cells and the edit form read it (named in the catalogue's convention).
      {
        side: 'operator', base: '/open/admin/staff-management', scope: 'oversight', perm: 'admin:staff',
        calls: { 'department-tree': { verb: 'tree', requires: ['bu_guid'] }, 'department-info': 'get' },
      },
    ],
  },
  admin: {
    titleField: 'name',
    columns: [
      { field: 'name', sortable: true },
      { field: 'code' },
      { field: 'parent_guid', render: 'reference', reference: 'department' },
      { field: 'leader_guid', render: 'reference', reference: 'member' },
      { field: 'sort', sortable: true },
    ],
    screens: [
      { scene: 'tenant', url: '/account/organzize', menu: { icon: 'account_tree', title: 'route.organize', needsVerified: true, order: 40 }, menuOnly: true },
      { scene: 'tenant', url: '/account/organzize/department', needsBu: true, verbs: { list: 'tree' } },
    ],
  },
});

export const position = defineResource({
  name: 'position',
  schema: positionSchema,
  storage: {
    table: 'position',
    unique: [['name']],
  },
  api: {
    keyword: ['name', 'code'],
    filters: [{ field: 'name', op: 'like' }, { field: 'status' }, { field: 'bu_guid' }],
    sort: 'name',
    status: enableDisable,
    mounts: [
      {
        side: 'system', base: '/open/system/position', scope: 'bu', perm: 'tenant:position',
        calls: { add: 'add', page: 'page', list: 'list', get: 'get', update: 'update', delete: 'delete', 'update-status': 'status' },
      },
      // The staff screen's positions: one BU's for the edit form's picker, one by its guid for its value.
      {
        side: 'operator', base: '/open/admin/staff-management', scope: 'oversight', perm: 'admin:staff',
        calls: { 'position-list': { verb: 'list', requires: ['bu_guid'] }, 'position-info': 'get' },
      },
    ],
    openApi: { page: 'contact:position:readonly', get: 'contact:position:readonly', add: 'contact:position:write', update: 'contact:position:write', delete: 'contact:position:write' },
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [{ field: 'name', sortable: true }, { field: 'code' }, { field: 'description' }, { field: 'status', render: 'status' }],
    screens: [
      { scene: 'tenant', url: '/account/organzize/position', needsBu: true, menu: { icon: 'badge', parent: '/account/organzize' } },
    ],
  },
});
