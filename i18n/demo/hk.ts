/**
 * What `npm run demo` enters in traditional Chinese (server/demo/fill.ts): the words a person would type into
 * the screens. The demo fills a database in one language (`--lang`), as a person would.
 */
export default {
  bu: '北風貿易',
  company: { company_name: '北風貿易有限公司', legal_person: '陳曉', contact_name: '陳曉', address: '海港路 88 號' },
  /** A second BU whose certification waits for review, its licence attached (a reviewer's screen on two companies' data). */
  other: {
    bu: '環球科技',
    company: { company_name: '環球科技有限公司', legal_person: '李森', contact_name: '李森', contact_phone: '13800138000', address: '江濱大道 5 號' },
  },
  /** A service provider's BU and the store app it publishes through review (docs/store.md, "Service providers"). */
  /** The tenant's own store app, published through review and bought by the second BU: its service-provider pages hold rows. */
  own_store: { app: '北風工時', summary: '為輪班團隊準備的工時表', question: { title: '能匯出到 Excel 嗎？', description: '我們需要把每月工時表匯出為表格用於發薪。' }, answer: '可以：在工時表中選擇匯出，按月匯出即可。' },
  provider: {
    bu: '花名冊科技',
    app: '花名冊同步',
    summary: '讓成員資料與人事系統保持一致',
    description: '## 功能\n\n每晚讀取您的成員資料，並把變化同步到人事系統。\n\n- 只讀取成員\n- 不寫回任何資料',
    next_summary: '現在也同步部門',
    next_note: '同時讀取部門，以便把成員放入對應部門',
  },
  /** The title on the licences' images. */
  licence: '營業執照',
  departments: { head: '總部', sales: '銷售部', engineering: '研發部' },
  members: [
    { name: '王芳', job_number: 'NW001', department: 'head' },
    { name: '劉洋', job_number: 'NW002', department: 'sales' },
    { name: '張偉', job_number: 'NW003', department: 'engineering' },
  ],
  roles: {
    people: { name: '人事管理員', description: '維護部門與成員' },
    viewer: { name: '組織查看者', description: '查看部門與成員' },
  },
  sub_account: '陳靜',
  /** An operator's role and the staff member holding it: product staff, who shape what tenants and visitors see. */
  operator_role: { name: '產品營運', description: '維護應用市場、文件、公告與列表的欄' },
  product_staff: '李娜',
  /** A sub-account holding every grant of the BU: its administrator. */
  admin_role: { name: '管理員', description: '可做擁有者能做的一切' },
  admin_account: '趙敏',
  /** The administrator's own work order, and the operator's replies to both. */
  admin_work_order: { title: '年度套餐的發票', description: '請把年度套餐的發票發到財務郵箱。' },
  replies: { owner: '請申請 contact:member:readonly 權限並訂閱 contact.user.created_v3 事件。', admin: '發票已發往你們的財務郵箱。' },
  /** The BU's dictionary, the platform's, an approval process, a project. */
  bu_dict: { type: 'cost_centre', label: '總部', value: 'CC-100' },
  platform_dict: { type: 'industry', label: '零售', value: 'retail' },
  process: { name: '權限審批', code: 'scope-approval', step: '人事管理員審批' },
  project: { name: '海港道門店', code: 'HARBOUR01' },
  /** What the operator adds: a union of the two BUs, a staff field, an app property, orders and their payment, a published view. */
  union: { name: '北風集團', code: 'NORTHWIND', description: '北風貿易及其合作夥伴環球科技' },
  staff_field: { field_name: 'badge_number', display_name: '工牌號' },
  ext_prop: { prop_key: 'support_hours', prop_value: '工作日 9:00–18:00' },
  orders: { general: '年度平台套餐', product: '開通席位', service: '上線服務', paid: '已收到轉帳' },
  view: '已付款訂單',
  app: { name: '北風人事同步', description: '讓人事系統與通訊錄保持一致' },
  labels: { trial: '免費試用', popular: '熱門', new: '新上架' },
  categories: { service: '客戶服務', growth: '營銷與增長', operations: '運營管理' },
  store: {
    SERVICE: {
      name: '服務枱', provider: '開放平台',
      summary: '集中處理客戶的工單與服務請求。',
      description: '從電郵、網頁表單和開放接口收集請求，分派給合適的人，跟蹤每一次回覆，並以滿意度調查收尾。',
    },
    ENGAGE: {
      name: '互動', provider: '開放平台',
      summary: '通過活動與消息觸達並留住成員。',
      description: '為業務單元的成員策劃活動，發送公告和消息，並查看誰已閱讀。',
    },
    CONNECT: {
      name: '連接', provider: '開放平台',
      summary: '通過接口與事件打通各個系統。',
      description: '現成的連接器由平台事件驅動，讓人事、財務和辦公系統與通訊錄保持一致。',
    },
    PROVISION: {
      name: '開通', provider: '開放平台',
      summary: '為新成員自動開通帳號與權限。',
      description: '成員加入部門時，自動開通其所需的帳號和角色；成員離開時自動關閉。',
    },
    LEASE: {
      name: '租賃', provider: '開放平台',
      summary: '租賃項目、合同與賬單管理。',
      description: '集中管理租賃項目、合同和賬單週期，每次續約前提醒。',
    },
  },
  announcement: {
    title: '歡迎使用開放平台',
    body: '應用市場已為每個業務單元上架 **五款應用**。閱讀[快速開始](/developer/doc?category=developer_guide&docCode=getting-started)，構建你自己的應用。',
  },
  work_order: {
    title: '將我們的人事系統接入事件推送',
    description: '我們希望人事系統能接收成員變更。我們的應用應申請哪些權限範圍？',
  },
};
