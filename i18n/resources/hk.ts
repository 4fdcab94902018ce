export default {
  common: {
    fields: { guid: '標識', created_at: '建立時間', updated_at: '更新時間', created_by: '建立人', bu_guid: '業務單元' },
  },
  resources: {
    permission: {
      name: '權限 |||| 權限',
      fields: { parent_guid: '上級', name: '名稱', code: '權限碼', url: '路由', type: '類型', status: '狀態', scene: '所屬控制台', icon: '圖示', hidden: '隱藏', sort: '排序' },
      values: { type: { '0': '選單', '1': '子選單', '2': '按鈕' }, status: { '0': '啟用', '1': '停用' }, scene: { admin: '營運控制台', tenant: '租戶控制台' } },
    },
    role: {
      name: '角色 |||| 角色',
      fields: { name: '角色名稱', code: '角色編碼', type: '角色類型', category: '角色範圍', description: '描述', status: '狀態' },
      values: { type: { '0': '超級管理', '1': '管理員', '2': '普通' }, category: { common: '通用', project: '項目' }, status: { '0': '啟用', '1': '停用' } },
    },
    user: {
      name: '平台用戶 |||| 平台用戶',
      fields: { username: '用戶名', password: '密碼', name: '姓名', alias: '別名', email: '電郵', phone: '電話', avatar_url: '頭像', status: '狀態', role_guids: '角色', user_type: '用戶類型' },
      values: { status: { '0': '正常', '1': '已凍結' }, user_type: { '0': '營運人員', '1': '主帳號', '2': '子帳號' } },
    },
    dict: {
      name: '數據字典 |||| 數據字典',
      fields: { type: '字典類型', label: '標籤', value: '值', remark: '備註', status: '狀態', sort: '排序' },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    'column-config': {
      name: '欄配置 |||| 欄配置',
      fields: { resource: '資源', columns: '欄', field: '欄位', visible: '顯示', label: '標題', width: '寬度' },
    },
    'column-preference': {
      name: '我的欄設定 |||| 我的欄設定',
      fields: { resource: '資源', hidden: '隱藏的欄' },
    },
  },
};
