import { abilitySchema, appExtPropSchema, appInternal, appSchema, appSecuritySchema } from '../schemas/app.ts';
import { codedCatalogue } from './catalogue.ts';
import { enableDisable, enabledTones } from './status.ts';
import { appScopeSchema, SCOPE } from '../schemas/app-scope.ts';
import type { RecordPage } from './types.ts';
import { defineResource } from './define.ts';

/**
 * An app's page for operators (spec §2 `/operation/app/{id}/...`): its state in each scope, which
 * they may open directly, and its applications for scopes, which they decide there too.
 */
const APP_PAGE: RecordPage = {
  param: 'app_guid',
  get: 'get-app-detail',
  getBy: 'guid',
  tabs: [
    {
      url: 'permission', resource: 'app-scope', base: '/open/admin/app/permissions', param: 'guid', verbs: { list: 'list' },
      actions: [{ name: 'open', call: 'active-permissions', rowList: { group_codes: 'code' }, when: { status: [SCOPE.closed, SCOPE.review] }, confirm: true }],
    },
    { url: 'audit', resource: 'audit-record', base: '/open/admin/app/permissions/audit-record' },
    // Where it may be called from and return to, and its sign-in with the platform, which operators alone turn off.
    { url: 'security', resource: 'app-security', base: '/open/admin/app', view: 'single', verbs: { one: 'get-app-security', save: 'save-backurl' } },
  ],
};

/**
 * A store app's page (`/operation/store/app/{id}/...`): its extra properties for the store listing,
 * its classifications, the scopes its buyers grant it and where its events go.
 */
const STORE_APP_PAGE: RecordPage = {
  param: 'app_guid',
  get: 'app-info',
  getBy: 'guid',
  tabs: [
    {
      url: 'permission', resource: 'app-scope', base: '/open/admin/app-manage/permissions', param: 'guid', verbs: { list: 'list' },
      actions: [{ name: 'open', call: 'active-permissions', rowList: { group_codes: 'code' }, when: { status: [SCOPE.closed, SCOPE.review] }, confirm: true }],
    },
    // Where its ticket and its buyers' installations are pushed, with the keys its receiver verifies them by.
    {
      url: 'event', resource: 'event-config', base: '/open/admin/app-manage/event', view: 'single', verbs: { one: 'subscribe-config/get', save: 'subscribe-config/save-update' },
      shows: [{ field: 'verification_token' }, { field: 'encrypt_key' }, { field: 'verified_at', render: 'date' }],
    },
    { url: 'ext-props', resource: 'app-ext-prop', base: '/open/admin/app-manage', verbs: { list: 'ext-props-list' }, form: ['prop_key', 'prop_value', 'sort'] },
    // The classifications it is placed in (the store's categories), through the classification's calls.
    {
      url: 'classify', resource: 'classify-app', base: '/open/app/classify/app-related', form: ['classify_guid', 'sort'], label: 'resources.classify.name',
      pickers: { classify_guid: { resource: 'classify', call: '/open/app/market/search/classify/list' } },
    },
  ],
};

/**
 * A developer's app (spec §3): it belongs to the caller's BU; its credentials are an app id and a
 * secret shown once (on create and on reset), stored as a hash (server/rules/app.ts).
 */
export const app = defineResource({
  name: 'app',
  schema: appSchema,
  internal: appInternal,
  storage: {
    table: 'app',
    unique: [['code'], ['name']],
    indexes: [['app_id']],
  },
  api: {
    createOnly: ['code'],
    keyword: ['name', 'code', 'app_id'],
    filters: [{ field: 'name', op: 'like' }, { field: 'type' }, { field: 'status' }],
    sort: '-created_at',
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
          // The debug console's own (its node grants them alone): the BU's apps to pick from, and an
          // app's token without the secret, so whoever holds the debug console may act as the BU's apps.
          'debug/app-list': { verb: 'list', perm: 'tenant:console' },
          'debug/app-token': { handler: 'app.debugToken', action: 'update', perm: 'tenant:console' },
          // The BU's enabled apps, for a project's app picker (no body).
          'get-project-app-list': { verb: 'list', where: { status: [0] } },
          // The store apps the BU provides as a service provider.
          'service-provider/page': { verb: 'page', where: { type: [0] } },
          'ability/bind': { handler: 'app.bindAbilities', action: 'update' },
        },
      },
      {
        // A service provider's store apps, which its versions name (the version form's picker).
        side: 'tenant', base: '/open/service-provider/app', scope: 'bu', perm: 'tenant:sp-app',
        calls: { list: { verb: 'list', where: { type: [0] } } },
      },
      {
        // Operators oversee every BU's apps (details, enable and disable) on a screen of their own, and an app's page.
        side: 'operator', base: '/open/admin/app', scope: 'oversight', perm: 'admin:app',
        calls: { 'app-list': 'page', 'get-app-detail': 'get', 'update-status': 'status' },
      },
      {
        // The platform's own apps (the store's), which store staff create, with a screen of their own and a page per app.
        side: 'operator', base: '/open/admin/app-manage', scope: 'platform', perm: 'admin:store-app',
        // Every app of this screen is a store app (type 0): its form has no type to choose.
        fixed: { type: 0 },
        // A store app is taken out of the store by disabling it (named in the catalogue's convention).
        calls: { page: 'page', 'app-list': 'list', 'app-info': 'get', 'add-app': 'add', 'update-app': 'update', 'update-status': 'status' },
      },
      {
        // BU management's pickers (docs/operator.md): apps for one BU, named by `bu_guid`.
        side: 'operator', base: '/open/admin/system/bu-management/app', scope: 'oversight', within: 'bu_guid', perm: 'admin:bu',
        calls: {
          // Enabled store apps the BU has not installed (what `install` takes).
          installable: { verb: 'list', handler: 'buManagement.installable', requires: ['bu_guid'] },
          // The BU's own apps and its installed store apps (what an app-project binding takes).
          'bu-apps': { verb: 'list', handler: 'buManagement.buApps', requires: ['bu_guid'] },
        },
      },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones, type: { '0': 'info', '1': 'default', '2': 'default' } },
    columns: [
      { field: 'name', sortable: true },
      { field: 'code' },
      { field: 'app_id' },
      { field: 'type', render: 'status' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    // The developer's list of the BU's apps; an app (and a new one) opens its own pages.
    screens: [
      {
        scene: 'tenant',
        url: '/business/app',
        needsBu: true,
        opens: '/business/app/:id/config',
        mount: '/open/app',
        menu: { icon: 'apps', title: 'route.app', needsBu: true, order: 30 },
      },
      { scene: 'admin', url: '/operation/app', mount: '/open/admin/app', menu: { icon: 'apps' }, page: APP_PAGE },
      {
        scene: 'admin',
        url: '/operation/store/app',
        mount: '/open/admin/app-manage',
        menu: { icon: 'widgets' },
        page: STORE_APP_PAGE,
        schema: appSchema.omit({ type: true }),
      },
    ],
  },
});

