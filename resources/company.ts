import { companySchema } from '../schemas/company.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

const crud = { add: 'add', page: 'page', list: 'list', get: 'get', update: 'update', delete: 'delete' } as const;

export const company = defineResource({
  name: 'company',
  schema: companySchema,
  storage: {
    table: 'company',
    unique: [['name'], ['credit_code']],
  },
  api: {
    keyword: ['name', 'alias', 'credit_code'],
    filters: [{ field: 'name', op: 'like' }, { field: 'type' }, { field: 'status' }, { field: 'taxpayer_type' }, { field: 'bu_guid' }],
    sort: '-created_at',
    status: enableDisable,
    mounts: [
      { side: 'system', base: '/open/system/company', scope: 'bu', perm: 'tenant:company', calls: { ...crud, 'update-status': 'status' } },
      // The staff screen's companies, every BU's or one BU's (`bu_guid`): catalogue `staff-management/company-list`.
      { side: 'operator', base: '/open/admin/staff-management', scope: 'oversight', perm: 'admin:staff', calls: { 'company-list': 'list' } },
    ],
    openApi: { page: 'org:company:readonly' },
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'name', sortable: true },
      { field: 'credit_code' },
      { field: 'type', render: 'status' },
      { field: 'taxpayer_type', render: 'status' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    screens: [
      { scene: 'tenant', url: '/account/organzize/company', needsBu: true, menu: { icon: 'domain', parent: '/account/organzize' } },
    ],
  },
});
