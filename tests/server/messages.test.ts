import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDue } from '../../server/services/announcements.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The message center (docs/messages.md): what happens writes messages to the right readers, each
 * reader reads and counts only its own, announcements go out now or once when due.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let op: string;
beforeAll(async () => {
  s = await startServer({ options: { announcements: false } });
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  op = await s.login();
});
afterAll(() => s?.close());

const unread = async (token: string, path = '/open/sys-announcement/get-announcement-unread-quantity') => {
  const r = await s.post(path, {}, { token });
  expect(r.code, r.message).toBe(200);
  return r.data.quantity as number;
};
const list = async (token: string, call = 'list', body: Record<string, unknown> = {}) => {
  const r = await s.post(`/open/sys-announcement/${call}`, { page_size: 100, ...body }, { token });
  expect(r.code, r.message).toBe(200);
  return r.data.list as { guid: string; title: string; summary: string | null; read: boolean; link: string | null }[];
};

describe('unread by kind', () => {
  it('counts each kind the reader sees: a work order reply is a user message, the badge says which tab holds it', async () => {
    const wo = (await s.post('/open/app/work-order/save', { title: `Kinds ${uid()}`, description: 'Help' }, { token: A.token })).data;
    await s.post('/open/sys-announcement/add', { all: true }, { token: A.token });
    await s.post('/open/admin/work-order-record/save', { work_order_guid: wo.guid, content: 'Answered' }, { token: op });
    const counted = (await s.post('/open/sys-announcement/get-announcement-unread-quantity', {}, { token: A.token })).data;
    expect(counted).toEqual({ quantity: 1, kinds: [{ kind: 0, quantity: 1 }, { kind: 1, quantity: 0 }, { kind: 2, quantity: 0 }] });
    const operator = (await s.post('/open/admin/sys-announcement/get-announcement-unread-quantity', {}, { token: op })).data;
    expect(operator.kinds.map((k: { kind: number }) => k.kind)).toEqual([3]);
  });
});

