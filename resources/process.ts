import { processInstanceSchema, processSchema, processStepLogSchema } from '../schemas/process.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

/** A BU's approval processes (`/business/process`, docs/tenant-console.md "Approval processes"). */
export const approvalProcess = defineResource({
  name: 'process',
  schema: processSchema,
  storage: {
    table: 'process',
    unique: [['code']],
  },
  relations: {
    // A step's role (inside `steps`): the rule checks it is the BU's; the form picks from the BU's roles.
    references: { role_guid: 'role' },
  },
  api: {
    keyword: ['name', 'code'],
    filters: [{ field: 'trigger' }, { field: 'status' }],
    sort: '-created_at',
    status: enableDisable,
    mounts: [
      {
        side: 'system', base: '/open/system/process', scope: 'bu', perm: 'tenant:process',
        calls: { add: 'add', page: 'page', list: 'list', get: 'get', update: 'update', delete: 'delete', 'update-status': 'status' },
      },
    ],
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [
      { field: 'name', sortable: true },
      { field: 'code' },
      { field: 'trigger', render: 'status' },
      { field: 'status', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    details: [{ field: 'description' }],
    screens: [
      {
        scene: 'tenant',
        url: '/business/process',
        needsBu: true,
        label: 'tenant_tabs.processes',
        menu: { icon: 'account_tree', title: 'route.process', needsBu: true, order: 20 },
      },
    ],
  },
});

/** Runs of the BU's processes; approvers decide the waiting step. */
export const processInstance = defineResource({
  name: 'process-instance',
  schema: processInstanceSchema,
  storage: {
    table: 'process_instance',
    indexes: [['subject_guid']],
  },
  api: {
    keyword: ['title', 'process_name'],
    filters: [{ field: 'state' }, { field: 'subject_kind' }, { field: 'app_guid' }, { field: 'subject_guid' }],
    sort: '-created_at',
    mounts: [
      {
        side: 'system', base: '/open/system/process/instance', scope: 'bu', perm: 'tenant:process',
        calls: {
          page: 'page', get: 'get',
          // A scope application's runs (its page shows them).
          list: { verb: 'list', requires: ['subject_guid'] },
          // The step's role is the authority here (checked by the handler), not a console permission.
          approve: { handler: 'process.approve', action: 'update', signedIn: true },
          reject: { handler: 'process.reject', action: 'update', signedIn: true },
        },
      },
    ],
  },
  admin: {
    titleField: 'title',
    tones: { state: { '0': 'warning', '1': 'success', '2': 'error' } },
    columns: [
      { field: 'title' },
      { field: 'process_name' },
      { field: 'subject_kind', render: 'status' },
      { field: 'step_name' },
      { field: 'state', render: 'status' },
      { field: 'created_at', render: 'date', sortable: true },
    ],
    related: [{ resource: 'process-step', field: 'instance_guid' }],
    screens: [
      {
        scene: 'tenant',
        url: '/business/process/instance',
        needsBu: true,
        label: 'tenant_tabs.process_instances',
        actions: [
            { name: 'approve', call: 'approve', when: { state: [0] }, confirm: true },
            { name: 'reject', call: 'reject', when: { state: [0] }, confirm: true },
          ],
      },
    ],
  },
});

/** An instance's history, oldest first; a scope application's page shows its process's entries. */
export const processStep = defineResource({
  name: 'process-step',
  schema: processStepLogSchema,
  storage: {
    table: 'process_step',
    indexes: [['instance_guid'], ['subject_guid']],
  },
  api: {
    sort: 'created_at',
    filters: [{ field: 'instance_guid' }, { field: 'subject_guid' }],
    mounts: [
      {
        side: 'system', base: '/open/system/process/step', scope: 'bu', perm: 'tenant:process',
        calls: { list: { verb: 'list', requires: ['instance_guid'] }, 'by-subject': { verb: 'list', requires: ['subject_guid'] } },
      },
      // Operators see a scope application's BU approval beside it.
      { side: 'operator', base: '/open/admin/process/step', scope: 'oversight', perm: 'admin:app-audit', calls: { list: { verb: 'list', requires: ['subject_guid'] } } },
    ],
  },
  admin: {
    titleField: 'step_name',
    tones: { action: { start: 'info', approve: 'success', reject: 'error' } },
    columns: [
      { field: 'step_name' },
      { field: 'action', render: 'status' },
      { field: 'by_name' },
      { field: 'remark' },
      { field: 'created_at', render: 'date' },
    ],
  },
});
