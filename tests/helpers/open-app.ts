import type { TestServer } from './server.ts';
import { tenantWithBu, uid } from './tenant-flows.ts';

/**
 * A BU owner's app with every open-API scope opened and the process engine bound, and its
 * credentials: what the open API's suites and the typed clients call with.
 */
export const openApp = async (s: TestServer, admin: string) => {
  const owner = await tenantWithBu(s);
  const app = (await s.post('/open/app/create', { name: `Client ${uid()}`, code: `client-${uid()}` }, { token: owner.token })).data;
  const groups = (await s.db.query<{ code: string }>('select code from api_group where status = 0')).rows.map((g) => g.code);
  await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: groups }, { token: admin });
  await s.post('/open/app/ability/bind', { guid: app.guid, ability_codes: ['process-engine'] }, { token: owner.token });
  const token = (await s.post('/open/api/auth/app-access-token', { app_id: app.app_id, app_secret: app.app_secret })).data.app_access_token as string;
  return { owner, app: app as { guid: string; app_id: string; app_secret: string }, token };
};