describe('work order messages', () => {
  it('operators hear of a new work order and a tenant reply; the raiser of each operator move and reply', async () => {
    const opBefore = await unread(op, '/open/admin/sys-announcement/get-announcement-unread-quantity');
    const aBefore = await unread(A.token);
    const title = `Locked out ${uid()}`;
    const wo = (await s.post('/open/app/work-order/save', { title, description: 'Help' }, { token: A.token })).data;
    expect(await unread(op, '/open/admin/sys-announcement/get-announcement-unread-quantity')).toBe(opBefore + 1);
    await s.post('/open/admin/work-order/update-status', { guid: wo.guid, status: 1 }, { token: op });
    await s.post('/open/admin/work-order-record/save', { work_order_guid: wo.guid, content: 'Looking' }, { token: op });
    expect(await unread(A.token)).toBe(aBefore + 2);
    const mine = await list(A.token, 'list', { unread: true });
    expect(mine.slice(0, 2).map((m) => m.title)).toEqual([`New reply on work order ${wo.number}`, `Work order ${wo.number} is being processed`]);
    expect(mine[0].link).toBe(`/account/work-order/${wo.guid}/show`);
    // In the reader's language.
    const zh = await s.post('/open/sys-announcement/list', { unread: true }, { token: A.token, lang: 'zh-CN' });
    expect(zh.data.list[0].title).toBe(`工单 ${wo.number} 有新回复`);
    // Opening one reads it; `add` reads all.
    const opened = await s.post('/open/sys-announcement/get', { guid: mine[0].guid }, { token: A.token });
    expect(opened.data.html).toContain(title);
    expect(await unread(A.token)).toBe(aBefore + 1);
    const after = await s.post('/open/sys-announcement/add', { all: true }, { token: A.token });
    expect(after.data).toEqual({ quantity: 0, kinds: [0, 1, 2].map((kind) => ({ kind, quantity: 0 })) });
    expect((await list(A.token, 'list', { unread: true })).length).toBe(0);
    const nothing = await s.post('/open/sys-announcement/add', {}, { token: A.token });
    expect(nothing.code).toBe(201);
    expect(nothing.message).toBe('Messages is required');
  });

  it('a reader never sees another’s messages: not another BU, not a colleague’s own, not an operator in the tenant center', async () => {
    const wo = (await s.post('/open/app/work-order/save', { title: `Private ${uid()}`, description: 'x' }, { token: A.token })).data;
    await s.post('/open/admin/work-order/update-status', { guid: wo.guid, status: 1 }, { token: op });
    const message = (await list(A.token))[0];
    const colleague = await activeSub(s, A.token);
    for (const [who, token] of [['tenant B', B.token], ['colleague without the menu', colleague.token]] as const) {
      expect((await s.post('/open/sys-announcement/get', { guid: message.guid }, { token })).code, who).toBe(201);
      const theirs = await s.post('/open/sys-announcement/list', { page_size: 100 }, { token });
      expect(JSON.stringify(theirs.data ?? null), who).not.toContain(message.guid);
    }
    expect((await s.post('/open/sys-announcement/list', {}, { token: op })).code).not.toBe(200);
    expect((await s.post('/open/sys-announcement/get', { guid: message.guid }, { token: op })).code).not.toBe(200);
  });

  it('a sub-account activating tells the BU owner', async () => {
    const sub = await activeSub(s, A.token);
    const titles = (await list(A.token)).map((m) => m.title);
    expect(titles).toContain(`Sub-account ${sub.username} activated`);
  });

  it('a decided scope application tells the BU, in its app messages', async () => {
    const app = await s.post('/open/app/create', { name: `Audited ${uid()}`, code: `aud-${uid()}` }, { token: A.token });
    const applied = await s.post('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.data.guid, group_codes: ['contact:department:readonly'] }, { token: A.token });
    expect(applied.code, applied.message).toBe(200);
    const rejected = await s.post('/open/admin/app/permissions/audit-record/close-audit', { guid: applied.data.guid, remark: 'Explain the use' }, { token: op });
    expect(rejected.code, rejected.message).toBe(200);
    const apps = await list(A.token, 'app-list');
    expect(apps[0].title).toBe(`Scopes rejected for ${app.data.name}`);
    expect(apps[0].summary).toContain('Explain the use');
    expect(apps[0].link).toBe(`/business/app/${app.data.guid}/permission`);
    expect(await list(B.token, 'app-list')).toEqual([]);
  });
});

describe('announcements', () => {
  it('now, to chosen BUs: a BU message for each, with the body as sanitised HTML; others get none', async () => {
    const title = `Maintenance ${uid()}`;
    const r = await s.post('/open/admin/sys-announcement/add', { title, body: 'Down **tonight**. <script>alert(1)</script>', audience: 1, bu_guids: [A.buGuid] }, { token: op });
    expect(r.code, r.message).toBe(200);
    expect(r.data).toMatchObject({ state: 1, reach: 1 });
    const got = (await list(A.token, 'bu-list')).find((m) => m.title === title)!;
    const opened = await s.post('/open/sys-announcement/get', { guid: got.guid }, { token: A.token });
    expect(opened.data.html).toContain('<strong>tonight</strong>');
    expect(opened.data.html).not.toContain('<script>');
    expect((await list(B.token, 'bu-list')).some((m) => m.title === title)).toBe(false);
    const bad = await s.post('/open/admin/sys-announcement/add', { title, body: 'x', audience: 1, bu_guids: [] }, { token: op });
    expect(bad.code).toBe(201);
    const ghost = await s.post('/open/admin/sys-announcement/add', { title, body: 'x', audience: 1, bu_guids: ['00000000-0000-4000-8000-000000000000'] }, { token: op });
    expect(ghost.code).toBe(201);
  });

  it('to the users of chosen apps: an app message to each BU that has the app', async () => {
    const store = await s.post('/open/admin/app-manage/add-app', { name: `Desk ${uid()}`, code: `desk-${uid()}`, type: 0 }, { token: op });
    await s.post('/open/app/introduce/update/app-manage', { app_guid: store.data.guid, summary: 'x', status: 0 }, { token: op });
    expect((await s.post('/open/app/market/app-purchase/use', { guid: store.data.guid }, { token: B.token })).code).toBe(200);
    const title = `New version ${uid()}`;
    const r = await s.post('/open/admin/sys-announcement/add', { title, body: 'Now with SLAs.', audience: 2, app_guids: [store.data.guid] }, { token: op });
    expect(r.data.reach).toBe(1);
    expect((await list(B.token, 'app-list')).some((m) => m.title === title)).toBe(true);
    expect((await list(A.token, 'app-list')).some((m) => m.title === title)).toBe(false);
  });

  it('scheduled: nothing until due, then published once even by two runs at the same time', async () => {
    const title = `Later ${uid()}`;
    const at = new Date(Date.now() + 60_000);
    const r = await s.post('/open/admin/sys-announcement/add', { title, body: 'Soon.', audience: 1, bu_guids: [A.buGuid, B.buGuid], publish_at: at.toISOString() }, { token: op });
    expect(r.data).toMatchObject({ state: 0, reach: 0 });
    expect(await publishDue(s.db, new Date())).toBe(0);
    expect((await list(A.token, 'bu-list')).some((m) => m.title === title)).toBe(false);
    const runs = await Promise.all([publishDue(s.db, new Date(at.getTime() + 1000)), publishDue(s.db, new Date(at.getTime() + 1000))]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await publishDue(s.db, new Date(at.getTime() + 2000))).toBe(0);
    const sent = await s.db.query<{ n: number }>('select count(*)::int as n from message where announcement_guid = $1', [r.data.guid]);
    expect(sent.rows[0].n).toBe(2);
    const got = await s.post('/open/admin/sys-announcement/get', { guid: r.data.guid }, { token: op });
    expect(got.data).toMatchObject({ state: 1, reach: 2 });
    expect((await list(B.token, 'bu-list')).some((m) => m.title === title)).toBe(true);
  });
});
