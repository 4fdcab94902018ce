/**
 * The consoles' menus (spec §2 routes), seeded into the permission tree. A node's code is what a
 * role is granted; buttons are derived from the resource definitions' permission codes and hang
 * under the node whose code is their prefix. Names are the default-language labels; the console
 * translates them by code (`menu.<code>`).
 */
export interface MenuSeed {
  code: string;
  name: string;
  url: string;
  icon?: string;
  hidden?: boolean;
  /** Actions of calls mounted outside the definitions (server/routes/) that check this node's code: their buttons. */
  buttons?: readonly string[];
  children?: readonly MenuSeed[];
}

export const adminMenus = [
  {
    code: 'admin:operation', name: '运营管理', url: '/operation', icon: 'dashboard',
    children: [
      { code: 'admin:bu', name: '业务单元', url: '/operation/bu' },
      { code: 'admin:app', name: '应用管理', url: '/operation/app' },
      { code: 'admin:store', name: '应用市场', url: '/operation/store' },
      { code: 'admin:order', name: '订单管理', url: '/operation/order' },
      { code: 'admin:work-order', name: '工单管理', url: '/operation/work-order' },
      { code: 'admin:document', name: '文档管理', url: '/operation/document' },
      { code: 'admin:announcement', name: '公告管理', url: '/operation/announcement' },
      { code: 'admin:log', name: '日志', url: '/operation/log' },
    ],
  },
  {
    code: 'admin:system', name: '系统管理', url: '/operation/system', icon: 'settings',
    children: [
      { code: 'admin:permission', name: '权限管理', url: '/operation/permission' },
      { code: 'admin:role', name: '角色管理', url: '/operation/role' },
      { code: 'admin:user', name: '用户管理', url: '/operation/user' },
      { code: 'admin:staff', name: '员工管理', url: '/operation/staff' },
      { code: 'admin:staff-field', name: '字段管理', url: '/operation/staff-field' },
      { code: 'admin:dict', name: '数据字典', url: '/operation/dict' },
      { code: 'admin:column', name: '列配置', url: '/operation/columns' },
      { code: 'admin:view', name: '视图', url: '/operation/views' },
    ],
  },
] as const satisfies readonly MenuSeed[];

export const tenantMenus = [
  {
    code: 'tenant:account', name: '账号与企业', url: '/account', icon: 'business',
    children: [
      { code: 'tenant:enterprise-panel', name: '企业面板', url: '/account/enterprise-panel' },
      { code: 'tenant:info', name: '个人信息', url: '/account/info' },
      { code: 'tenant:enterprise-info', name: '企业信息', url: '/account/enterprise/info' },
      { code: 'tenant:enterprise-sso', name: '安全设置', url: '/account/enterprise/sso' },
      { code: 'tenant:enterprise-app', name: '企业应用', url: '/account/enterprise/app' },
      {
        code: 'tenant:organize', name: '组织架构', url: '/account/organzize',
        // Tabs of the organisation page; each holds the buttons of its entity.
        children: [
          { code: 'tenant:department', name: '部门', url: '/account/organzize/department', hidden: true },
          { code: 'tenant:company', name: '公司', url: '/account/organzize/company', hidden: true },
          { code: 'tenant:project', name: '项目', url: '/account/organzize/project', hidden: true },
          { code: 'tenant:position', name: '岗位', url: '/account/organzize/position', hidden: true },
        ],
      },
      {
        code: 'tenant:member', name: '成员管理', url: '/account/member-manage',
        children: [{ code: 'tenant:sub-account', name: '子账号', url: '/account/member-manage/sub-account', hidden: true }],
      },
      { code: 'bu:role', name: '角色管理', url: '/account/role-manage' },
      { code: 'tenant:role-detail', name: '角色详情', url: '/account/role-detail', hidden: true },
      { code: 'tenant:associated-organize', name: '关联组织', url: '/account/associated-organize' },
      { code: 'tenant:order', name: '订单', url: '/account/order' },
      { code: 'tenant:expenses', name: '费用', url: '/account/expenses' },
      { code: 'tenant:work-order', name: '工单', url: '/account/work-order' },
      { code: 'tenant:notify-message', name: '消息中心', url: '/account/notify-message' },
    ],
  },
  {
    code: 'tenant:developer', name: '开发者', url: '/developer', icon: 'code',
    children: [
      { code: 'tenant:doc', name: '开发文档', url: '/developer/doc' },
      // `/open/developer/log/page` (server/routes/developer-log.ts) checks `tenant:log:view`.
      { code: 'tenant:log', name: '日志检索', url: '/developer/log', buttons: ['view'] },
      { code: 'tenant:console', name: '调试台', url: '/developer/console' },
      { code: 'tenant:search', name: '搜索', url: '/developer/search' },
    ],
  },
  {
    code: 'tenant:business', name: '业务管理', url: '/business', icon: 'apps',
    children: [
      { code: 'tenant:dict-manage', name: '字段管理', url: '/business/dict-manage' },
      { code: 'tenant:app', name: '应用', url: '/business/app' },
      { code: 'tenant:process', name: '流程', url: '/business/process' },
      { code: 'tenant:file', name: '文件', url: '/business/file' },
    ],
  },
  {
    // The service-provider area (docs/store.md, "Service providers"): its pages are definitions' screens.
    code: 'tenant:service-provider', name: '服务商', url: '/service-provider', icon: 'storefront',
  },
] as const satisfies readonly MenuSeed[];

/** The codes a node tree declares, its children's included. */
type CodesOf<T> = T extends readonly (infer M)[] ? (M extends { code: infer C; children?: infer K } ? C | CodesOf<K> : never) : never;

/**
 * The skeleton's node codes: a call that checks a node it does not declare itself (a bespoke call,
 * a definition's call with its own `perm`) names one of these, so a misspelt code fails `tsc`.
 */
export type MenuCode = CodesOf<typeof adminMenus> | CodesOf<typeof tenantMenus>;

export const buttonNames: Record<string, string> = {
  view: '查看',
  add: '新增',
  update: '编辑',
  delete: '删除',
  status: '启停',
  auth: '授权',
  import: '导入',
  export: '导出',
};
