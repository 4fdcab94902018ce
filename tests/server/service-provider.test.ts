import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * A BU as a service provider (docs/store.md, "Service providers"): it makes a store app, submits a
 * version of its listing and the scopes it asks buyers for; an operator rejects it with a reason or
 * approves it, which lists it; buyers install it with consent; the provider sees its installations
 * and orders, never a buyer's records; delisting takes it out of the store and keeps its buyers.
 */
let s: TestServer;
let admin: string;
let P: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let C: Awaited<ReturnType<typeof tenantWithBu>>;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  [P, B, C] = [await tenantWithBu(s), await tenantWithBu(s), await tenantWithBu(s)];
});
afterAll(() => s?.close());

const op = (path: string, body: unknown = {}) => s.post(path, body, { token: admin, lang: 'en' });
const as = (who: { token: string }) => (path: string, body: unknown = {}) => s.post(path, body, { token: who.token, lang: 'en' });
const V = '/open/service-provider/app-version';
const R = '/open/admin/store-review';
const DETAIL = '/open/app/market/search/app-manage/info';
const BUY = '/open/app/market/app-purchase/use';

/** The provider's new store app and the guid of an enabled scope by code, as its version form offers them. */
const providerApp = async (tag: string) => {
  const p = as(P);
  const app = await p('/open/app/create', { name: `SP ${tag}`, code: `sp-${tag}`, type: 0 });
  expect(app.code, app.message).toBe(200);
  const picker = await p('/open/service-provider/app/list');
  expect(picker.data.map((a: { guid: string }) => a.guid)).toContain(app.data.guid);
  const scopes = (await p('/open/service-provider/scope/list')).data as { guid: string; code: string }[];
  const scope = (code: string) => scopes.find((g) => g.code === code)!.guid;
  return { app: app.data as { guid: string; app_id: string }, scope };
};

