import { providerInstallationSchema, providerOrderSchema, providerWorkOrderSchema } from '../schemas/provider.ts';
import { defineResource } from './define.ts';
import { ORDER_TONES } from './order.ts';
import { WORK_ORDER_TONES } from './work-order.ts';

/**
 * The service-provider area's lists (docs/store.md, "Service providers"): who installed the BU's
 * store apps and what they ordered, read through views owned by the provider's BU, so the `bu`
 * scope keeps each provider to its own apps' rows and no buyer's records are reachable.
 */
export const providerInstallation = defineResource({
  name: 'provider-installation',
  schema: providerInstallationSchema,
  storage: { table: 'provider_installation', virtual: true },
  api: {
    keyword: ['buyer_name', 'app_name'],
    filters: [{ field: 'app_guid' }, { field: 'status' }],
    sort: '-created_at',
    mounts: [{ side: 'tenant', base: '/open/service-provider/installation', scope: 'bu', perm: 'tenant:sp-installation', calls: { page: 'page' } }],
  },
  admin: {
    titleField: 'buyer_name',
    tones: { status: { '0': 'success', '1': 'default' } },
    columns: [
      { field: 'app_name' },
      { field: 'buyer_name' },
      { field: 'scopes', render: 'scopes' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
      { field: 'tenant_key', off: true },
    ],
    screens: [
      {
        scene: 'tenant',
        url: '/service-provider/installation',
        needsBu: true,
        mount: '/open/service-provider/installation',
        menu: { icon: 'install_desktop', title: 'route.sp_installation', order: 20 },
      },
    ],
  },
});

export const providerOrder = defineResource({
  name: 'provider-order',
  schema: providerOrderSchema,
  storage: { table: 'provider_order', virtual: true },
  api: {
    keyword: ['number', 'buyer_name', 'app_name'],
    filters: [{ field: 'app_guid' }, { field: 'state' }],
    sort: '-created_at',
    mounts: [
      {
        side: 'tenant', base: '/open/service-provider/settlement', scope: 'bu', perm: 'tenant:sp-settlement',
        calls: { page: 'page', monthly: { handler: 'settlement.monthly', action: 'view' } },
      },
    ],
  },
  admin: {
    titleField: 'number',
    tones: ORDER_TONES,
    columns: [
      { field: 'number' },
      { field: 'buyer_name' },
      { field: 'app_name' },
      { field: 'amount', render: 'money' },
      { field: 'state', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
      { field: 'paid_amount', render: 'money', off: true },
      { field: 'cycle', render: 'status', off: true },
    ],
    screens: [
      {
        scene: 'tenant',
        url: '/service-provider/settlement',
        needsBu: true,
        mount: '/open/service-provider/settlement',
        totals: 'monthly',
        menu: { icon: 'account_balance', title: 'route.sp_settlement', order: 30 },
      },
    ],
  },
});

/**
 * Buyers' work orders about the provider's store apps (a work order naming an installation: its
 * `provider_bu_guid`), read with their conversation; the provider answers in it
 * (`/open/service-provider/work-order-record/save`). Operators and the buyer move its state.
 */
export const providerWorkOrder = defineResource({
  name: 'provider-work-order',
  schema: providerWorkOrderSchema,
  storage: { table: 'provider_work_order', virtual: true },
  api: {
    keyword: ['number', 'title', 'buyer_name'],
    filters: [{ field: 'state' }],
    sort: '-updated_at',
    // Its states are the work order's, named as the buyer and the operators read them; none is the provider's to make.
    status: { field: 'state', transitions: [] },
    mounts: [
      {
        side: 'tenant', base: '/open/service-provider/work-order', scope: 'bu', perm: 'tenant:sp-work-order',
        calls: { page: 'page', get: { verb: 'get', handler: 'workOrder.get' } },
      },
    ],
  },
  admin: {
    titleField: 'title',
    tones: WORK_ORDER_TONES,
    columns: [
      { field: 'number' },
      { field: 'title' },
      { field: 'buyer_name' },
      { field: 'app_name' },
      { field: 'state', render: 'status' },
      { field: 'updated_at', render: 'date', sortable: true },
    ],
    details: [{ field: 'description' }, { field: 'category', render: 'status' }],
    conversation: { resource: 'work-order-record', field: 'work_order_guid', reply: 'save', side: 'provider' },
    screens: [
      {
        scene: 'tenant',
        url: '/service-provider/work-order',
        needsBu: true,
        mount: '/open/service-provider/work-order',
        menu: { icon: 'support_agent', title: 'route.sp_work_order', order: 40 },
      },
    ],
  },
});
