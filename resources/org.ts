import { z } from 'zod';
import { codes, datetime, text } from '../schemas/common.ts';
import { orgSchema } from '../schemas/org.ts';
import { defineResource } from './define.ts';

/** A BU's organisation certification: one row per BU; operators review it. */
export const org = defineResource({
  name: 'org',
  schema: orgSchema,
  internal: z.object({
    /** 0 unverified, 1 in progress, 2 verified, 3 failed. */
    auth_state: codes(0, 1, 2, 3),
    applied_at: datetime().nullable(),
    remark: text(200).nullable(),
  }),
  storage: {
    table: 'org',
    // One certification per BU.
    unique: [[]],
  },
  api: {
    keyword: ['company_name', 'credit_code'],
    filters: [{ field: 'auth_state' }, { field: 'company_name', op: 'like' }, { field: 'bu_guid' }],
    sort: '-updated_at',
    missing: 'server.org_missing',
    status: {
      field: 'auth_state',
      transitions: [
        // The tenant applies (again after a rejection); operators decide, a rejection with its reason in `remark`.
        { name: 'apply_auth', from: [0, 3], to: 1, sides: ['system'] },
        { name: 'approve', from: [1], to: 2, sides: ['operator'] },
        { name: 'reject', from: [1], to: 3, confirm: true, sides: ['operator'], reason: 'remark' },
      ],
    },
    mounts: [
      {
        side: 'system', base: '/open/system/org', scope: 'bu', perm: 'tenant:enterprise-info',
        calls: {
          info: 'one', add: 'add', update: 'update', 'basic-info-update': 'update', delete: 'delete',
          'apply-auth': { verb: 'status', transition: 'apply_auth', action: 'update' },
          // The enterprise panel's own node grants them: a role granting the panel alone opens it.
          dashboard: { handler: 'org.dashboard', action: 'view', perm: 'tenant:enterprise-panel' },
          statistics: { handler: 'org.statistics', action: 'view', perm: 'tenant:enterprise-panel' },
        },
      },
      {
        side: 'operator', base: '/open/admin/org', scope: 'oversight', perm: 'admin:certification',
        calls: { list: 'page', info: 'get', 'update-status': 'status' },
      },
      {
        // BU management (docs/operator.md): a BU's organisation info and certification, the BU named by `bu_guid`.
        side: 'operator', base: '/open/admin/system/bu-management', scope: 'oversight', within: 'bu_guid', perm: 'admin:bu',
        // With the BU's name, code and cover (spec §3); a BU without organisation info is uncertified.
        joins: {
          bu_name: { resource: 'bu', on: 'bu_guid', field: 'name' },
          bu_code: { resource: 'bu', on: 'bu_guid', field: 'code' },
          bu_cover_url: { resource: 'bu', on: 'bu_guid', field: 'cover_url' },
        },
        blank: { auth_state: 0 },
        calls: {
          'org/bu-org-info': 'one',
          // An operator's correction keeps the certification state and may rename the BU.
          'org/update-bu-org-info': { verb: 'save', handler: 'buManagement.orgUpdate' },
          'auth/info': { verb: 'one', action: 'view' },
          // Certifies a BU, or withdraws its certification, outside the review of an application.
          'auth/update': { handler: 'buManagement.authUpdate', action: 'update' },
        },
      },
    ],
  },
  admin: {
    titleField: 'company_name',
    tones: { auth_state: { '0': 'default', '1': 'warning', '2': 'success', '3': 'error' } },
    columns: [
      { field: 'company_name', sortable: true },
      // The reviewer sees whose request it is.
      { field: 'bu_guid', render: 'reference', reference: 'bu' },
      { field: 'credit_code' },
      { field: 'legal_person' },
      { field: 'auth_state', render: 'status' },
      { field: 'applied_at', render: 'date', sortable: true },
      { field: 'remark' },
    ],
    // What a reviewer checks before deciding: who to contact, where, and the licence itself.
    details: [{ field: 'contact_name' }, { field: 'contact_phone' }, { field: 'address' }, { field: 'license_url', render: 'image' }],
    // ...and the BU's past applications and decisions, newest first.
    related: [{ resource: 'org-application', field: 'org_guid' }],
    // Operators review the requests on a screen of their own (the tenant's pages are `tenant` below).
    screens: [
      { scene: 'admin', url: '/operation/certification', menu: { icon: 'verified' } },
      {
        scene: 'tenant',
        url: '/account/enterprise-panel',
        view: 'counts',
        call: 'dashboard',
        needsBu: true,
        mount: '/open/system/org',
        menu: { icon: 'dashboard', title: 'route.enterprise_panel', order: 1 },
      },
      {
        scene: 'tenant',
        url: '/account/enterprise/info/certification',
        view: 'single',
        needsBu: true,
        actions: [{ name: 'apply', call: 'apply-auth', when: { auth_state: [0, 3] }, noBody: true }],
      },
    ],
  },
});
