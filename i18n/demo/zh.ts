/**
 * What `npm run demo` enters in simplified Chinese (server/demo/fill.ts): the words a person would type into
 * the screens. The demo fills a database in one language (`--lang`), as a person would.
 */
export default {
  bu: '北风贸易',
  company: { company_name: '北风贸易有限公司', legal_person: '陈晓', contact_name: '陈晓', address: '海港路 88 号' },
  /** A second BU whose certification waits for review, its licence attached (a reviewer's screen on two companies' data). */
  other: {
    bu: '环球科技',
    company: { company_name: '环球科技有限公司', legal_person: '李森', contact_name: '李森', contact_phone: '13800138000', address: '江滨大道 5 号' },
  },
  /** A service provider's BU and the store app it publishes through review (docs/store.md, "Service providers"). */
  /** The tenant's own store app, published through review and bought by the second BU: its service-provider pages hold rows. */
  own_store: { app: '北风工时', summary: '为轮班团队准备的工时表', question: { title: '能导出到 Excel 吗？', description: '我们需要把每月工时表导出为表格用于发薪。' }, answer: '可以：在工时表中选择导出，按月导出即可。' },
  provider: {
    bu: '花名册科技',
    app: '花名册同步',
    summary: '让成员信息与人事系统保持一致',
    description: '## 功能\n\n每晚读取您的成员信息，并把变化同步到人事系统。\n\n- 只读取成员\n- 不写回任何数据',
    next_summary: '现在也同步部门',
    next_note: '同时读取部门，以便把成员放入对应部门',
  },
  /** The title on the licences' images. */
  licence: '营业执照',
  departments: { head: '总部', sales: '销售部', engineering: '研发部' },
  members: [
    { name: '王芳', job_number: 'NW001', department: 'head' },
    { name: '刘洋', job_number: 'NW002', department: 'sales' },
    { name: '张伟', job_number: 'NW003', department: 'engineering' },
  ],
  roles: {
    people: { name: '人事管理员', description: '维护部门与成员' },
    viewer: { name: '组织查看者', description: '查看部门与成员' },
  },
  sub_account: '陈静',
  /** An operator's role and the staff member holding it: product staff, who shape what tenants and visitors see. */
  operator_role: { name: '产品运营', description: '维护应用市场、文档、公告与列表的列' },
  product_staff: '李娜',
  /** A sub-account holding every grant of the BU: its administrator. */
  admin_role: { name: '管理员', description: '可做所有者能做的一切' },
  admin_account: '赵敏',
  /** The administrator's own work order, and the operator's replies to both. */
  admin_work_order: { title: '年度套餐的发票', description: '请把年度套餐的发票发到财务邮箱。' },
  replies: { owner: '请申请 contact:member:readonly 权限并订阅 contact.user.created_v3 事件。', admin: '发票已发往你们的财务邮箱。' },
  /** The BU's dictionary, the platform's, an approval process, a project. */
  bu_dict: { type: 'cost_centre', label: '总部', value: 'CC-100' },
  platform_dict: { type: 'industry', label: '零售', value: 'retail' },
  process: { name: '权限审批', code: 'scope-approval', step: '人事管理员审批' },
  project: { name: '海港路门店', code: 'HARBOUR01' },
  /** What the operator adds: a union of the two BUs, a staff field, an app property, orders and their payment, a published view. */
  union: { name: '北风集团', code: 'NORTHWIND', description: '北风贸易及其合作伙伴环球科技' },
  staff_field: { field_name: 'badge_number', display_name: '工牌号' },
  ext_prop: { prop_key: 'support_hours', prop_value: '工作日 9:00–18:00' },
  orders: { general: '年度平台套餐', product: '开通席位', service: '上线服务', paid: '已收到转账' },
  view: '已付款订单',
  app: { name: '北风人事同步', description: '让人事系统与通讯录保持一致' },
  labels: { trial: '免费试用', popular: '热门', new: '新上架' },
  categories: { service: '客户服务', growth: '营销与增长', operations: '运营管理' },
  store: {
    SERVICE: {
      name: '服务台', provider: '开放平台',
      summary: '集中处理客户的工单与服务请求。',
      description: '从邮件、网页表单和开放接口收集请求，分派给合适的人，跟踪每一次回复，并以满意度调查收尾。',
    },
    ENGAGE: {
      name: '互动', provider: '开放平台',
      summary: '通过活动与消息触达并留住成员。',
      description: '为业务单元的成员策划活动，发送公告和消息，并查看谁已阅读。',
    },
    CONNECT: {
      name: '连接', provider: '开放平台',
      summary: '通过接口与事件打通各个系统。',
      description: '现成的连接器由平台事件驱动，让人事、财务和办公系统与通讯录保持一致。',
    },
    PROVISION: {
      name: '开通', provider: '开放平台',
      summary: '为新成员自动开通账号与权限。',
      description: '成员加入部门时，自动开通其所需的账号和角色；成员离开时自动关闭。',
    },
    LEASE: {
      name: '租赁', provider: '开放平台',
      summary: '租赁项目、合同与账单管理。',
      description: '集中管理租赁项目、合同和账单周期，每次续约前提醒。',
    },
  },
  announcement: {
    title: '欢迎使用开放平台',
    body: '应用市场已为每个业务单元上架 **五款应用**。阅读[快速开始](/developer/doc?category=developer_guide&docCode=getting-started)，构建你自己的应用。',
  },
  work_order: {
    title: '将我们的人事系统接入事件推送',
    description: '我们希望人事系统能接收成员变更。我们的应用应申请哪些权限范围？',
  },
};
