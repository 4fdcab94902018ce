import { apiGroupSchema, auditRecordInternal, auditRecordSchema } from '../schemas/app-scope.ts';
import { codedCatalogue } from './catalogue.ts';
import { defineResource } from './define.ts';

/** The open API's scopes, seeded with the calls that use them (server/seed/api-groups.ts). */
export const apiGroup = codedCatalogue('api-group', 'api_group', apiGroupSchema, [
  { side: 'operator', base: '/open/admin/app-manage/app-auth', scope: 'platform', perm: 'admin:app', calls: { 'api-group-list': 'list' } },
  {
    side: 'operator', base: '/open/admin/api-field', scope: 'platform', perm: 'admin:app',
    calls: { 'group-api-detail': { handler: 'apiGroup.apis', action: 'view' }, 'group-event-detail': { handler: 'apiGroup.events', action: 'view' } },
  },
  {
    side: 'tenant', base: '/open/api-field', scope: 'catalog',
    calls: {
      // The APIs and events a scope unlocks, for the embeddable table (public, spec §8).
      'group-api-detail': { handler: 'apiGroup.apis', public: true },
      'group-event-detail': { handler: 'apiGroup.events', public: true },
    },
  },
  // The enabled scopes a service provider's version may ask its buyers for (its form's picker).
  { side: 'tenant', base: '/open/service-provider/scope', scope: 'catalog', perm: 'tenant:sp-app', calls: { list: { verb: 'list', where: { status: [0] } } } },
  // The open capabilities page (public; the catalogue names the capacity list without its path).
  { side: 'tenant', base: '/open/capacity', scope: 'catalog', calls: { list: { handler: 'apiGroup.capacities', public: true } } },
]);

/** An application for scopes of an app: pending → passed (scopes opened) or not passed (with a reason) → complete. */
export const auditRecord = defineResource({
  name: 'audit-record',
  schema: auditRecordSchema,
  internal: auditRecordInternal,
  storage: {
    table: 'audit_record',
  },
  relations: {
    references: { app_guid: 'app' },
  },
  api: {
    filters: [{ field: 'status' }, { field: 'app_guid' }],
    sort: '-created_at',
    status: {
      field: 'status',
      transitions: [
        { name: 'open_audit', from: [0], to: 1, sides: ['operator'] },
        { name: 'close_audit', from: [0], to: 2, confirm: true, sides: ['operator'], reason: 'remark' },
        // The tenant's own side: withdraw its pending application, or submit a refused one again.
        { name: 'withdraw', from: [0, 4], to: 2, confirm: true, sides: ['tenant'] },
        { name: 'reapply', from: [2], to: 0, sides: ['tenant'] },
        // Either side marks a passed application done (it leaves the waiting lists).
        { name: 'sign_complete', from: [1], to: 3 },
      ],
    },
    mounts: [
      {
        side: 'tenant', base: '/open/app/permissions/audit-record', scope: 'bu', perm: 'tenant:app',
        calls: {
          page: 'page', info: 'get', 'item-page': 'page',
          'wait-audit/items-by-app-Guid': { verb: 'list', where: { status: [0] } },
          'apply-permissions': { handler: 'audit.apply', action: 'update' },
          'close-audit': { verb: 'status', transition: 'withdraw', action: 'update' },
          'open-audit': { verb: 'status', transition: 'reapply', action: 'update' },
          'sign-complete': { verb: 'status', transition: 'sign_complete', action: 'update' },
        },
      },
      {
        side: 'operator', base: '/open/admin/app/permissions/audit-record', scope: 'oversight', perm: 'admin:app-audit',
        calls: {
          page: 'page', 'item-page': 'page', info: 'get',
          'wait-audit/items-by-app-guid': { verb: 'list', where: { status: [0] } },
          'open-audit': { verb: 'status', transition: 'open_audit', action: 'status' },
          'close-audit': { verb: 'status', transition: 'close_audit', action: 'status' },
          'sign-complete': { verb: 'status', transition: 'sign_complete', action: 'status' },
        },
      },
    ],
  },
  admin: {
    // A confirmation names the application by the scopes it asks for.
    titleField: 'group_codes',
    tones: { status: { '0': 'warning', '1': 'success', '2': 'error', '3': 'default', '4': 'info' } },
    columns: [
      { field: 'app_guid', render: 'reference', reference: 'app' },
      // Whose app it is: the reviewer decides knowing the BU.
      { field: 'bu_guid', render: 'reference', reference: 'bu' },
      // The reviewer opens each scope to see the APIs and events it unlocks.
      { field: 'group_codes', render: 'scopes' },
      { field: 'status', render: 'status' },
      { field: 'remark' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    // The BU's approval of it (its process's history), where the BU runs applications through one.
    related: [{ resource: 'process-step', field: 'subject_guid' }],
    // Operators review applications here: the scopes asked for, approve, reject with a reason, mark complete.
    screens: [
      { scene: 'admin', url: '/operation/app-audit', menu: { icon: 'fact_check' } },
    ],
  },
});
