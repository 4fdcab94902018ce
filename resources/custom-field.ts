import { z } from 'zod';
import { customFieldSchema } from '../schemas/custom-field.ts';
import { enableDisable, enabledTones } from './status.ts';
import { defineResource } from './define.ts';

/**
 * A custom field of a definition (staff): a real column added, changed and dropped with its row
 * (server/rules/custom-field.ts). Operators define them for the whole platform; each BU switches
 * them, and the optional preset fields, on or off (`field-status`).
 */
export const customField = defineResource({
  name: 'custom-field',
  schema: customFieldSchema,
  internal: z.object({
    /** The definition the field extends. */
    resource: z.string(),
  }),
  storage: {
    table: 'custom_field',
    unique: [['resource', 'field_name']],
  },
  api: {
    // The column's name is its identity: renaming would be a new field.
    createOnly: ['field_name'],
    keyword: ['field_name', 'display_name'],
    filters: [{ field: 'data_type' }, { field: 'status' }],
    sort: 'sort',
    status: enableDisable,
    mounts: [
      {
        side: 'operator', base: '/open/admin/staff-management/field', scope: 'platform', perm: 'admin:staff-field', fixed: { resource: 'member' },
        calls: { page: 'page', list: 'list', get: 'get', add: 'add', update: 'update', delete: 'delete', 'update-status': 'status' },
      },
    ],
  },
  admin: {
    titleField: 'display_name',
    tones: { status: enabledTones },
    columns: [
      { field: 'field_name', sortable: true },
      { field: 'display_name' },
      { field: 'data_type', render: 'status' },
      { field: 'text_length' },
      { field: 'formats', render: 'tags' },
      { field: 'required', render: 'boolean' },
      { field: 'status', render: 'status' },
    ],
    details: [{ field: 'form_type', render: 'status' }, { field: 'scale' }, { field: 'remark' }, { field: 'sort' }],
    screens: [
      { scene: 'admin', url: '/operation/staff-field', menu: { icon: 'dynamic_form' } },
    ],
  },
});

/**
 * Whether a field of a definition is on in one BU: presets and custom fields alike (catalogue
 * `list-field-status` and `update-field-status`). Rows are `{ guid: field, field, kind, enabled }`.
 */
export const fieldStatus = defineResource({
  name: 'field-status',
  schema: z.object({
    field: z.string(),
    /** `preset` or `custom`. */
    kind: z.enum(['preset', 'custom']),
    label: z.string(),
    enabled: z.boolean(),
  }),
  storage: {
    table: 'custom_field_status',
    virtual: true,
  },
  api: {
    mounts: [
      {
        side: 'operator', base: '/open/admin/staff-management', scope: 'oversight', within: 'bu_guid', perm: 'admin:staff', fixed: { resource: 'member' },
        calls: {
          'list-field-status': { handler: 'fieldStatus.list', action: 'view', requires: ['bu_guid'] },
          'update-field-status': { handler: 'fieldStatus.update', action: 'update' },
        },
      },
      {
        // A BU's admin switches its own members' fields (the same calls, for the caller's BU).
        side: 'system', base: '/open/system/member/field', scope: 'bu', perm: 'tenant:dict-manage', fixed: { resource: 'member' },
        calls: {
          'list-field-status': { handler: 'fieldStatus.list', action: 'view' },
          'update-field-status': { handler: 'fieldStatus.update', action: 'update' },
        },
      },
    ],
  },
  admin: {
    titleField: 'label',
    columns: [{ field: 'label' }, { field: 'field' }, { field: 'kind', render: 'status' }, { field: 'enabled', render: 'boolean' }],
    screens: [
      {
        scene: 'tenant',
        url: '/business/dict-manage/fields',
        label: 'tenant_tabs.member_fields',
        needsBu: true,
        verbs: { list: 'list-field-status' },
        actions: [
            { name: 'enable', call: 'update-field-status', body: { enabled: true }, when: { enabled: [false] } },
            { name: 'disable', call: 'update-field-status', body: { enabled: false }, when: { enabled: [true] }, confirm: true },
          ],
      },
    ],
  },
});
