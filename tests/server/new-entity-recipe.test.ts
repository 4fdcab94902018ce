import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { buildApp, type App } from '../../server/app.ts';
import type { Db } from '../../server/db/driver.ts';
import { permissionSeed, seedOperator } from '../../server/seed/seed.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { tenantPages } from '../../resources/pages.ts';
import { flatRoutes, routeTreeOf } from '../../src/routes/table.ts';
import { holiday } from '../fixtures/holiday-entity.ts';
import { testDb } from '../helpers/db.ts';

/**
 * The README's recipe, proved: a `holiday` entity made of one schema and one definition (and its
 * labels, which only the browser shows) gets its
 * table, its calls, a node in the operator menu with grantable buttons, permission checks that
 * refuse without the grant and allow with it, and a tenant console page (route, title, menu node,
 * BU-scoped calls) — with no other file touched.
 */
let db: Db;
let built: App;
const post = async (url: string, body: unknown, token?: string) =>
  (await built.app.inject({ method: 'POST', url, payload: body as object, headers: { 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) } })).json();
const login = async (username: string, password: string) => (await post('/open/admin/sys-auth/login', { username, password })).data.token as string;

beforeAll(async () => {
  db = await testDb();
  built = await buildApp({ db, defs: [...resources, holiday] });
  await seedOperator(db, 'admin', 'Adm1nPassw0rd');
  await built.app.ready();
});
afterAll(async () => {
  await built?.app.close();
  await db?.close();
});

it('serves the entity: add, page, get, update, status, delete', async () => {
  const admin = await login('admin', 'Adm1nPassw0rd');
  const added = await post('/open/admin/holiday/add', { name: 'New Year', day: '2027-01-01' }, admin);
  expect(added.code).toBe(200);
  expect((await post('/open/admin/holiday/page', {}, admin)).data.count).toBe(1);
  expect((await post('/open/admin/holiday/update', { guid: added.data.guid, name: 'New Year’s Day' }, admin)).data.name).toBe('New Year’s Day');
  expect((await post('/open/admin/holiday/update-status', { guid: added.data.guid, status: 1 }, admin)).data.status).toBe(1);
  expect((await post('/open/admin/holiday/add', { name: 'Again', day: '2027-01-01' }, admin)).code).toBe(201);
  expect((await post('/open/admin/holiday/delete', { guid: added.data.guid }, admin)).data.deleted).toBe(1);
});

it('seeds its menu node and buttons, which a role can be granted and which then allow the call', async () => {
  const admin = await login('admin', 'Adm1nPassw0rd');
  const nodes = (await post('/open/admin/system/permission/list', { scene: 'admin' }, admin)).data as { guid: string; code: string; url: string; parent_guid: string }[];
  const menu = nodes.find((n) => n.code === 'admin:holiday');
  expect(menu?.url).toBe('/operation/holiday');
  const buttons = nodes.filter((n) => n.parent_guid === menu?.guid).map((n) => n.code).sort();
  expect(buttons).toEqual(['admin:holiday:add', 'admin:holiday:delete', 'admin:holiday:status', 'admin:holiday:update', 'admin:holiday:view']);
  const role = (await post('/open/admin/system/role/add', { name: 'Holiday viewer' }, admin)).data.guid;
  const grant = (codes: string[]) => post('/open/admin/system/role/auth', { guid: role, permission_guids: nodes.filter((n) => codes.includes(n.code)).map((n) => n.guid) }, admin);
  await grant(['admin:holiday', 'admin:holiday:view']);
  await post('/open/admin/system/user/add', { username: 'planner', password: 'Plan12345', role_guids: [role] }, admin);
  const planner = await login('planner', 'Plan12345');
  expect((await post('/open/admin/holiday/page', {}, planner)).code).toBe(200);
  const refused = await post('/open/admin/holiday/add', { name: 'Mine', day: '2027-05-01' }, planner);
  expect(refused.message).toBe('You have no access rights yet. Please contact the administrator.');
  await grant(['admin:holiday', 'admin:holiday:view', 'admin:holiday:add']);
  expect((await post('/open/admin/holiday/add', { name: 'Mine', day: '2027-05-01' }, await login('planner', 'Plan12345'))).code).toBe(200);
});

it('refuses at start a permission that no menu node grants', async () => {
  const orphan: ResourceDef = { ...holiday, name: 'orphan', storage: { ...holiday.storage, table: 'orphan' }, api: { ...holiday.api, mounts: [{ ...holiday.api.mounts[0], base: '/open/admin/orphan', perm: 'admin:orphan' }] }, admin: { ...holiday.admin, screens: [] } };
  await expect(buildApp({ db, defs: [...resources, orphan] })).rejects.toThrow(/checks permission "admin:orphan", which no menu node grants/);
});

/** The owner of a new BU, with a token for it. */
const buOwner = async () => {
  const guid = randomUUID();
  const bu = randomUUID();
  await db.query('insert into users (guid, username, password, status, user_type, role_guids) values ($1, $2, $3, 0, 1, $4)', [guid, `o${guid.slice(0, 8)}`, await hashPassword('Owner1234'), '[]']);
  await db.query('insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, true, $3)', [guid, bu, '[]']);
  return (await built.services.tokens.issue({ guid, user_type: 1 }, bu)).token;
};

it('makes its tenant page from the definition: route, title, menu node with buttons, and calls of the BU', async () => {
  const routes = flatRoutes(routeTreeOf(tenantPages([...resources, holiday])));
  expect(routes.find((r) => r.path === '/business/holiday')).toMatchObject({ page: 'tenant', title: 'resources.holiday.name', needsBu: true, userTypes: [1, 2] });
  expect(routes.find((r) => r.path === '/business/holiday/*')).toMatchObject({ page: 'tenant', hidden: true });
  const nodes = permissionSeed([...resources, holiday]);
  expect(nodes.find((n) => n.code === 'tenant:holiday')).toMatchObject({ url: '/business/holiday', scene: 'tenant', parent: 'tenant:business' });
  expect(nodes.filter((n) => n.parent === 'tenant:holiday').map((n) => n.code).sort()).toEqual(['tenant:holiday:add', 'tenant:holiday:delete', 'tenant:holiday:update', 'tenant:holiday:view']);
  const [mine, theirs] = [await buOwner(), await buOwner()];
  expect((await post('/open/system/holiday/add', { name: 'Ours', day: '2027-10-01' }, mine)).code).toBe(200);
  expect((await post('/open/system/holiday/page', {}, mine)).data.count).toBe(1);
  expect((await post('/open/system/holiday/page', {}, theirs)).data.count).toBe(0);
  // One holiday a day, in each BU: the unique set is the BU's own.
  expect((await post('/open/system/holiday/add', { name: 'Ours', day: '2027-10-01' }, mine)).code).toBe(201);
  expect((await post('/open/system/holiday/add', { name: 'Theirs', day: '2027-10-01' }, theirs)).code).toBe(200);
});
