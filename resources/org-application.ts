import { orgApplicationSchema } from '../schemas/org-application.ts';
import { defineResource } from './define.ts';

/**
 * The history of a BU's organisation certification (docs/operator.md, "Platform calls"): one row
 * per application and per decision, written by the server in the transaction of the step itself
 * (server/rules/tenant.ts for apply, approve and reject; the BU management's `auth/update` for an
 * operator's certify or withdraw). The BU reads its own history; operators read every BU's. Nobody
 * writes or deletes a row through a call: history is not edited.
 */
export const orgApplication = defineResource({
  name: 'org-application',
  schema: orgApplicationSchema,
  storage: {
    table: 'org_application',
  },
  api: {
    filters: [{ field: 'action' }, { field: 'auth_state' }, { field: 'bu_guid' }],
    sort: '-created_at',
    mounts: [
      // The catalogue's call takes no body: the current BU's history, newest first (paging optional).
      { side: 'system', base: '/open/system/org/application', scope: 'bu', perm: 'tenant:enterprise-info', calls: { page: 'page' } },
      { side: 'operator', base: '/open/admin/org/application', scope: 'oversight', perm: 'admin:certification', calls: { page: 'page' } },
      // A request's own history, listed whole on its review page (org's `related`): a mount of its own, so the console reads it unpaged.
      { side: 'operator', base: '/open/admin/org/application', scope: 'oversight', perm: 'admin:certification', calls: { list: { verb: 'list', requires: ['org_guid'] } } },
    ],
  },
  admin: {
    titleField: 'company_name',
    tones: {
      action: { apply: 'info', approve: 'success', reject: 'error', certify: 'success', withdraw: 'warning' },
      auth_state: { '0': 'default', '1': 'warning', '2': 'success', '3': 'error' },
    },
    columns: [
      { field: 'created_at', render: 'date', sortable: true },
      { field: 'action', render: 'status' },
      { field: 'auth_state', render: 'status' },
      { field: 'company_name' },
      { field: 'credit_code' },
      { field: 'remark' },
    ],
  },
});
