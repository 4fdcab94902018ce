import { larkUserEvents } from '../schemas/lark-contact.ts';
import { memberSchema } from '../schemas/member.ts';
import { defineResource } from './define.ts';

export const member = defineResource({
  name: 'member',
  schema: memberSchema,
  storage: {
    table: 'member',
    // Job numbers are unique when given (a rule: a unique index would also count members without one).
    indexes: [['bu_guid', 'job_number']],
  },
  relations: {
    references: { department_guid: 'department', superior_guid: 'member', position_guid: 'position' },
  },
  api: {
    keyword: ['name', 'english_name', 'alias', 'job_number', 'phone', 'email'],
    filters: [{ field: 'name', op: 'like' }, { field: 'bu_guid' }, { field: 'department_guid' }, { field: 'position_guid' }, { field: 'account_type' }, { field: 'duty_status' }, { field: 'email' }, { field: 'phone' }],
    sort: '-created_at',
    status: {
      field: 'duty_status',
      transitions: [
        { name: 'on_duty', from: [1], to: 0 },
        { name: 'off_duty', from: [0], to: 1, confirm: true },
      ],
    },
    customFields: { call: 'custom-fields' },
    mounts: [
      {
        side: 'system', base: '/open/system/member', scope: 'bu', perm: 'tenant:member',
        calls: {
          add: 'add', page: 'page', list: 'list', get: 'get', update: 'update', delete: 'delete', 'update-status': 'status',
          'custom-fields': { handler: 'customFields.list', action: 'view' },
        },
      },
      {
        // Staff management (docs/operator.md): every BU's members, custom fields included.
        side: 'operator', base: '/open/admin/staff-management', scope: 'oversight', perm: 'admin:staff',
        calls: { page: 'page', info: 'get', update: 'update', delete: 'delete', 'custom-fields': { handler: 'customFields.list', action: 'view' } },
      },
      // The catalogue's second prefix for the same calls.
      { side: 'operator', base: '/open/admin/system/staff-management', scope: 'oversight', perm: 'admin:staff', calls: { page: 'page', info: 'get', update: 'update', delete: 'delete' } },
    ],
    openApi: { page: 'contact:member:readonly', get: 'contact:member:readonly', add: 'contact:member:write', update: 'contact:member:write', delete: 'contact:member:write' },
    events: { scope: 'contact:member:readonly', created: 'contact.user.created_v3', updated: 'contact.user.updated_v3', deleted: 'contact.user.deleted_v3', shape: larkUserEvents },
  },
  admin: {
    titleField: 'name',
    tones: { duty_status: { '0': 'success', '1': 'default' } },
    columns: [
      { field: 'name', sortable: true },
      { field: 'english_name' },
      { field: 'job_number', sortable: true },
      { field: 'department_guid', render: 'reference', reference: 'department' },
      { field: 'position_guid', render: 'reference', reference: 'position' },
      { field: 'account_type', render: 'status' },
      { field: 'phone' },
      { field: 'email' },
      { field: 'duty_status', render: 'status' },
    ],
    screens: [
      { scene: 'tenant', url: '/account/member-manage', needsBu: true, menu: { icon: 'groups', title: 'route.member_manage', needsVerified: true, order: 50 } },
      {
        scene: 'admin',
        url: '/operation/staff',
        mount: '/open/admin/staff-management',
        menu: { icon: 'badge' },
        columns: [
              { field: 'name', sortable: true },
              { field: 'bu_guid', render: 'reference', reference: 'bu' },
              { field: 'job_number', sortable: true },
              { field: 'department_guid', render: 'reference', reference: 'department' },
              { field: 'phone' },
              { field: 'email' },
              { field: 'duty_status', render: 'status' },
            ],
      },
    ],
  },
});
