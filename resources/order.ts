import { installedAppInternal, installedAppSchema, orderInternal, orderSchema, paymentRecordInternal, paymentRecordSchema } from '../schemas/order.ts';
import type { CallSpec, Mount, Screen } from './types.ts';
import { defineResource } from './define.ts';

/** The operator's calls of one kind of order (the catalogue's general, product and service groups). */
const kindCalls: Record<string, CallSpec | 'page' | 'get'> = {
  page: 'page',
  get: 'get',
  'save-order': { verb: 'add' },
  'update-order': { verb: 'update' },
  // Beyond the catalogue (its update-status convention): voiding needs a reason and cannot be undone.
  void: { verb: 'status', transition: 'void' },
  // Import and export (docs/orders.md): a CSV or XLSX file, or JSON rows; the filtered list as a file.
  'import-orders': { handler: 'order.import', action: 'import', form: true },
  'export-orders': { handler: 'order.export', action: 'export' },
  // The import's template: its columns in the reader's language, an example row and the rules (an XLSX).
  'import-template': { handler: 'order.template', action: 'import' },
};
/** The general kind's mount also has the catalogue's `export` (the list's filters in a JSON body). */
const generalCalls: Record<string, CallSpec | 'page' | 'get'> = { ...kindCalls, export: { handler: 'order.export', action: 'export' } };

const kindMount = (kind: 'product' | 'service', value: number): Mount => ({
  side: 'operator', base: `/open/admin/order-management/${kind}`, scope: 'oversight', perm: `admin:order-${kind}`,
  fixed: { kind: value }, calls: kindCalls, transfer: { import: 'import-orders', export: 'export-orders', template: 'import-template' },
});
/** Its operator screen, through that mount. */
const kindScreen = (kind: 'product' | 'service'): Screen => ({
  scene: 'admin', url: `/operation/order-${kind}`, mount: `/open/admin/order-management/${kind}`, menu: { icon: kind === 'product' ? 'inventory_2' : 'support_agent' },
});

/** An order's states in lists: to be paid amber, paid green, expired grey, void red. */
export const ORDER_TONES = { state: { '0': 'warning', '1': 'success', '2': 'default', '3': 'error' } } as const;

/**
 * A BU's orders (docs/orders.md). A purchase in the store makes a general order, to be paid
 * (server/handlers/market.ts); operators make orders of every kind and record their payments.
 * Amounts are integer cents of the order's currency; received payments make it paid
 * (server/rules/order.ts), and a to-be-paid order past its due time expires (server/services/order-expiry.ts).
 */
