import type en from './en.ts';

export default {
  '/open/api/auth/app-access-token': '用應用 ID 和密鑰獲取應用訪問令牌（剩餘有效期不少於 30 分鐘時返回同一令牌）',
  '/open/api/v1/app/info': '調用方應用自身的資訊（不含密鑰）',
  '/open/api/v1/department/tree': '應用所屬業務單元的部門（樹形）',
  '/open/api/v1/member/page': '分頁查詢業務單元的成員（可按姓名、部門、職位、賬號類型、在職狀態篩選）',
  '/open/api/v1/member/get': '按 guid 獲取一名成員',
  '/open/api/v1/member/create': '向業務單元添加成員',
  '/open/api/v1/member/update': '修改成員（僅修改傳入的欄位）',
  '/open/api/v1/position/page': '分頁查詢業務單元的職位',
  '/open/api/v1/company/page': '分頁查詢業務單元的公司',
  '/open/api/v1/project/page': '分頁查詢業務單元的項目',
  '/open/api/v1/process/start': '按編碼發起業務單元的一個審批流程，由其審批人處理',
  '/open/api/v1/process/instance/get': '應用發起的一次流程：狀態、待處理步驟和歷史',
} satisfies Record<keyof typeof en, string>;
