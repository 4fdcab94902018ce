export default {
  // The console's own words (loaded with it, not with the public pages).
  markdown: {
    upload: '上传图片或文件',
    uploading: '正在上传…',
    uploading_percent: '正在上传… %{percent}%',
    upload_hint: '图片（%{images}）不超过 %{image_mb} MB，文件（%{files}）不超过 %{file_mb} MB，每次最多 %{count} 个；链接插入到光标处。',
  },
  files: {
    attach: '添加附件',
    hint: '图片（%{images}）不超过 %{image_mb} MB，文件（%{files}）不超过 %{file_mb} MB，最多 %{count} 个。',
  },
  conversation: { send: '发送回复', hint: 'Ctrl+Enter 发送。' },
  totals: { title: '按月汇总', month: '月份', currency: '币种', amount: '合计', count: '笔数', empty: '近 12 个月没有已到账的付款。' },
  related: { empty: '暂无。', add: '新增' },
  list_actions: { message: { read_all: '全部标为已读', read_all_done: '此处的消息已全部标为已读。' } },
  links: { open_related: '打开相关页面' },
  common: {
    fields: { guid: '标识', created_at: '创建时间', updated_at: '更新时间', created_by: '创建人', bu_guid: '业务单元', page: '页码', page_size: '每页条数' },
  },
  resources: {
    'login-log': {
      name: '登录日志',
      fields: { scene: '登录入口', username: '用户名', user_guid: '账号', result: '结果', ip: '地址', user_agent: '浏览器（User-Agent）', from: '开始时间', to: '结束时间', cursor: '翻页位置' },
      values: {
        scene: { admin: '运营后台', tenant: '租户控制台' },
        result: {
          success: '登录成功',
          login_failed: '用户名或密码错误',
          login_throttled: '失败过多已锁定',
          account_frozen: '账号已冻结',
          account_not_activated: '账号未激活',
          ip_not_allowed: '地址不在白名单',
          invalid_input: '输入无效',
          other: '其他拒绝',
        },
      },
    },
    'operation-log': {
      name: '操作日志',
      fields: { user_guid: '账号', username: '操作人', user_type: '账号类型', bu_guid: '业务单元', resource: '对象', action: '操作', path: '调用', target_guid: '记录', fields: '变更字段', ip: '地址', from: '开始时间', to: '结束时间', cursor: '翻页位置' },
      values: { user_type: { '0': '运营人员', '1': '主账号', '2': '子账号' } },
    },
    'request-log': {
      name: '请求日志',
      fields: { user_guid: '账号', username: '用户', user_type: '账号类型', bu_guid: '业务单元', method: '方法', path: '调用', http_status: 'HTTP 状态', code: '返回码', ms: '耗时（毫秒）', request_id: '请求 ID', ip: '地址', user_agent: '浏览器（User-Agent）', from: '开始时间', to: '结束时间', cursor: '翻页位置' },
      values: { user_type: { '0': '运营人员', '1': '主账号', '2': '子账号' } },
    },
    'union-bu': {
      name: '联合BU |||| 联合BU',
      fields: {
        name: '联合名称', code: '联合编码', description: '描述', bu_guids: '成员业务单元', status: '状态',
        dept_guids: '共享部门', user_guids: '共享用户', app_guids: '共享应用', dept_guid: '部门', keyword: '关键词',
      },
      values: { status: { '0': '启用', '1': '停用' } },
    },
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
      fields: { username: '用户名', password: '密码', name: '姓名', alias: '别名', email: '邮箱', phone: '手机号', avatar_url: '头像', status: '状态', role_guids: '角色', user_type: '用户类型', confirm_password: '确认密码', code: '验证码', agree: '服务协议', token: '链接', old_password: '原密码', purpose: '用途', lang: '语言' },
      values: { status: { '0': '正常', '1': '已冻结', '2': '待激活' }, user_type: { '0': '运营人员', '1': '主账号', '2': '子账号' } },
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
    bu: {
      name: '业务单元 |||| 业务单元',
      fields: {
        name: '名称',
        alias: '别名',
        code: '编码',
        cover_url: '封面',
        abbreviation: '简称',
        portal_domain: '门户域名',
        custom_domain: '自定义域名',
        description: '描述',
        status: '状态',
        auth_state: '认证状态',
        owner_username: '所有者账号',
        owner_guid: '所有者',
        company_name: '企业名称',
      },
      values: {
        auth_state: { '0': '未认证', '1': '认证中', '2': '已认证', '3': '认证失败' },
        status: {
          '0': '启用',
          '1': '停用',
        },
      },
    },
    org: {
      name: '企业认证 |||| 企业认证',
      fields: {
        company_name: '企业名称',
        credit_code: '统一社会信用代码',
        legal_person: '法定代表人',
        contact_name: '联系人',
        contact_phone: '联系电话',
        address: '地址',
        license_url: '营业执照',
        auth_state: '认证状态',
        applied_at: '申请时间',
        remark: '审核意见',
        bu_name: '业务单元名称',
        bu_code: '业务单元编码',
        bu_cover_url: '业务单元封面',
      },
      values: {
        auth_state: {
          '0': '未认证',
          '1': '认证中',
          '2': '已认证',
          '3': '认证失败',
        },
      },
    },
    company: {
      name: '公司 |||| 公司',
      fields: {
        name: '公司名称',
        alias: '别名',
        credit_code: '统一社会信用代码',
        address: '地址',
        type: '公司类型',
        status: '状态',
        invoice_title: '开票抬头',
        invoice_address: '开票地址',
        invoice_phone: '开票电话',
        bank_accounts: '银行账户',
        taxpayer_type: '纳税人类型',
      },
      values: {
        type: {
          '0': '地产开发',
          '1': '物业管理',
        },
        taxpayer_type: {
          '0': '一般纳税人',
          '1': '小规模纳税人',
        },
        status: {
          '0': '启用',
          '1': '停用',
        },
      },
    },
    project: {
      name: '项目 |||| 项目',
      fields: {
        name: '项目名称',
        code: '项目编码',
        area_code: '区域编码',
        address: '地址',
        longitude: '经度',
        latitude: '纬度',
        opening_time: '开放时间',
        closing_time: '关闭时间',
        opening_status: '开业状态',
        cover_url: '封面',
        main_currency: '主结算币种',
        secondary_currencies: '副结算币种',
        company_guids: '关联公司',
        member_guids: '项目成员',
      },
      values: {
        opening_status: {
          '0': '已开业',
          '1': '未开业',
          '2': '已关闭',
        },
      },
    },
    department: {
      name: '部门 |||| 部门',
      fields: {
        name: '部门名称',
        parent_guid: '上级部门',
        code: '部门编码',
        leader_guid: '负责人',
        description: '描述',
        sort: '排序',
        bu_guid: '业务单元',
        user_guids: '成员',
      },
    },
    position: {
      name: '岗位 |||| 岗位',
      fields: {
        name: '岗位名称',
        code: '岗位编码',
        description: '描述',
        status: '状态',
      },
      values: {
        status: {
          '0': '启用',
          '1': '停用',
        },
      },
    },
    member: {
      name: '成员 |||| 成员',
      fields: {
        name: '姓名',
        english_name: '英文名',
        alias: '别名',
        job_number: '工号',
        department_guid: '部门',
        superior_guid: '直属上级',
        position_guid: '岗位',
        account_type: '账号类型',
        area_code: '区号',
        phone: '手机号',
        email: '邮箱',
        duty_status: '在职状态',
      },
      values: {
        account_type: {
          '0': '员工',
          '1': '外包',
          '2': '系统账号',
        },
        duty_status: {
          '0': '在职',
          '1': '离职',
        },
        area_code: {
          '86': '中国大陆 +86',
          '852': '中国香港 +852',
          '853': '中国澳门 +853',
          '886': '中国台湾 +886',
        },
      },
    },
    'sub-account': {
      name: '子账号 |||| 子账号',
      fields: {
        username: '用户名',
        name: '姓名',
        alias: '别名',
        email: '邮箱',
        phone: '手机号',
        status: '账号状态',
        role_guids: '角色',
        user_type: '用户类型',
        password: '密码',
        confirm_password: '确认密码',
        token: '激活链接',
      },
      values: {
        user_type: { '0': '运营人员', '1': '主账号', '2': '子账号' },
        status: {
          '0': '正常',
          '1': '已冻结',
          '2': '待激活',
        },
      },
    },
    'password-policy': {
      name: '密码策略 |||| 密码策略',
      fields: {
        min_length: '最小长度',
        require_digit: '包含数字',
        require_upper: '包含大写字母',
        require_lower: '包含小写字母',
        require_special: '包含特殊字符',
        change_period_months: '修改周期（月）',
        remind_days: '提前提醒（天）',
        bu_guid: '业务单元',
      },
    },
    'safe-policy': {
      name: '登录策略 |||| 登录策略',
      fields: {
        login_error_limit: '登录错误次数上限',
        cycle_seconds: '周期时长（秒）',
        cycles: '锁定周期数',
        token_validity_seconds: '令牌有效期（秒）',
        ip_whitelist: 'IP 白名单',
        bu_guid: '业务单元',
      },
    },
    app: {
      name: '应用 |||| 应用',
      fields: {
        name: '应用名称',
        code: '应用编码',
        type: '应用类型',
        icon: '图标',
        cover_url: '封面',
        description: '描述',
        token_ttl: '令牌有效期（秒）',
        status: '状态',
        app_id: 'App ID',
        app_secret: 'App Secret',
        server_secret: '服务端密钥',
        ability_codes: '能力',
      },
      values: { type: { '0': '商店应用', '1': '自建应用', '2': '企业自建应用' }, status: { '0': '启用', '1': '停用' } },
    },
    'app-security': {
      name: '应用安全设置 |||| 应用安全设置',
      fields: { app_guid: '应用', ip_whitelist: 'IP 白名单', redirect_urls: '重定向 URL' },
    },
    'app-ext-prop': {
      name: '扩展属性 |||| 扩展属性',
      fields: { app_guid: '应用', prop_key: '属性键', prop_value: '属性值', sort: '排序' },
    },
    ability: {
      /** The seeded rows in this language (server/seed/api-groups.ts); shown while a row keeps its seeded name. */
      seeded: {
        'process-engine': { name: '流程引擎', description: '在应用中发起和处理审批流程' },
        'web-login': { name: '网页登录', description: '用平台账号登录应用，登录后回到应用的重定向 URL' },
      },
      name: '能力 |||| 能力',
      fields: { code: '能力编码', name: '能力名称', description: '描述', status: '状态' },
      values: { status: { '0': '启用', '1': '停用' } },
    },
    'api-group': {
      /** The seeded rows in this language (server/seed/api-groups.ts); shown while a row keeps its seeded name. */
      seeded: {
        'contact:department:readonly': { name: '读取部门信息', description: '读取企业的部门树' },
        'contact:member:readonly': { name: '读取成员信息', description: '分页查询和读取企业成员' },
        'contact:member:write': { name: '管理成员', description: '新增和修改企业成员' },
        'contact:position:readonly': { name: '读取职位信息', description: '分页查询企业职位' },
        'org:company:readonly': { name: '读取公司信息', description: '分页查询企业下的公司' },
        'org:project:readonly': { name: '读取项目信息', description: '分页查询企业下的项目' },
      },
      name: '权限范围 |||| 权限范围',
      fields: { guid: '权限', code: '权限编码', name: '权限名称', description: '描述', status: '状态' },
      values: { status: { '0': '启用', '1': '停用' } },
    },
    'audit-record': {
      name: '权限申请 |||| 权限申请',
      fields: { app_guid: '应用', group_codes: '权限', status: '审核状态', remark: '审核意见' },
      values: { status: { '0': '待审核', '1': '审核通过', '2': '审核不通过', '3': '已完成' } },
    },
    label: {
      name: '应用标签 |||| 应用标签',
      fields: { name: '标签', sort: '排序', status: '状态' },
      values: { status: { '0': '启用', '1': '停用' } },
    },
    classify: {
      name: '应用分类 |||| 应用分类',
      fields: { name: '分类', icon: '图标', sort: '排序', status: '状态' },
      values: { status: { '0': '启用', '1': '停用' } },
    },
    'classify-app': {
      name: '分类应用 |||| 分类应用',
      fields: { classify_guid: '分类', app_guid: '应用', sort: '排序' },
    },
    listing: {
      name: '上架信息 |||| 上架信息',
      fields: {
        name: '应用名称', classify_guid: '分类', codes: '应用编码',
        app_guid: '应用', summary: '简介', description: '详细介绍', screenshots: '截图', provider: '服务商',
        label_guids: '标签', price: '价格（分）', cycle: '计费周期', status: '上架状态', sort: '排序',
      },
      values: { status: { '0': '已上架', '1': '未上架' }, cycle: { '0': '一次性', '1': '按月', '2': '按年' } },
    },
    order: {
      name: '订单 |||| 订单',
      fields: {
        number: '订单号', app_guid: '应用', app_name: '商品', kind: '订单类型', amount: '金额', currency: '币种', paid_amount: '已收款', cycle: '计费周期', pay_type: '付费方式', state: '订单状态', bu_guid: '业务单元',
        due_at: '付款截止', note: '备注', void_reason: '作废原因',
      },
      values: {
        kind: { '0': '通用订单', '1': '产品订单', '2': '服务订单' },
        state: { '0': '待支付', '1': '已支付', '2': '已过期', '3': '已作废' },
        cycle: { '0': '一次性', '1': '按月', '2': '按年' },
        pay_type: { '0': '预付费', '1': '后付费' },
        currency: { CNY: '人民币（CNY）', HKD: '港币（HKD）', USD: '美元（USD）' },
      },
    },
    'payment-record': {
      name: '收款记录 |||| 收款记录',
      fields: {
        order_guid: '订单', order_number: '订单号', app_name: '商品', amount: '金额', currency: '币种', method: '付款方式', state: '状态', paid_at: '付款时间', reference: '交易流水号', note: '备注', bu_guid: '业务单元',
      },
      values: {
        method: { '0': '银行转账', '1': '在线支付', '2': '其他' },
        state: { '0': '未到账', '1': '已到账' },
        currency: { CNY: '人民币（CNY）', HKD: '港币（HKD）', USD: '美元（USD）' },
      },
    },
    'work-order': {
      name: '工单',
      fields: { number: '工单编号', title: '标题', description: '问题描述', category: '分类', app_guid: '应用', attachments: '附件', state: '状态', rating: '评分', comment: '评价', bu_guid: '业务单元', records: '沟通记录', older_than: '创建超过（天）' },
      values: {
        state: { '0': '待分配', '1': '处理中', '2': '已处理待评价', '3': '已关闭' },
        category: { '0': '账号', '1': '应用', '2': '接口与事件', '3': '费用', '4': '其他' },
      },
    },
    'work-order-record': {
      name: '回复',
      fields: { work_order_guid: '工单', content: '回复内容', attachments: '附件', author_name: '回复人', author_guid: '回复人', side: '一方', kind: '类型', from_state: '原状态', to_state: '新状态' },
      values: { kind: { '0': '回复', '1': '状态变更' }, side: { tenant: '客户', operator: '平台' } },
    },
    'work-question': {
      name: '问题',
      fields: { title: '问题', content: '详细说明', answer: '答案', category: '分类', bu_guid: '业务单元' },
      values: { category: { '0': '账号', '1': '应用', '2': '接口与事件', '3': '费用', '4': '其他' } },
    },
    message: {
      tabs: { user: '我的消息', app: '应用消息', bu: '业务单元消息' },
      name: '消息',
      fields: { to_user: '接收人', app_guid: '应用', key: '消息', params: '参数', body: '内容', announcement_guid: '公告', title: '标题', summary: '摘要', read: '已读', html: '内容', link: '相关页面', kind: '类型', guids: '消息', unread: '仅看未读' },
      values: { kind: { '0': '我的', '1': '应用', '2': '业务单元', '3': '平台' } },
    },
    announcement: {
      name: '公告',
      fields: { title: '标题', body: '内容（Markdown）', audience: '发送对象', bu_guids: '业务单元', app_guids: '应用', publish_at: '发布时间', published_at: '已发布于', state: '状态', reach: '送达业务单元数' },
      values: { audience: { '0': '全部业务单元', '1': '指定业务单元', '2': '指定应用的用户' }, state: { '0': '待发布', '1': '已发布' } },
    },
    'installed-app': {
      name: '企业应用 |||| 企业应用',
      fields: { app_guid: '应用', app_name: '应用', icon: '图标', order_guid: '订单', created_at: '添加时间', app_code: '应用编码', order_number: '订单号', projects: '绑定项目' },
    },
    'app-project': {
      name: '应用项目 |||| 应用项目',
      fields: { app_guid: '应用', project_guid: '项目', remark: '备注', app_name: '应用', project_name: '项目', bu_guid: '业务单元', created_at: '绑定时间' },
    },
    document: {
      name: '文档 |||| 文档',
      fields: { query: '搜索关键词', title: '标题', code: '文档编码', category: '分类', parent_guid: '上级文档', summary: '摘要', body: '正文（Markdown）', sort: '排序', status: '状态', version: '版本' },
      values: { status: { '0': '已发布', '1': '草稿' }, category: { developer_guide: '开发指南', server: '服务端 API', open_ability: '开放能力', general_ability: '通用能力', tools: '开发工具', best_practices: '最佳实践', faq: '常见问题', solution: '解决方案', help: '帮助中心', business_engine: '业务引擎', business_data: '业务数据', public_data: '公共数据', app_introduction: '应用介绍', website_agreement: '网站协议' } },
    },
    'event-info': {
      /** The seeded event types in this language (server/seed/event-types.ts), by code with dots as underscores. */
      seeded: {
        contact_department_created_v3: { name: '部门已创建', description: '业务单元新增了部门' },
        contact_department_updated_v3: { name: '部门已修改', description: '部门信息变化，附修改前的内容' },
        contact_department_deleted_v3: { name: '部门已删除', description: '业务单元删除了部门' },
        contact_user_created_v3: { name: '成员已添加', description: '业务单元新增了成员' },
        contact_user_updated_v3: { name: '成员已修改', description: '成员信息或在职状态变化，附修改前的内容' },
        contact_user_deleted_v3: { name: '成员已删除', description: '业务单元删除了成员' },
        application_app_status_changed_v1: { name: '应用启停', description: '本应用被启用或停用' },
        application_permission_changed_v1: { name: '应用权限变更', description: '本应用开通的权限发生变化' },
      },
      name: '事件 |||| 事件',
      fields: { code: '事件编码', group_code: '所需权限', name: '事件名称', description: '说明', payload_schema: '事件内容结构', status: '状态' },
      values: { status: { '0': '启用', '1': '停用' } },
    },
    'event-config': {
      name: '事件配置 |||| 事件配置',
      fields: {
        app_guid: '应用', request_url: '请求地址', verification_token: 'Verification Token', encrypt_key: 'Encrypt Key', signing_secret: '签名密钥',
        verified_at: '验证时间', failing_since: '持续失败开始时间', paused_at: '暂停时间',
        event_ids: '事件 ID', event_type: '事件类型', event_id: '事件 ID', result: '结果', key: '密钥', clear: '清除', from: '开始时间', to: '结束时间', state: '状态', cursor: '分页',
      },
    },
    'event-rel': {
      name: '事件订阅 |||| 事件订阅',
      fields: { app_guid: '应用', event_code: '事件', event_codes: '事件' },
    },
    'auth-config': {
      name: 'SSO 认证配置 |||| SSO 认证配置',
      fields: {
        sso_enabled: '启用 SSO',
        protocol: '协议',
        issuer_url: '认证地址',
        client_id: '客户端 ID',
        client_secret: '客户端密钥',
        redirect_url: '回调地址',
        login_types: '登录方式',
        bu_guid: '业务单元',
      },
      values: {
        protocol: {
          oidc: 'OIDC',
          saml: 'SAML',
          cas: 'CAS',
        },
        login_types: {
          password: '账号密码',
          email_code: '邮箱验证码',
          sso: '单点登录',
        },
      },
    },
  },
};