/**
 * An app's security, one row per app (`singletonPer`): its IP whitelist, checked on every open-API
 * call and token request, and its redirect URLs. Reached through the app, so through its BU.
 */
export const appSecurity = defineResource({
  name: 'app-security',
  schema: appSecuritySchema,
  storage: {
    table: 'app_security',
    unique: [['app_guid']],
  },
  relations: {
    references: { app_guid: 'app' },
    singletonPer: 'app_guid',
  },
  api: {
    mounts: [
      {
        side: 'tenant', base: '/open/app', scope: 'bu', perm: 'tenant:app',
        calls: { 'get-app-security': 'one', 'set-app-security': 'save', 'save-backurl': 'save', 'del-app-security': 'delete' },
      },
      // Operators read and save an app's security on its page: its redirect URLs, and whether it may sign people in (docs/oauth.md).
      { side: 'operator', base: '/open/admin/app', scope: 'oversight', perm: 'admin:app', calls: { 'get-app-security': 'one', 'save-backurl': 'save' } },
    ],
  },
  admin: {
    columns: [{ field: 'ip_whitelist', render: 'tags' }, { field: 'redirect_urls', render: 'tags' }],
  },
});

/** Extra properties of an app for its store listing, kept by operators. */
export const appExtProp = defineResource({
  name: 'app-ext-prop',
  schema: appExtPropSchema,
  storage: {
    table: 'app_ext_prop',
    unique: [['app_guid', 'prop_key']],
  },
  relations: {
    references: { app_guid: 'app' },
  },
  api: {
    filters: [{ field: 'app_guid' }],
    sort: 'sort',
    mounts: [
      {
        side: 'operator', base: '/open/admin/app-manage', scope: 'platform', perm: 'admin:app',
        calls: { 'ext-props-list': { verb: 'list', requires: ['app_guid'] }, 'add-ext-props': 'add', 'update-ext-props': 'update', 'delete-ext-props': 'delete' },
      },
    ],
  },
  admin: {
    titleField: 'prop_key',
    columns: [{ field: 'prop_key' }, { field: 'prop_value' }, { field: 'sort', sortable: true }],
  },
});

/**
 * An app's state in each enabled scope of the open API (not opened, under review, opened), read
 * through the app (handler `app.scopes`); operators open scopes directly (`active-permissions`).
 */
export const appScope = defineResource({
  name: 'app-scope',
  schema: appScopeSchema,
  storage: {
    table: 'app_scope',
    virtual: true,
  },
  api: {
    mounts: [
      {
        side: 'operator', base: '/open/admin/app/permissions', scope: 'oversight', perm: 'admin:app',
        calls: {
          list: { handler: 'app.scopes', action: 'view' },
          'active-permissions': { handler: 'app.activatePermissions', action: 'status' },
        },
      },
      {
        // The platform's store apps: the scopes their buyers grant at installation (docs/store.md).
        side: 'operator', base: '/open/admin/app-manage/permissions', scope: 'platform', perm: 'admin:store-app',
        calls: {
          list: { handler: 'app.scopes', action: 'view' },
          'active-permissions': { handler: 'app.activatePermissions', action: 'status' },
        },
      },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: { [SCOPE.closed]: 'default', [SCOPE.review]: 'warning', [SCOPE.open]: 'success' } },
    columns: [{ field: 'name' }, { field: 'code' }, { field: 'description' }, { field: 'status', render: 'status' }],
  },
});

/** The platform's abilities (seeded, server/seed/api-groups.ts); an app's bound ones are in its `ability_codes`. */
export const ability = codedCatalogue('ability', 'ability', abilitySchema, [
  { side: 'tenant', base: '/open/app/ability', scope: 'catalog', perm: 'tenant:app', calls: { page: { verb: 'page', where: { status: [0] } }, list: { verb: 'list', where: { status: [0] } } } },
]);
