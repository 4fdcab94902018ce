import type en from './en.ts';

export default {
  '/open/api/auth/app-access-token': '用应用 ID 和密钥获取应用访问令牌（剩余有效期不少于 30 分钟时返回同一令牌）',
  '/open/api/v1/app/info': '调用方应用自身的信息（不含密钥）',
  '/open/api/v1/department/tree': '应用所属业务单元的部门（树形）',
  '/open/api/v1/member/page': '分页查询业务单元的成员（可按姓名、部门、职位、账号类型、在职状态筛选）',
  '/open/api/v1/member/get': '按 guid 获取一名成员',
  '/open/api/v1/member/create': '向业务单元添加成员',
  '/open/api/v1/member/update': '修改成员（仅修改传入的字段）',
  '/open/api/v1/position/page': '分页查询业务单元的职位',
  '/open/api/v1/company/page': '分页查询业务单元的公司',
  '/open/api/v1/project/page': '分页查询业务单元的项目',
  '/open/api/v1/process/start': '按编码发起业务单元的一个审批流程，由其审批人处理',
  '/open/api/v1/process/instance/get': '应用发起的一次流程：状态、待处理步骤和历史',
} satisfies Record<keyof typeof en, string>;
