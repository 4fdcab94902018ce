import { buSchema, buWithOwnerSchema } from '../schemas/bu.ts';
import { enableDisable, enabledTones } from './status.ts';
import type { RecordPage } from './types.ts';
import { defineResource } from './define.ts';

/**
 * The operator console's page of one BU (`/operation/bu/{id}/...`, spec §2): each tab through an
 * oversight mount whose calls name the BU as `bu_guid`.
 */
const BU_PAGE: RecordPage = {
  param: 'bu_guid',
  get: 'detail',
  tabs: [
    {
      url: 'org', resource: 'org', base: '/open/admin/system/bu-management', view: 'single', label: 'record_page.org',
      actions: [
        { name: 'certify', call: 'auth/update', body: { auth_state: 2 }, when: { auth_state: [0, 1, 3] }, confirm: true },
        { name: 'revoke', call: 'auth/update', body: { auth_state: 0 }, when: { auth_state: [2] }, confirm: true },
      ],
    },
    { url: 'sso/password', resource: 'password-policy', base: '/open/admin/system/bu-management/sso', view: 'single' },
    { url: 'sso/login', resource: 'safe-policy', base: '/open/admin/system/bu-management/sso', view: 'single' },
    { url: 'sso/auth', resource: 'auth-config', base: '/open/admin/system/bu-management/sso', view: 'single' },
    {
      url: 'app', resource: 'installed-app', base: '/open/admin/system/bu-management/app',
      // Installing names only the app: an enabled store app the BU does not have yet.
      verbs: { add: 'install' }, form: ['app_guid'],
      pickers: { app_guid: { resource: 'app', call: '/open/admin/system/bu-management/app/installable' } },
      actions: [{ name: 'uninstall', call: 'uninstall', confirm: true }],
    },
    {
      url: 'app-project', resource: 'app-project', base: '/open/admin/system/bu/app-project',
      // The BU's own apps and the store apps installed in it; the BU's projects.
      pickers: {
        app_guid: { resource: 'app', call: '/open/admin/system/bu-management/app/bu-apps' },
        project_guid: { resource: 'project', call: '/open/admin/system/bu-management/project/list' },
      },
    },
    {
      // Which staff fields the BU uses: optional presets and custom fields, each turned on or off.
      url: 'staff-field', resource: 'field-status', base: '/open/admin/staff-management', label: 'record_page.staff_fields',
      verbs: { list: 'list-field-status' },
      actions: [
        { name: 'enable', call: 'update-field-status', body: { enabled: true }, when: { enabled: [false] } },
        { name: 'disable', call: 'update-field-status', body: { enabled: false }, when: { enabled: [true] }, confirm: true },
      ],
    },
  ],
};

/**
 * A business unit belongs to the main account that created it (scope `user`); creating one makes
 * the creator its owner in `user_bu`. Members reach it through `/open/system/user-bu/*`.
 */
export const bu = defineResource({
  name: 'bu',
  schema: buSchema,
  storage: {
    table: 'bu',
    unique: [['name']],
  },
  api: {
    keyword: ['name', 'alias', 'code'],
    filters: [{ field: 'name', op: 'like' }, { field: 'status' }],
    sort: 'created_at',
    status: enableDisable,
    mounts: [
      {
        // Operators' BU management (docs/operator.md): every BU with its owner and certification state; a
        // BU made for an owner (or for nobody yet) and removed once nothing would be orphaned.
        side: 'operator', base: '/open/admin/system/bu-management', scope: 'oversight', perm: 'admin:bu',
        // Its owner (the main account whose BU it is) and its organisation's certification (0 without one).
        joins: {
          owner_guid: { resource: 'user', on: 'user_guid', field: 'guid' },
          owner_username: { resource: 'user', on: 'user_guid', field: 'username', keyword: true },
          company_name: { resource: 'org', on: { back: 'bu_guid' }, field: 'company_name', keyword: true },
          auth_state: { resource: 'org', on: { back: 'bu_guid' }, field: 'auth_state', fallback: 0, filter: true },
        },
        calls: {
          page: 'page',
          // One BU as the page lists it (by `bu_guid`): its page's header.
          detail: { verb: 'get', by: 'bu_guid' },
          'add-bu': { verb: 'add', handler: 'buManagement.add' },
          // Refused while the BU holds what must not be lost; its configuration goes with it (server/rules/bu.ts).
          'remove-bu': 'delete',
        },
      },
      // Every BU, unpaged (pickers).
      { side: 'operator', base: '/open/admin/system/bu', scope: 'oversight', perm: 'admin:bu', calls: { list: 'list' } },
      // The staff screen's BU filter (catalogue `staff-management/bu-list`, no body).
      { side: 'operator', base: '/open/admin/staff-management', scope: 'oversight', perm: 'admin:staff', calls: { 'bu-list': 'list' } },
      // The order screens' BU column and filter, read with each screen's own permission (docs/views.md).
      ...(['', '/product', '/service'] as const).map((kind) => ({
        side: 'operator' as const, base: `/open/admin/order-management${kind}`, scope: 'oversight' as const, perm: kind ? `admin:order-${kind.slice(1)}` : 'admin:order', calls: { 'bu-list': 'list' as const },
      })),
      {
        side: 'system', base: '/open/system/bu', scope: 'user',
        calls: {
          add: 'add', 'add-detail': 'add', get: 'get', update: 'update', list: 'list', 'update-status': 'status',
          // The sandbox certificate is a developer credential: only holders of the apps permission get it.
          'get-sand-box-auth-certificate': { handler: 'bu.sandboxCertificate', action: 'view', perm: 'tenant:app' },
        },
      },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'cover_url', render: 'image' },
      { field: 'name', sortable: true },
      { field: 'alias' },
      { field: 'code' },
      { field: 'abbreviation' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    screens: [
      {
        scene: 'tenant',
        url: '/account/enterprise/info',
        selectsBu: true,
        userTypes: [1],
        menu: { icon: 'business', title: 'route.enterprise_info', sidebar: 'enterprise', order: 10 },
      },
      {
        scene: 'admin',
        url: '/operation/bu',
        mount: '/open/admin/system/bu-management',
        menu: { icon: 'business' },
        page: BU_PAGE,
        // A new BU may name its owner (a main account).
        schema: buWithOwnerSchema,
        columns: [
          { field: 'cover_url', render: 'image' },
          { field: 'name', sortable: true },
          { field: 'code' },
          { field: 'owner_username' },
          { field: 'company_name' },
          { field: 'auth_state', render: 'status', sortable: true },
          { field: 'status', render: 'status' },
          { field: 'created_at', render: 'date', sortable: true },
        ],
      },
    ],
  },
});
