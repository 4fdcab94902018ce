import type { Db } from '../db/driver.ts';

/**
 * The open API's scopes. Each open-API call names one (`scope` in server/routes/open-api.ts); an
 * app calls it once the scope is opened for it. Names are the default language's; operators may
 * rename or disable them, and a start never overwrites their edits.
 */
export const API_GROUPS = [
  { code: 'contact:department:readonly', name: '读取部门信息', description: '读取企业的部门树' },
  { code: 'contact:member:readonly', name: '读取成员信息', description: '分页查询和读取企业成员' },
  { code: 'contact:member:write', name: '管理成员', description: '新增和修改企业成员' },
  { code: 'contact:position:readonly', name: '读取职位信息', description: '分页查询企业职位' },
  { code: 'org:company:readonly', name: '读取公司信息', description: '分页查询企业下的公司' },
  { code: 'org:project:readonly', name: '读取项目信息', description: '分页查询企业下的项目' },
] as const;

/**
 * The platform's abilities an app may bind (its ability page). The process engine has its own page
 * below the app's (spec: ability/processEngine); web sign-in returns to the app's redirect URLs.
 */
export const ABILITIES = [
  { code: 'process-engine', name: '流程引擎', description: '在应用中发起和处理审批流程' },
  { code: 'web-login', name: '网页登录', description: '用平台账号登录应用，登录后回到应用的重定向 URL' },
] as const;

/** Scopes and abilities are data: a start adds missing ones and never overwrites operators' edits. */
export const seedApiGroups = async (db: Db) => {
  for (const [table, rows] of [['api_group', API_GROUPS], ['ability', ABILITIES]] as const) {
    for (const g of rows) {
      await db.query(`insert into ${table} (guid, code, name, description, status) values (gen_random_uuid(), $1, $2, $3, 0) on conflict do nothing`, [g.code, g.name, g.description]);
    }
  }
};
