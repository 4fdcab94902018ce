import { projectSchema } from '../schemas/project.ts';
import { defineResource } from './define.ts';

export const project = defineResource({
  name: 'project',
  schema: projectSchema,
  storage: {
    table: 'project',
    unique: [['code']],
  },
  relations: {
    references: { company_guids: 'company', member_guids: 'member' },
  },
  api: {
    keyword: ['name', 'code', 'address'],
    filters: [{ field: 'name', op: 'like' }, { field: 'opening_status' }, { field: 'area_code' }],
    sort: '-created_at',
    mounts: [
      {
        side: 'system', base: '/open/system/project', scope: 'bu', perm: 'tenant:project',
        calls: { add: 'add', page: 'page', list: 'list', get: 'get', update: 'update', delete: 'delete' },
      },
      // BU management's picker (docs/operator.md): one BU's projects, named by `bu_guid`, by name.
      {
        side: 'operator', base: '/open/admin/system/bu-management/project', scope: 'oversight', within: 'bu_guid', perm: 'admin:bu',
        calls: { list: { verb: 'list', sort: 'name' } },
      },
      // Lease projects (docs/operator.md, "Platform calls"): every BU's projects — the sites the LEASE
      // store app leases out — for operators to read, a page at a time; nobody changes them here.
      { side: 'operator', base: '/open/admin/system/lease-project', scope: 'oversight', perm: 'admin:bu', calls: { list: 'page' } },
    ],
    openApi: { page: 'org:project:readonly' },
  },
  admin: {
    titleField: 'name',
    tones: { opening_status: { '0': 'success', '1': 'warning', '2': 'default' } },
    columns: [
      { field: 'cover_url', render: 'image' },
      { field: 'name', sortable: true },
      { field: 'code' },
      { field: 'area_code' },
      { field: 'opening_status', render: 'status' },
      { field: 'main_currency' },
      { field: 'company_guids', render: 'reference', reference: 'company' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    screens: [
      { scene: 'tenant', url: '/account/organzize/project', needsBu: true, menu: { icon: 'apartment', parent: '/account/organzize' } },
    ],
  },
});
