import { UNION_BU_LIMITS, unionBuInternal, unionBuSchema, unionMembershipSchema } from '../schemas/union-bu.ts';
import { enableDisable, enabledTones } from './status.ts';
import type { RecordPage } from './types.ts';
import { defineResource } from './define.ts';

const UNION = '/open/admin/system/union-bu';

/**
 * A union's page (`/operation/union-bu/{id}/...`): its own form, then its member BUs and the
 * departments, users and apps it shares, each chosen with a picker over what the union may hold
 * (its `selections`, server/engine/selections.ts) and saved as a whole.
 */
const UNION_PAGE: RecordPage = {
  param: 'guid',
  get: 'get',
  tabs: [
    {
      url: 'members', resource: 'bu', base: UNION, view: 'selection', label: 'record_page.union_members',
      // Without the union's guid, `bu-list` offers the enabled BUs; the member list is the union's own field.
      selection: { read: 'bu-list', options: 'bu-list', unbound: true, save: 'update', field: 'bu_guids', columns: ['name', 'code'] },
    },
    {
      url: 'departments', resource: 'department', base: UNION, view: 'selection', label: 'record_page.union_depts',
      selection: { read: 'get-selected-user-dept-list', key: 'depts', options: 'get-dept-list', save: 'save-dept-users', field: 'dept_guids', columns: ['name', 'code', 'bu_name'] },
    },
    {
      url: 'users', resource: 'member', base: UNION, view: 'selection', label: 'record_page.union_users',
      selection: { read: 'get-selected-user-dept-list', key: 'users', options: 'get-user-list', save: 'save-dept-users', field: 'user_guids', columns: ['name', 'job_number', 'department_name', 'bu_name'] },
    },
    {
      url: 'apps', resource: 'app', base: UNION, view: 'selection', label: 'record_page.union_apps',
      selection: { read: 'get-selected-app-list', key: 'list', options: 'get-app-list', save: 'save-apps', field: 'app_guids', columns: ['name', 'code', 'bu_name'] },
    },
  ],
};

/**
 * A union BU (docs/operator.md "Union BUs"): operators group business units and choose the
 * departments, users (members) and apps the union shares, drawn only from its member BUs (apps also
 * from the platform's store). A platform row: tenants never reach it.
 */
