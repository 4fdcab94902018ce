export default {
  common: {
    fields: { guid: '标识', created_at: '创建时间', updated_at: '更新时间', created_by: '创建人', bu_guid: '业务单元' },
  },
  resources: {
    permission: {
      name: '权限 |||| 权限',
      fields: { parent_guid: '上级', name: '名称', code: '权限码', url: '路由', type: '类型', status: '状态', scene: '所属控制台', icon: '图标', hidden: '隐藏', sort: '排序' },
      values: { type: { '0': '菜单', '1': '子菜单', '2': '按钮' }, status: { '0': '启用', '1': '停用' }, scene: { admin: '运营控制台', tenant: '租户控制台' } },
    },
    role: {
      name: '角色 |||| 角色',
      fields: { name: '角色名称', code: '角色编码', type: '角色类型', category: '角色范围', description: '描述', status: '状态' },
      values: { type: { '0': '超级管理', '1': '管理员', '2': '普通' }, category: { common: '通用', project: '项目' }, status: { '0': '启用', '1': '停用' } },
    },
    user: {
      name: '平台用户 |||| 平台用户',
      fields: { username: '用户名', password: '密码', name: '姓名', alias: '别名', email: '邮箱', phone: '手机号', avatar_url: '头像', status: '状态', role_guids: '角色', user_type: '用户类型' },
      values: { status: { '0': '正常', '1': '已冻结' }, user_type: { '0': '运营人员', '1': '主账号', '2': '子账号' } },
    },
    dict: {
      name: '数据字典 |||| 数据字典',
      fields: { type: '字典类型', label: '标签', value: '值', remark: '备注', status: '状态', sort: '排序' },
      values: { status: { '0': '启用', '1': '停用' } },
    },
    'column-config': {
      name: '列配置 |||| 列配置',
      fields: { resource: '资源', columns: '列', field: '字段', visible: '显示', label: '标题', width: '宽度' },
    },
    'column-preference': {
      name: '我的列设置 |||| 我的列设置',
      fields: { resource: '资源', hidden: '隐藏的列' },
    },
  },
};
