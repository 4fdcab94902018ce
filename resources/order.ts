import { installedAppSchema, orderInternal, orderSchema } from '../schemas/order.ts';
import type { ResourceDef } from './types.ts';

/**
 * A BU's orders. A purchase in the store makes a general order, to be paid (server/handlers/market.ts);
 * the orders' other kinds, payment, import and export belong to the operator's order management.
 */
export const order: ResourceDef<typeof orderSchema> = {
  name: 'order',
  table: 'orders',
  schema: orderSchema,
  internal: orderInternal,
  titleField: 'app_name',
  tones: { state: { '0': 'warning', '1': 'success', '2': 'default' } },
  keyword: ['number', 'app_name'],
  filters: [{ field: 'state' }, { field: 'kind' }, { field: 'app_guid' }, { field: 'bu_guid' }],
  columns: [
    { field: 'number' },
    { field: 'app_name' },
    { field: 'kind', render: 'status' },
    { field: 'amount', render: 'money' },
    { field: 'state', render: 'status' },
    { field: 'created_at', render: 'date', sortable: true },
  ],
  sort: '-created_at',
  unique: [['number']],
  menu: { scene: 'admin', url: '/operation/order', icon: 'receipt_long' },
  tenant: [{ url: '/account/order', needsBu: true }],
  mounts: [
    { side: 'tenant', base: '/open/order', scope: 'bu', perm: 'tenant:order', calls: { page: 'page', get: 'get' } },
    { side: 'operator', base: '/open/admin/order-management', scope: 'oversight', perm: 'admin:order', calls: { page: 'page', get: 'get' } },
  ],
};

/** The store apps a BU has (its enterprise apps), one row per app: buying twice installs once. */
export const installedApp: ResourceDef<typeof installedAppSchema> = {
  name: 'installed-app',
  table: 'installed_app',
  schema: installedAppSchema,
  titleField: 'app_name',
  keyword: ['app_name'],
  filters: [{ field: 'app_guid' }],
  columns: [{ field: 'icon', render: 'image' }, { field: 'app_name' }, { field: 'created_at', render: 'date', sortable: true }],
  sort: '-created_at',
  unique: [['app_guid']],
  tenant: [{ url: '/account/enterprise/app', needsBu: true }],
  mounts: [
    { side: 'tenant', base: '/open/installed-app', scope: 'bu', perm: 'tenant:enterprise-app', calls: { page: 'page', list: 'list' } },
    {
      side: 'tenant', base: '/open/app/market', scope: 'bu', perm: 'tenant:enterprise-app',
      // Needs a sign-in and a BU; the order and the installation are made once (idempotent).
      calls: { 'app-purchase/use': { handler: 'market.purchase', action: 'add' } },
    },
  ],
};
