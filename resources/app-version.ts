import { appVersionInternal, appVersionSchema, VERSION } from '../schemas/app-version.ts';
import { defineResource } from './define.ts';

const { draft, review, listed, rejected, delisted } = VERSION;
/** The app a version is of, by name, on both sides' lists (the review queue's rows name it). */
const appName = { app_name: { resource: 'app', on: 'app_guid', field: 'name' } } as const;
/** A version read beside what is live: the store's listing of its app and the scopes open now (server/handlers/store-review.ts). */
const COMPARED = { verb: 'get', handler: 'storeReview.compare', action: 'view' } as const;

/**
 * A service provider's store app version (docs/store.md, "Service providers"): the provider drafts
 * its listing and the scopes it asks buyers for, then submits it; an operator approves it from the
 * review queue (the store lists it: server/services/store-publish.ts) or rejects it with a reason;
 * a listed version is delisted and relisted. Every decision is a write, so it is in the operation log.
 */
export const appVersion = defineResource({
  name: 'app-version',
  schema: appVersionSchema,
  internal: appVersionInternal,
  storage: {
    table: 'app_version',
    unique: [['app_guid', 'version']],
    indexes: [['status', 'submitted_at']],
  },
  relations: {
    references: { app_guid: 'app', scope_guids: 'api-group', classify_guids: 'classify' },
  },
  api: {
    createOnly: ['app_guid'],
    keyword: ['version', 'summary'],
    filters: [{ field: 'app_guid' }, { field: 'status' }, { field: 'bu_guid' }],
    sort: '-created_at',
    status: {
      field: 'status',
      transitions: [
        { name: 'submit', from: [draft, rejected], to: review, sides: ['tenant'] },
        { name: 'withdraw', from: [review], to: draft, confirm: true, sides: ['tenant'] },
        { name: 'approve', from: [review], to: listed, confirm: true, sides: ['operator'] },
        { name: 'reject', from: [review], to: rejected, confirm: true, sides: ['operator'], reason: 'reason' },
        { name: 'delist', from: [listed], to: delisted, confirm: true, sides: ['operator'], reason: 'reason' },
        { name: 'relist', from: [delisted], to: listed, confirm: true, sides: ['operator'] },
      ],
    },
    mounts: [
      {
        // The provider's own: its versions, edited while a draft or rejected, submitted and withdrawn.
        side: 'tenant', base: '/open/service-provider/app-version', scope: 'bu', perm: 'tenant:sp-app', joins: appName,
        calls: {
          page: 'page', get: COMPARED, add: 'add', update: 'update', delete: 'delete',
          submit: { verb: 'status', transition: 'submit', action: 'status' },
          withdraw: { verb: 'status', transition: 'withdraw', action: 'status' },
        },
      },
      {
        // The review queue (operators holding the store's review node), oldest submission first.
        side: 'operator', base: '/open/admin/store-review', scope: 'oversight', perm: 'admin:store-review', joins: appName,
        calls: {
          page: { verb: 'page', sort: 'submitted_at' },
          get: COMPARED,
          approve: { verb: 'status', transition: 'approve', action: 'status' },
          reject: { verb: 'status', transition: 'reject', action: 'status' },
          delist: { verb: 'status', transition: 'delist', action: 'status' },
          relist: { verb: 'status', transition: 'relist', action: 'status' },
        },
      },
    ],
  },
  admin: {
    titleField: 'version',
    tones: { status: { [draft]: 'default', [review]: 'warning', [listed]: 'success', [rejected]: 'error', [delisted]: 'default', [VERSION.replaced]: 'default' } },
    columns: [
      { field: 'app_name' },
      { field: 'version' },
      { field: 'bu_guid', render: 'reference', reference: 'bu', off: true },
      { field: 'price', render: 'money' },
      { field: 'status', render: 'status' },
      { field: 'submitted_at', render: 'date', sortable: true },
      { field: 'reason' },
    ],
    details: [
      { field: 'summary' },
      { field: 'live_summary' },
      { field: 'live_price', render: 'money' },
      { field: 'live_listed', render: 'boolean' },
      { field: 'scopes', render: 'scopes' },
      { field: 'scopes_added', render: 'scopes' },
      { field: 'scopes_removed', render: 'scopes' },
      { field: 'classify_guids', render: 'reference', reference: 'classify' },
      { field: 'note' },
      { field: 'reviewed_at', render: 'date' },
    ],
    screens: [
      {
        scene: 'tenant',
        url: '/service-provider/app',
        needsBu: true,
        mount: '/open/service-provider/app-version',
        menu: { icon: 'storefront', title: 'route.sp_app', order: 10 },
      },
      { scene: 'admin', url: '/operation/store/review', mount: '/open/admin/store-review', menu: { icon: 'fact_check' } },
    ],
  },
});
