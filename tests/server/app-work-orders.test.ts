import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * An app raises a work order for its BU (`/open/api/v1/work-order/create`, scope
 * `service-desk:work-order:write`), reads it with its conversation, replies as the app, and hears
 * the operators' moves through the work-order events; the BU's people see it in their console; an
 * app of another BU reaches none of it; without the scope the call is refused.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let op: string;
beforeAll(async () => {
  s = await startServer({ options: { announcements: false, events: { worker: false } } });
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  op = await s.login();
});
afterAll(() => s?.close());

const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t}` }, lang: 'en' });
const appOf = async (owner: string, scopes: string[]) => {
  const app = (await s.post('/open/app/create', { name: `Helper ${uid()}`, code: `hlp-${uid()}` }, { token: owner })).data;
  if (scopes.length) expect((await s.post('/open/admin/app/permissions/active-permissions', { guid: app.guid, group_codes: scopes }, { token: op })).code).toBe(200);
  return { app: app as { guid: string; name: string }, token: (await s.services.appTokens.issue(app.guid, 7200)).app_access_token as string };
};
const call = (path: string, body: unknown, token: string) => s.post(`/open/api/v1/${path}`, body, bearer(token));
const ok = async (path: string, body: unknown, token: string) => {
  const r = await call(path, body, token);
  expect(r.code, r.message).toBe(200);
  return r.data;
};
const WRITE = ['service-desk:work-order:write', 'service-desk:work-order:readonly'];

it('raises a work order about itself, reads its conversation and replies as the app; the BU and operators see it', async () => {
  const { app, token } = await appOf(A.token, WRITE);
  const other = await appOf(A.token, []);
  const raised = await ok('work-order/create', { title: `Sync failing ${uid()}`, description: 'The nightly sync answers 500.', category: 2, app_guid: other.app.guid }, token);
  // An app's work order is about that app, whatever the body names.
  expect(raised).toMatchObject({ app_guid: app.guid, state: 0, bu_guid: A.buGuid });
  expect(raised.number).toMatch(/^WO\d{8}\d{6}$/);

  const replied = await ok('work-order/reply', { work_order_guid: raised.guid, content: 'It started at 02:00.' }, token);
  expect(replied.records.at(-1)).toMatchObject({ side: 'tenant', author_name: app.name, content: 'It started at 02:00.' });

  // Subscribed to work-order events (its endpoint is set straight in the table: delivery is not what this test is about).
  expect((await s.post('/open/app/event/subscribe-config/get', { app_guid: app.guid }, { token: A.token })).code).toBe(200);
  await s.db.query("update event_config set request_url = 'http://127.0.0.1:9/hook' where app_guid = $1", [app.guid]);
  const codes = ['service_desk.work_order.created_v1', 'service_desk.work_order.updated_v1'];
  const subscribed = await s.post('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: codes }, { token: A.token });
  expect(subscribed.code, subscribed.message).toBe(200);

  // The operators take it up and answer; the app reads the move and the answer.
  expect((await s.post('/open/admin/work-order/update-status', { guid: raised.guid, status: 1 }, { token: op })).code).toBe(200);
  expect((await s.post('/open/admin/work-order-record/save', { work_order_guid: raised.guid, content: 'Looking into it.' }, { token: op })).code).toBe(200);
  const read = await ok('work-order/get', { guid: raised.guid }, token);
  expect(read.state).toBe(1);
  expect(read.records.map((r: { content: string }) => r.content)).toEqual(expect.arrayContaining(['It started at 02:00.', 'Looking into it.']));

  // The BU's people see the app's work order in their console, with the app named.
  const mine = await s.post('/open/app/work-order/page', { page_size: 50 }, { token: A.token });
  expect(mine.data.list.find((w: { guid: string }) => w.guid === raised.guid)).toMatchObject({ app_guid: app.guid });
  const page = await ok('work-order/page', { page_size: 50 }, token);
  expect(page.list.map((w: { guid: string }) => w.guid)).toContain(raised.guid);

  // The app hears of every change through the work-order events it subscribed to.
  const events = await s.db.query<{ event_type: string; payload: { object: { guid: string; state: number } } }>(
    'select event_type, payload from event_message where app_guid = $1 order by create_time', [app.guid]);
  expect(events.rows.map((r) => r.event_type)).toEqual(['service_desk.work_order.updated_v1']);
  expect(events.rows[0].payload.object).toMatchObject({ guid: raised.guid, state: 1 });
});

it('an app of another BU reaches none of it, and an app without the scope is refused naming it', async () => {
  const { token } = await appOf(A.token, WRITE);
  const raised = await ok('work-order/create', { title: `Mine ${uid()}`, description: 'Private to A.' }, token);
  const stranger = await appOf(B.token, WRITE);
  expect((await call('work-order/get', { guid: raised.guid }, stranger.token)).code).not.toBe(200);
  expect((await call('work-order/reply', { work_order_guid: raised.guid, content: 'Hello from B' }, stranger.token)).code).not.toBe(200);
  expect((await ok('work-order/page', { page_size: 50 }, stranger.token)).list.map((w: { guid: string }) => w.guid)).not.toContain(raised.guid);
  const bare = await appOf(A.token, []);
  const refused = await call('work-order/create', { title: 'No scope', description: 'Refused.' }, bare.token);
  expect(refused.code).not.toBe(200);
  expect(refused.message).toContain('service-desk:work-order:write');
});
