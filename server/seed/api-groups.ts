import type { Db } from '../db/driver.ts';

/**
 * The open API's scopes. Each open-API call names one (`scope` in server/routes/open-api.ts); an
 * app calls it once the scope is opened for it. Names are the default language's; operators may
 * rename or disable them, and a start never overwrites their edits.
 */
export const API_GROUPS = [
  { code: 'contact:department:readonly', name: '读取部门信息', description: '读取企业的部门树' },
] as const;

export const seedApiGroups = async (db: Db) => {
  for (const g of API_GROUPS) {
    await db.query(
      "insert into api_group (guid, code, name, description, status) values (gen_random_uuid(), $1, $2, $3, 0) on conflict do nothing",
      [g.code, g.name, g.description],
    );
  }
};
