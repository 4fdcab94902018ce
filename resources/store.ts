import { classifyAppSchema, classifySchema, labelSchema, listingSchema } from '../schemas/store.ts';
import { enableDisable, enabledTones } from './status.ts';
import type { RecordPage } from './types.ts';
import { defineResource } from './define.ts';

/**
 * The app store (docs/store.md). Its rows are the platform's: anyone reads what is listed, without
 * a token; operators holding the store's permissions (the store staff) write, through the
 * catalogue's tenant-side paths. A store app is an app of type 0 the platform manages
 * (`/open/admin/app-manage`).
 */

/** The store apps a picker offers: the platform's own apps (type 0), enabled or not. */
export const STORE_APPS = '/open/admin/app-manage/app-list';
/** The enabled classifications a picker offers. */
export const ENABLED_CLASSIFICATIONS = '/open/app/market/search/classify/list';
const PLACED = '/open/app/classify/app-related';

/** A classification's page (`/operation/store/classify/{id}/...`): its own form and the store apps placed in it. */
const CLASSIFY_PAGE: RecordPage = {
  param: 'classify_guid',
  get: 'info',
  getBy: 'guid',
  tabs: [{ url: 'apps', resource: 'classify-app', base: PLACED, form: ['app_guid', 'sort'], pickers: { app_guid: { resource: 'app', call: STORE_APPS } } }],
};

export const label = defineResource({
  name: 'label',
  schema: labelSchema,
  storage: {
    table: 'app_label',
    unique: [['name']],
  },
  api: {
    keyword: ['name'],
    filters: [{ field: 'name', op: 'like' }, { field: 'status' }],
    sort: 'sort',
    status: enableDisable,
    mounts: [
      { side: 'tenant', base: '/open/app/label', scope: 'catalog', perm: 'admin:store-label', calls: { add: 'add', delete: 'delete', update: 'update', page: 'page', info: 'get' } },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [{ field: 'name' }, { field: 'sort', sortable: true }, { field: 'status', render: 'status' }, { field: 'created_at', render: 'date' }],
    screens: [
      { scene: 'admin', url: '/operation/store/label', menu: { icon: 'sell' } },
    ],
  },
});

export const classify = defineResource({
  name: 'classify',
  schema: classifySchema,
  storage: {
    table: 'app_classify',
    unique: [['name']],
  },
  api: {
    keyword: ['name'],
    filters: [{ field: 'name', op: 'like' }, { field: 'status' }],
    sort: 'sort',
    status: enableDisable,
    mounts: [
      {
        side: 'tenant', base: '/open/app/classify', scope: 'catalog', perm: 'admin:store-classify',
        calls: { add: 'add', delete: 'delete', update: 'update', page: 'page', info: 'get' },
      },
      // The enabled classifications a service provider's version may wish to be in (its form's picker).
      { side: 'tenant', base: '/open/service-provider/classify', scope: 'catalog', perm: 'tenant:sp-app', calls: { list: { verb: 'list', where: { status: [0] } } } },
      // The store's enabled classifications, for visitors, each with how many listed apps it holds.
      { side: 'tenant', base: '/open/app/market/search', scope: 'catalog', calls: { 'classify/list': { verb: 'list', handler: 'market.classifications', public: true } } },
    ],
  },
  admin: {
    screens: [{ scene: 'admin', url: '/operation/store/classify', mount: '/open/app/classify', menu: { icon: 'category' }, page: CLASSIFY_PAGE }],
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [{ field: 'name' }, { field: 'icon', render: 'image' }, { field: 'sort', sortable: true }, { field: 'status', render: 'status' }],
  },
});

export const classifyApp = defineResource({
  name: 'classify-app',
  schema: classifyAppSchema,
  storage: {
    table: 'app_classify_app',
    unique: [['classify_guid', 'app_guid']],
  },
  relations: {
    references: { classify_guid: 'classify', app_guid: 'app' },
  },
  api: {
    filters: [{ field: 'classify_guid' }, { field: 'app_guid' }],
    sort: 'sort',
    mounts: [
      {
        side: 'tenant', base: PLACED, scope: 'catalog', perm: 'admin:store-classify-app',
        calls: { add: 'add', page: 'page', update: 'update', delete: 'delete' },
      },
    ],
  },
  admin: {
    titleField: 'app_guid',
    columns: [
      { field: 'classify_guid', render: 'reference', reference: 'classify' },
      { field: 'app_guid', render: 'reference', reference: 'app' },
      { field: 'sort', sortable: true },
    ],
    // Its own menu node (and code), so the screen is in the menu and granted like any other; the
    // classification's and the store app's pages place apps through the same calls.
    screens: [
      { scene: 'admin', url: '/operation/store/classify-app', menu: { icon: 'account_tree' } },
    ],
  },
});

/** An app's store listing (`app/introduce`), one per store app, saved by `update/app-manage`. */
export const listing = defineResource({
  name: 'listing',
  schema: listingSchema,
  storage: {
    table: 'app_listing',
    unique: [['app_guid']],
  },
  relations: {
    references: { app_guid: 'app', label_guids: 'label' },
    singletonPer: 'app_guid',
  },
  api: {
    keyword: ['summary', 'provider'],
    filters: [{ field: 'app_guid' }, { field: 'status' }],
    sort: 'sort',
    mounts: [
      {
        side: 'tenant', base: '/open/app/introduce', scope: 'catalog', perm: 'admin:store-listing',
        calls: {
          'search/admin/app-manage/list': 'page',
          'search/app-manage/get': 'get',
          'delete/app-manage/info': 'delete',
          'update/app-manage': 'save',
        },
      },
      {
        // What visitors read: the store's search, one app's card, its listing and its labels.
        side: 'tenant', base: '/open/app/market/search', scope: 'catalog',
        calls: {
          'app-classify/list': { handler: 'market.search', public: true },
          'app-classify/get': { handler: 'market.card', public: true },
          'app-manage/info': { handler: 'market.detail', public: true },
          'app-label/info': { handler: 'market.labels', public: true },
        },
      },
    ],
  },
  admin: {
    titleField: 'app_guid',
    tones: { status: { '0': 'success', '1': 'default' } },
    columns: [
      { field: 'app_guid', render: 'reference', reference: 'app' },
      { field: 'summary' },
      { field: 'label_guids', render: 'reference', reference: 'label' },
      { field: 'price', render: 'money' },
      { field: 'status', render: 'status' },
      { field: 'sort', sortable: true },
    ],
    screens: [
      { scene: 'admin', url: '/operation/store/listing', menu: { icon: 'storefront' } },
    ],
  },
});