describe('a service provider publishes a store app through review', () => {
  it('drafts, submits, is rejected with a reason, resubmits, is approved and listed; buyers consent and install; the provider sees installations and settlement only', async () => {
    const tag = uid();
    const p = as(P);
    const { app, scope } = await providerApp(tag);
    const cls = await op('/open/app/classify/add', { name: `SP class ${tag}` });
    // A self-built app takes no version.
    const own = await p('/open/app/create', { name: `Self ${tag}`, code: `self-${tag}`, type: 1 });
    expect((await p(`${V}/add`, { app_guid: own.data.guid, version: '1.0', summary: 'x' })).message).toMatch(/store apps/);

    const draft = await p(`${V}/add`, { app_guid: app.guid, version: '1.0', summary: `Reads your members ${tag}`, price: 0, scope_guids: [scope('contact:member:readonly')], classify_guids: [cls.data.guid] });
    expect(draft.code, draft.message).toBe(200);
    expect(draft.data.status).toBe(0);
    expect((await p(`${V}/update`, { guid: draft.data.guid, note: 'First version' })).code).toBe(200);
    // Not in the store, nor in the queue, before it is submitted.
    expect((await s.post(DETAIL, { guid: app.guid })).code).toBe(201);
    const before = await op(`${R}/page`, { status: 1, page_size: 100 });
    expect(before.data.list.map((r: { guid: string }) => r.guid)).not.toContain(draft.data.guid);

    expect((await p(`${V}/submit`, { guid: draft.data.guid })).data.status).toBe(1);
    // Locked in review, and one version of an app in review at a time.
    expect((await p(`${V}/update`, { guid: draft.data.guid, summary: 'changed' })).message).toMatch(/in review or decided/);
    const second = await p(`${V}/add`, { app_guid: app.guid, version: '1.1', summary: 'Next' });
    expect((await p(`${V}/submit`, { guid: second.data.guid })).message).toMatch(/Another version/);
    expect((await p(`${V}/delete`, { guid: second.data.guid })).code).toBe(200);
    // Withdrawn, it is a draft again (and may be edited); submitted again, it waits.
    expect((await p(`${V}/withdraw`, { guid: draft.data.guid })).data).toMatchObject({ status: 0, reviewed_at: null });
    expect((await p(`${V}/submit`, { guid: draft.data.guid })).data.status).toBe(1);

    // The queue names the app; the version reads beside what is live (nothing yet: every scope is new).
    const queue = await op(`${R}/page`, { status: 1, page_size: 100 });
    const row = queue.data.list.find((r: { guid: string }) => r.guid === draft.data.guid);
    expect(row).toMatchObject({ app_guid: app.guid, app_name: `SP ${tag}`, bu_guid: P.buGuid });
    const compared = await op(`${R}/get`, { guid: draft.data.guid });
    expect(compared.data).toMatchObject({ scopes: ['contact:member:readonly'], scopes_added: ['contact:member:readonly'], scopes_removed: [], live_listed: false });

    // Rejected with a reason the provider reads; it edits and submits again.
    expect((await op(`${R}/reject`, { guid: draft.data.guid })).code).toBe(201);
    expect((await op(`${R}/reject`, { guid: draft.data.guid, reason: 'Describe what you read' })).data.status).toBe(3);
    const mine = await p(`${V}/get`, { guid: draft.data.guid });
    expect(mine.data).toMatchObject({ status: 3, reason: 'Describe what you read', app_name: `SP ${tag}` });
    expect((await p(`${V}/update`, { guid: draft.data.guid, description: '## What it reads\n\nYour members, to sync them.' })).code).toBe(200);
    expect((await p(`${V}/submit`, { guid: draft.data.guid })).code).toBe(200);
    // A provider cannot decide its own version.
    expect((await p(`${R}/approve`, { guid: draft.data.guid })).code).not.toBe(200);
    const approved = await op(`${R}/approve`, { guid: draft.data.guid });
    expect(approved.code, approved.message).toBe(200);
    expect(approved.data).toMatchObject({ status: 2, reason: null });

    // Listed: the store names the provider's BU, the classification wished for, and the scopes it asks.
    const detail = await s.post(DETAIL, { guid: app.guid }, { token: B.token });
    expect(detail.code, detail.message).toBe(200);
    expect(detail.data).toMatchObject({ provider: `BU ${P.username}`, summary: `Reads your members ${tag}`, installed: false, classifications: [{ guid: cls.data.guid }] });
    expect(detail.data.scopes.map((g: { code: string }) => g.code)).toEqual(['contact:member:readonly']);
    // Store staff may list a provider's app only once it was approved.
    const unreviewed = await p('/open/app/create', { name: `Unreviewed ${tag}`, code: `unrev-${tag}`, type: 0 });
    expect((await op('/open/app/introduce/update/app-manage', { app_guid: unreviewed.data.guid, summary: 'x', status: 0 })).code).toBe(201);

    // The provider's own BU has it already; a buyer consents and installs.
    expect((await p(BUY, { guid: app.guid })).message).toMatch(/provides this app/);
    const bought = await as(B)(BUY, { guid: app.guid, scopes: ['contact:member:readonly'] });
    expect(bought.code, bought.message).toBe(200);

    // The provider sees who installed it, with the grant, and the order; another BU sees none of it.
    const inst = await p('/open/service-provider/installation/page', { page_size: 50 });
    expect(inst.code, inst.message).toBe(200);
    expect(inst.data.list).toEqual([expect.objectContaining({ app_guid: app.guid, buyer_name: `BU ${B.username}`, scopes: ['contact:member:readonly'], status: 0 })]);
    const orders = await p('/open/service-provider/settlement/page', { page_size: 50 });
    expect(orders.data.list).toEqual([expect.objectContaining({ app_guid: app.guid, buyer_name: `BU ${B.username}`, number: bought.data.number })]);
    expect((await p('/open/service-provider/settlement/monthly')).code).toBe(200);
    expect((await as(C)('/open/service-provider/installation/page')).data.list).toEqual([]);
    expect((await as(C)('/open/service-provider/settlement/page')).data.list).toEqual([]);
    expect((await as(C)(`${V}/get`, { guid: draft.data.guid })).code).toBe(201);
    // The buyer cannot read the provider's versions either.
    expect((await as(B)(`${V}/page`)).data.list).toEqual([]);

    // The buyer asks about the app in a work order naming its installation: the provider reads it and answers; the buyer reads the answer.
    const installation = (await as(B)('/open/installed-app/page')).data.list.find((r: { app_guid: string }) => r.app_guid === app.guid);
    const asked = await as(B)('/open/app/work-order/save', { title: `How to start ${tag}`, description: 'Which members does it read?', installed_app_guid: installation.guid });
    expect(asked.code, asked.message).toBe(200);
    const theirs = await as(B)('/open/app/work-order/save', { title: `Not about it ${tag}`, description: 'Another question' });
    const questions = await p('/open/service-provider/work-order/page');
    expect(questions.data.list.map((r: { guid: string }) => r.guid)).toEqual([asked.data.guid]);
    expect(questions.data.list[0]).toMatchObject({ buyer_name: `BU ${B.username}`, app_name: `SP ${tag}`, state: 0 });
    expect((await p('/open/service-provider/work-order/get', { guid: asked.data.guid })).data.records.length).toBeGreaterThan(0);
    const answered = await p('/open/service-provider/work-order-record/save', { work_order_guid: asked.data.guid, content: 'Only members, never departments.' });
    expect(answered.code, answered.message).toBe(200);
    expect((await p('/open/service-provider/work-order-record/save', { work_order_guid: theirs.data.guid, content: 'Not mine' })).code).toBe(201);
    expect((await as(C)('/open/service-provider/work-order-record/save', { work_order_guid: asked.data.guid, content: 'Not mine either' })).code).toBe(201);
    expect((await as(C)('/open/service-provider/work-order/get', { guid: asked.data.guid })).code).toBe(201);
    const read = await as(B)('/open/app/work-order/get', { guid: asked.data.guid });
    expect(read.data.records.at(-1)).toMatchObject({ side: 'provider', content: 'Only members, never departments.' });
    // The platform's staff see it as every work order.
    expect((await op('/open/admin/work-order/get', { guid: asked.data.guid })).data.records.at(-1).side).toBe('provider');

    // Delisted: out of the store, its buyer keeps it; relisted, back.
    expect((await op(`${R}/delist`, { guid: draft.data.guid, reason: 'Under investigation' })).data.status).toBe(4);
    expect((await s.post(DETAIL, { guid: app.guid })).code).toBe(201);
    expect((await as(B)('/open/installed-app/page')).data.list.map((r: { app_guid: string }) => r.app_guid)).toContain(app.guid);
    expect((await op(`${R}/relist`, { guid: draft.data.guid })).data.status).toBe(2);
    expect((await s.post(DETAIL, { guid: app.guid })).code).toBe(200);

    // A newer version asking for more: approved, it replaces the listed one; the buyer keeps the grant it consented to.
    const next = await p(`${V}/add`, { app_guid: app.guid, version: '2.0', summary: `Also departments ${tag}`, scope_guids: [scope('contact:member:readonly'), scope('contact:department:readonly')] });
    expect((await p(`${V}/submit`, { guid: next.data.guid })).code).toBe(200);
    expect((await op(`${R}/get`, { guid: next.data.guid })).data).toMatchObject({ scopes_added: ['contact:department:readonly'], live_listed: true, live_summary: `Reads your members ${tag}` });
    expect((await op(`${R}/approve`, { guid: next.data.guid })).code).toBe(200);
    expect((await p(`${V}/get`, { guid: draft.data.guid })).data.status).toBe(5);
    expect((await s.post(DETAIL, { guid: app.guid })).data.scopes.map((g: { code: string }) => g.code)).toEqual(['contact:department:readonly', 'contact:member:readonly']);
    expect((await p('/open/service-provider/installation/page')).data.list[0].scopes).toEqual(['contact:member:readonly']);
    // The buyer's enterprise apps page says what waits for its approval; consenting to it, as shown, grants it.
    const b = as(B);
    const waiting = (await b('/open/installed-app/page')).data.list.find((r: { app_guid: string }) => r.app_guid === app.guid);
    expect(waiting).toMatchObject({ scopes: ['contact:member:readonly'], pending_scopes: ['contact:department:readonly'], needs_consent: true });
    expect((await b('/open/installed-app/consent', { guid: waiting.guid, scopes: ['contact:member:readonly'] })).message).toMatch(/requested access changed/);
    expect((await as(C)('/open/installed-app/consent', { guid: waiting.guid, scopes: ['contact:department:readonly'] })).code).toBe(201);
    const consented = await b('/open/installed-app/consent', { guid: waiting.guid, scopes: ['contact:department:readonly'] });
    expect(consented.code, consented.message).toBe(200);
    expect(consented.data).toMatchObject({ scopes: ['contact:department:readonly', 'contact:member:readonly'], pending_scopes: [], needs_consent: false });
    expect((await b('/open/installed-app/consent', { guid: waiting.guid, scopes: [] })).code).toBe(201);

    // Every decision is in the operation log.
    const logged = async () => ((await op('/open/admin/operation-log/page', { target_guid: draft.data.guid, page_size: 50 })).data?.list ?? []).map((r: { path: string }) => r.path);
    await expect.poll(logged, { timeout: 5_000 }).toEqual(expect.arrayContaining(['approve', 'reject', 'delist', 'relist'].map((verb) => `${R}/${verb}`)));
  });
});