export const order = defineResource({
  name: 'order',
  schema: orderSchema,
  internal: orderInternal,
  storage: {
    table: 'orders',
    unique: [['number']],
    // The operators' lists and exports of one kind across every BU, newest first (keyset on created_at, guid).
    indexes: [['state', 'due_at'], ['kind', 'created_at', 'guid']],
  },
  api: {
    keyword: ['number', 'app_name'],
    filters: [{ field: 'state' }, { field: 'kind' }, { field: 'currency' }, { field: 'app_guid' }, { field: 'bu_guid' }],
    sort: '-created_at',
    status: {
      field: 'state',
      transitions: [{ name: 'void', from: [0, 2], to: 3, confirm: true, sides: ['operator'], reason: 'void_reason' }],
    },
    mounts: [
      { side: 'tenant', base: '/open/order', scope: 'bu', perm: 'tenant:order', calls: { page: 'page', get: 'get' } },
      { side: 'operator', base: '/open/admin/order-management', scope: 'oversight', perm: 'admin:order', fixed: { kind: 0 }, calls: generalCalls, transfer: { import: 'import-orders', export: 'export', template: 'import-template' } },
      kindMount('product', 1),
      kindMount('service', 2),
    ],
  },
  admin: {
    titleField: 'number',
    tones: ORDER_TONES,
    // The customer's BU shows by default; currency, due time and note are offered to column sets (docs/views.md).
    columns: [
      { field: 'number' },
      { field: 'bu_guid', render: 'reference', reference: 'bu' },
      { field: 'app_name' },
      { field: 'kind', render: 'status' },
      { field: 'amount', render: 'money' },
      { field: 'paid_amount', render: 'money' },
      { field: 'state', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
      { field: 'currency', render: 'status', off: true },
      { field: 'due_at', render: 'date', off: true },
      { field: 'note', off: true },
    ],
    details: [
      { field: 'cycle', render: 'status' },
      { field: 'pay_type', render: 'status' },
      { field: 'void_reason' },
    ],
    related: [{ resource: 'payment-record', field: 'order_guid' }],
    screens: [
      { scene: 'admin', url: '/operation/order', menu: { icon: 'receipt_long' } },
      {
        scene: 'tenant',
        url: '/account/order',
        needsBu: true,
        details: 'info',
        next: { label: 'empty_next.store', to: '/appStore' },
        mount: '/open/order',
        menu: { icon: 'receipt_long', title: 'route.order', order: 80 },
      },
      kindScreen('product'),
      kindScreen('service'),
    ],
  },
});

/**
 * Payments towards an order, recorded by operators (bank transfers arrive outside the platform).
 * Each lands in its order's BU and currency; the BU reads them on the order's page, and its
 * received payments are its expenses (`/account/expenses`, with totals by month).
 */
export const paymentRecord = defineResource({
  name: 'payment-record',
  schema: paymentRecordSchema,
  internal: paymentRecordInternal,
  storage: {
    table: 'payment_records',
    indexes: [['order_guid', 'paid_at']],
  },
  relations: {
    references: { order_guid: 'order' },
  },
  api: {
    createOnly: ['order_guid'],
    keyword: ['order_number', 'app_name', 'reference'],
    filters: [{ field: 'order_guid' }, { field: 'state' }, { field: 'method' }, { field: 'currency' }, { field: 'bu_guid' }],
    sort: '-paid_at',
    listCap: 500,
    mounts: [
      { side: 'tenant', base: '/open/order/payment-record', scope: 'bu', perm: 'tenant:order', calls: { list: { verb: 'list', requires: ['order_guid'] } } },
      {
        side: 'tenant', base: '/open/expenses', scope: 'bu', perm: 'tenant:expenses',
        calls: { page: { verb: 'page', where: { state: [1] } }, monthly: { handler: 'payment.monthly', action: 'view' } },
      },
      {
        side: 'operator', base: '/open/admin/payment-records', scope: 'oversight', perm: 'admin:order',
        calls: { list: { verb: 'list', requires: ['order_guid'] }, 'add-record': 'add', 'update-record': 'update', 'delete-record': 'delete' },
      },
    ],
  },
  admin: {
    titleField: 'reference',
    tones: { state: { '0': 'warning', '1': 'success' } },
    columns: [
      { field: 'order_number' },
      { field: 'app_name' },
      { field: 'amount', render: 'money' },
      { field: 'method', render: 'status' },
      { field: 'state', render: 'status' },
      { field: 'paid_at', render: 'date', sortable: true },
      { field: 'reference' },
      { field: 'currency', render: 'status', off: true },
      { field: 'note', off: true },
    ],
    screens: [
      {
        scene: 'tenant',
        url: '/account/expenses',
        needsBu: true,
        mount: '/open/expenses',
        totals: 'monthly',
        menu: { icon: 'payments', title: 'route.expenses', order: 90 },
      },
    ],
  },
});

/** The store apps a BU has (its enterprise apps), one row per app: buying twice installs once. */
export const installedApp = defineResource({
  name: 'installed-app',
  schema: installedAppSchema,
  internal: installedAppInternal,
  storage: {
    table: 'installed_app',
    unique: [['app_guid']],
    // A tenant token is asked for by the app and the buyer's tenant key.
    indexes: [['app_guid', 'tenant_key']],
  },
  api: {
    keyword: ['app_name'],
    filters: [{ field: 'app_guid' }, { field: 'status' }],
    sort: '-created_at',
    // The buyer stops an app (its tokens and events pause) and restarts it; its grant and key stay.
    status: {
      field: 'status',
      transitions: [{ name: 'stop', from: [0], to: 1, confirm: true, sides: ['tenant'] }, { name: 'restart', from: [1], to: 0, sides: ['tenant'] }],
    },
    mounts: [
      {
        // Stopping and uninstalling end the app's access to the BU at once (server/rules/installed-app.ts); the order stays.
        side: 'tenant', base: '/open/installed-app', scope: 'bu', perm: 'tenant:enterprise-app',
        calls: {
          page: 'page', list: 'list', get: 'get', 'update-status': 'status', delete: 'delete',
          // Granting what the app asks for beyond its grant is installing it further: the right to install (docs/store.md).
          consent: { handler: 'installed.consent', action: 'add' },
        },
      },
      {
        // BU management (docs/operator.md): the installed apps of the BU an operator names, with the app's
        // code and state and the order that bought it; an operator installs and uninstalls them without an order.
        side: 'operator', base: '/open/admin/system/bu-management/app', scope: 'oversight', within: 'bu_guid', perm: 'admin:bu',
        joins: {
          app_code: { resource: 'app', on: 'app_guid', field: 'code' },
          app_status: { resource: 'app', on: 'app_guid', field: 'status' },
          order_number: { resource: 'order', on: 'order_guid', field: 'number' },
          order_state: { resource: 'order', on: 'order_guid', field: 'state' },
        },
        calls: {
          list: 'page',
          detail: { handler: 'buManagement.appDetail', action: 'view' },
          install: { handler: 'buManagement.install', action: 'add' },
          uninstall: { handler: 'buManagement.uninstall', action: 'delete' },
        },
      },
      // The installed app a work order is about, named on the work orders' pages (docs/service-desk.md).
      { side: 'operator', base: '/open/admin/work-order/installed-app', scope: 'oversight', perm: 'admin:work-order', calls: { get: 'get' } },
      {
        side: 'tenant', base: '/open/app/market', scope: 'bu', perm: 'tenant:enterprise-app',
        // Needs a sign-in and a BU; the order and the installation are made once (idempotent).
        calls: { 'app-purchase/use': { handler: 'market.purchase', action: 'add' } },
      },
    ],
  },
  admin: {
    titleField: 'app_name',
    deletes: 'uninstall',
    // The app's name opens its store page; the row opens its details. Uninstalling (after a
    // confirmation) ends the app's access at once; its order stays (docs/store.md).
    tones: { status: { '0': 'success', '1': 'default' } },
    columns: [
      { field: 'icon', render: 'image' }, { field: 'app_name', to: '/appStore/{app_guid}' }, { field: 'scopes', render: 'scopes' },
      { field: 'pending_scopes', render: 'scopes' }, { field: 'status', render: 'status' }, { field: 'created_at', render: 'date', sortable: true },
    ],
    // Its details name the order that bought it (none when an operator installed it) and the key the app knows the BU by.
    details: [
      { field: 'order_guid', render: 'reference', reference: 'order' }, { field: 'tenant_key' },
      // What the app did in the BU: the developer log, searching its calls and the events it was sent from here.
      { field: 'calls', to: '/developer/log?app_guid={app_guid}', linkLabel: 'links.app_calls' },
    ],
    screens: [
      {
        scene: 'tenant',
        url: '/account/enterprise/app',
        needsBu: true,
        next: { label: 'empty_next.store', to: '/appStore' },
        mount: '/open/installed-app',
        // "Needs your approval": what a later version asks for, granted after confirming.
        actions: [{ name: 'consent', call: 'consent', when: { needs_consent: [true] }, confirm: true, rowFields: { scopes: 'pending_scopes' } }],
        menu: { icon: 'apps', title: 'route.enterprise_app', needsBu: true, sidebar: 'enterprise', order: 30 },
      },
    ],
  },
});
