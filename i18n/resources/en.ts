export default {
  common: {
    fields: { guid: 'ID', created_at: 'Created at', updated_at: 'Updated at', created_by: 'Created by', bu_guid: 'Business unit' },
  },
  resources: {
    permission: {
      name: 'Permission |||| Permissions',
      fields: { parent_guid: 'Parent', name: 'Name', code: 'Code', url: 'Route', type: 'Type', status: 'Status', scene: 'Console', icon: 'Icon', hidden: 'Hidden', sort: 'Order' },
      values: { type: { '0': 'Menu', '1': 'Submenu', '2': 'Button' }, status: { '0': 'Enabled', '1': 'Disabled' }, scene: { admin: 'Operator console', tenant: 'Tenant console' } },
    },
    role: {
      name: 'Role |||| Roles',
      fields: { name: 'Role name', code: 'Role code', type: 'Role type', category: 'Role scope', description: 'Description', status: 'Status' },
      values: { type: { '0': 'Super management', '1': 'Administrator', '2': 'Ordinary' }, category: { common: 'Common', project: 'Project' }, status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    user: {
      name: 'Platform user |||| Platform users',
      fields: { username: 'Username', password: 'Password', name: 'Name', alias: 'Alias', email: 'E-mail', phone: 'Phone', avatar_url: 'Avatar', status: 'Status', role_guids: 'Roles', user_type: 'User type' },
      values: { status: { '0': 'Normal', '1': 'Frozen' }, user_type: { '0': 'Operator', '1': 'Main account', '2': 'Sub account' } },
    },
    dict: {
      name: 'Dictionary entry |||| Dictionary',
      fields: { type: 'Dictionary type', label: 'Label', value: 'Value', remark: 'Remark', status: 'Status', sort: 'Order' },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    'column-config': {
      name: 'Column setting |||| Column settings',
      fields: { resource: 'Resource', columns: 'Columns', field: 'Field', visible: 'Visible', label: 'Label', width: 'Width' },
    },
    'column-preference': {
      name: 'My column setting |||| My column settings',
      fields: { resource: 'Resource', hidden: 'Hidden columns' },
    },
  },
};