export const unionBu = defineResource({
  name: 'union-bu',
  schema: unionBuSchema,
  internal: unionBuInternal,
  storage: {
    table: 'union_bu',
    unique: [['code'], ['name']],
    // What the union shares, drawn only from its member BUs (apps also from the store; newly shared ones enabled).
    selections: {
      // The member BUs (the union's own field, saved by `update`): any BU, newly joining ones enabled.
      bu_guids: {
        target: 'bu', key: 'list', joins: { status: [0] }, max: UNION_BU_LIMITS.bus, outside: 'server.reference_not_found',
        columns: ['name', 'alias', 'code', 'cover_url', 'status', 'created_at'], order: ['name'], keyword: ['name', 'alias', 'code'],
      },
      dept_guids: {
        target: 'department', key: 'depts', within: 'bu_guids', max: UNION_BU_LIMITS.depts, whole: UNION_BU_LIMITS.depts, outside: 'server.union_bu_outside',
        columns: ['name', 'code', 'parent_guid', 'sort', 'bu_guid'], names: { bu_name: { field: 'bu_guid', of: 'bu' } },
        order: ['bu_name', 'bu_guid', 'sort', 'name'], keyword: ['name', 'code'], filters: { bu_guid: 'bu_guid' },
      },
      user_guids: {
        target: 'member', key: 'users', within: 'bu_guids', max: UNION_BU_LIMITS.users, outside: 'server.union_bu_outside',
        columns: ['name', 'english_name', 'job_number', 'phone', 'email', 'duty_status', 'department_guid', 'bu_guid'],
        names: { department_name: { field: 'department_guid', of: 'department' }, bu_name: { field: 'bu_guid', of: 'bu' } },
        order: ['name'], keyword: ['name', 'english_name', 'job_number', 'phone', 'email'], filters: { bu_guid: 'bu_guid', dept_guid: 'department_guid' },
      },
      app_guids: {
        target: 'app', key: 'list', within: 'bu_guids', platform: true, joins: { status: [0] }, max: UNION_BU_LIMITS.apps, outside: 'server.union_bu_app_outside',
        columns: ['name', 'code', 'icon', 'type', 'status', 'bu_guid'], names: { bu_name: { field: 'bu_guid', of: 'bu' } },
        // The store's apps first.
        order: ['bu_name nulls first', 'name'], keyword: ['name', 'code'],
      },
    },
  },
  relations: {
    // Every guid written must exist: member BUs here, the shared rows through their selections.
    references: { bu_guids: 'bu' },
  },
  api: {
    keyword: ['name', 'code', 'description'],
    filters: [{ field: 'name', op: 'like' }, { field: 'code', op: 'like' }, { field: 'status' }],
    sort: '-created_at',
    status: enableDisable,
    mounts: [
      {
        side: 'operator', base: UNION, scope: 'platform', perm: 'admin:union-bu',
        calls: {
          page: 'page',
          // Not in the catalogue: the console's create, details and edit screens (and the contract suite).
          add: 'add', get: 'get', update: 'update',
          // No guid creates (needing the add code too), a guid changes that union.
          save: { handler: 'unionBu.save', action: 'update' },
          // Only a disabled union is removed (server/rules/union-bu.ts).
          remove: 'delete',
          enable: { verb: 'status', transition: 'enable' },
          disable: { verb: 'status', transition: 'disable' },
          // With a guid, that union's BUs; without, the enabled BUs an operator may add.
          'bu-list': { selection: { call: 'browse', of: ['bu_guids'] }, action: 'view' },
          'get-dept-list': { selection: { call: 'options', of: ['dept_guids'] }, action: 'view' },
          'get-user-list': { selection: { call: 'options', of: ['user_guids'] }, action: 'view' },
          'get-selected-user-dept-list': { selection: { call: 'read', of: ['dept_guids', 'user_guids'] }, action: 'view' },
          'save-dept-users': { selection: { call: 'save', of: ['dept_guids', 'user_guids'] }, action: 'update' },
          'get-app-list': { selection: { call: 'options', of: ['app_guids'] }, action: 'view' },
          'get-selected-app-list': { selection: { call: 'read', of: ['app_guids'] }, action: 'view' },
          'save-apps': { selection: { call: 'save', of: ['app_guids'] }, action: 'update' },
        },
      },
    ],
  },
  admin: {
    screens: [{ scene: 'admin', url: '/operation/union-bu', mount: UNION, menu: { icon: 'hub' }, page: UNION_PAGE }],
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'name', sortable: true },
      { field: 'code', sortable: true },
      { field: 'description' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
  },
});

/**
 * The unions a BU belongs to, as its members see them (`/account/associated-organize`): each with
 * the other member BUs' names and codes, and leaving where the operator allows it. Beyond the
 * catalogue (which has no tenant call for unions), in its convention. It reads the operators'
 * `union_bu` rows, with no table of its own: its page through the mount's `member` predicate and
 * joined list, leaving through a handler.
 */
export const unionMembership = defineResource({
  name: 'union-membership',
  schema: unionMembershipSchema,
  storage: {
    table: 'union_bu',
    virtual: true,
  },
  api: {
    mounts: [
      {
        side: 'system', base: '/open/system/union-bu', scope: 'bu', perm: 'tenant:associated-organize',
        // The unions naming the caller's BU among their members, each with the other members by name and code.
        member: 'bu_guids',
        joins: { members: { resource: 'bu', on: { many: 'bu_guids' }, field: 'name', detail: 'code', others: true } },
        calls: {
          page: 'page',
          leave: { handler: 'unionMembership.leave', action: 'update' },
        },
      },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'name' },
      { field: 'code' },
      { field: 'description' },
      { field: 'members', render: 'tags' },
      { field: 'status', render: 'status' },
    ],
    screens: [
      {
        scene: 'tenant',
        url: '/account/associated-organize',
        needsBu: true,
        actions: [{ name: 'leave', call: 'leave', when: { members_may_leave: [true] }, confirm: true }],
        mount: '/open/system/union-bu',
        menu: { icon: 'hub', title: 'route.associated_organize', order: 70 },
      },
    ],
  },
});
