import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedStoreApp } from '../fixtures/samples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { register, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
let admin: string;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  [A, B] = [await tenantWithBu(s), await tenantWithBu(s)];
});
afterAll(() => s?.close());

const op = (path: string, body: unknown = {}) => s.post(path, body, { token: admin });
const visitor = (path: string, body: unknown = {}, lang?: string) => s.post(path, body, { lang });
const operatorPost = (path: string, body: unknown) => op(path, body);
const SEARCH = '/open/app/market/search/app-classify/list';
const DETAIL = '/open/app/market/search/app-manage/info';
const BUY = '/open/app/market/app-purchase/use';

describe('the store as visitors see it', () => {
  it('lists only listed, enabled store apps of the platform, by name, classification and code, with their enabled labels in order', async () => {
    const tag = uid();
    const [one, two, hidden, disabled] = [await listedStoreApp(operatorPost, `${tag}a`), await listedStoreApp(operatorPost, `${tag}b`), await listedStoreApp(operatorPost, `${tag}c`), await listedStoreApp(operatorPost, `${tag}d`)];
    expect((await op('/open/app/introduce/update/app-manage', { app_guid: hidden.guid, status: 1 })).code).toBe(200);
    // The oversight call reaches BUs' apps only; the platform's own are disabled through app management.
    expect((await op('/open/admin/app/update-status', { guid: disabled.guid, status: 1 })).code).not.toBe(200);
    expect((await op('/open/admin/app-manage/update-status', { guid: disabled.guid, status: 1 })).code).toBe(200);
    // A tenant's own app is never in the store, whatever its type.
    const own = await s.post('/open/app/create', { name: `Own ${tag}`, code: `own-${tag}`, type: 0 }, { token: A.token });
    expect(own.code, own.message).toBe(200);

    const [second, first, off] = [await op('/open/app/label/add', { name: `Second ${tag}`, sort: 2 }), await op('/open/app/label/add', { name: `First ${tag}`, sort: 1 }), await op('/open/app/label/add', { name: `Off ${tag}`, status: 1 })];
    expect((await op('/open/app/introduce/update/app-manage', { app_guid: one.guid, label_guids: [second.data.guid, first.data.guid, off.data.guid], price: 9900, cycle: 2 })).code).toBe(200);
    const cls = await op('/open/app/classify/add', { name: `Class ${tag}` });
    expect((await op('/open/app/classify/app-related/add', { classify_guid: cls.data.guid, app_guid: two.guid })).code).toBe(200);

    const byName = await visitor(SEARCH, { name: tag, page: 1, page_size: 10 });
    expect(byName.code, byName.message).toBe(200);
    expect(byName.data.list.map((r: { guid: string }) => r.guid).sort()).toEqual([one.guid, two.guid].sort());
    expect(byName.data.count).toBe(2);
    const card = byName.data.list.find((r: { guid: string }) => r.guid === one.guid);
    expect(card).toMatchObject({ summary: 'A store app', price: 9900, cycle: 2 });
    expect(card.labels.map((l: { name: string }) => l.name)).toEqual([`First ${tag}`, `Second ${tag}`]);
    expect(Object.keys(card)).not.toContain('app_secret');

    const byClass = await visitor(SEARCH, { classify_guid: cls.data.guid });
    expect(byClass.data.list.map((r: { guid: string }) => r.guid)).toEqual([two.guid]);
    const byCode = await visitor(SEARCH, { codes: [`store-${tag}a`, `store-${tag}c`, 'NOPE'] });
    expect(byCode.data.list.map((r: { guid: string }) => r.guid)).toEqual([one.guid]);
    const paged = await visitor(SEARCH, { name: tag, page: 2, page_size: 1 });
    expect(paged.data).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(paged.data.list).toHaveLength(1);

    for (const app of [hidden, disabled]) {
      expect((await visitor(DETAIL, { guid: app.guid })).code).toBe(201);
      expect((await visitor('/open/app/market/search/app-classify/get', { guid: app.guid })).code).toBe(201);
    }
    expect((await visitor(DETAIL, { guid: own.data.guid })).code).toBe(201);

    const classes = await visitor('/open/app/market/search/classify/list');
    expect(classes.data.map((c: { guid: string }) => c.guid)).toContain(cls.data.guid);
    const labels = await visitor('/open/app/market/search/app-label/info', { guid: one.guid });
    expect(labels.data.map((l: { name: string }) => l.name)).toEqual([`First ${tag}`, `Second ${tag}`]);
    const detail = await visitor(DETAIL, { guid: two.guid });
    expect(detail.data).toMatchObject({ guid: two.guid, installed: false, classifications: [{ guid: cls.data.guid, name: `Class ${tag}` }] });
  });

  it('a search word is text, not a pattern, and a bad classification is refused by name', async () => {
    const r = await visitor(SEARCH, { name: '%' });
    expect(r.code).toBe(200);
    expect(r.data.list).toEqual([]);
    const bad = await visitor(SEARCH, { classify_guid: 'nope' }, 'en');
    expect(bad.code).toBe(201);
    expect(bad.message).toBe('Form validation failed: Classification is not a valid identifier');
  });
});

describe('what a visitor reads of a listing', () => {
  it('the introduction is Markdown rendered and sanitised as documents are; a search finds the provider; each classification counts its listed apps', async () => {
    const tag = uid();
    const [app, unlisted] = [await listedStoreApp(operatorPost, `${tag}m`), await listedStoreApp(operatorPost, `${tag}n`)];
    const description = '## Service\n\n- tickets\n\n<script>alert(1)</script> [bad](javascript:alert(1)) [docs](/developer/doc)';
    expect((await op('/open/app/introduce/update/app-manage', { app_guid: app.guid, description, provider: `Provider ${tag}` })).code).toBe(200);
    const detail = await visitor(DETAIL, { guid: app.guid });
    expect(detail.data.description).toBe(description);
    const html: string = detail.data.description_html;
    expect(html).toContain('<h2');
    expect(html).toContain('<li>tickets</li>');
    expect(html).toContain('href="/developer/doc"');
    expect(html).not.toMatch(/<script|href="javascript/);
    expect(html).toContain('&lt;script&gt;');

    const byProvider = await visitor(SEARCH, { name: `Provider ${tag}` });
    expect(byProvider.data.list.map((r: { guid: string }) => r.guid)).toEqual([app.guid]);

    const cls = (await op('/open/app/classify/add', { name: `Count ${tag}` })).data;
    for (const a of [app, unlisted]) expect((await op('/open/app/classify/app-related/add', { classify_guid: cls.guid, app_guid: a.guid })).code).toBe(200);
    expect((await op('/open/app/introduce/update/app-manage', { app_guid: unlisted.guid, status: 1 })).code).toBe(200);
    const off = (await op('/open/app/classify/add', { name: `Off ${tag}`, status: 1 })).data;
    const classes: { guid: string; app_count: number }[] = (await visitor('/open/app/market/search/classify/list')).data;
    // Only the listed app counts; a disabled classification is not shown at all.
    expect(classes.find((c) => c.guid === cls.guid)?.app_count).toBe(1);
    expect(classes.map((c) => c.guid)).not.toContain(off.guid);
  });
});

describe('store management', () => {
  it('only store apps are listed or classified; tenants and operators without the store permission cannot write', async () => {
    const n = uid();
    // The store's screen makes store apps only, whatever type the body names.
    const made = await op('/open/admin/app-manage/add-app', { name: `Tool ${n}`, code: `tool-${n}`, type: 1 });
    expect(made.data.type).toBe(0);
    // A platform app of another type (older data) is refused in words, never by its code.
    await s.db.query('update app set type = 1 where guid = $1', [made.data.guid]);
    const refused = await s.post('/open/app/introduce/update/app-manage', { app_guid: made.data.guid, status: 0 }, { token: admin, lang: 'en' });
    expect(refused.code).toBe(201);
    expect(refused.message).toBe('Only store apps (made under Store → Store apps) can be listed in the store or placed in its classifications.');
    expect(refused.message).not.toMatch(/\(\d\)/);
    // Nor does the store's screen list it, or let it be changed into a store app there.
    expect((await op('/open/admin/app-manage/page', { name: `Tool ${n}` })).data.list).toEqual([]);

    expect((await s.post('/open/app/label/add', { name: `T ${n}` }, { token: A.token })).code).toBe(201);
    const role = await op('/open/admin/system/role/add', { name: `Empty ${n}` });
    await op('/open/admin/system/user/add', { username: `clerk_${n}`, password: 'Clerk1234', role_guids: [role.data.guid] });
    const clerk = await s.login(`clerk_${n}`, 'Clerk1234');
    expect((await s.post('/open/app/label/add', { name: `T ${n}` }, { token: clerk })).code).toBe(201);
    expect((await s.post('/open/app/introduce/search/admin/app-manage/list', {}, { token: clerk })).code).toBe(201);
  });
});

describe('buying an app', () => {
  it('needs a sign-in and a BU; makes one general order to be paid and installs the app once, however often and however concurrently it is bought', async () => {
    const app = await listedStoreApp(operatorPost, uid());
    await op('/open/app/introduce/update/app-manage', { app_guid: app.guid, price: 1200, cycle: 1 });

    const anonymous = await visitor(BUY, { guid: app.guid });
    expect(anonymous.status).toBe(401);
    const noBu = await register(s);
    const refused = await s.post(BUY, { guid: app.guid }, { token: noBu.token, lang: 'en' });
    expect(refused.code).toBe(201);
    expect(refused.message).toBe('Please create or select a business unit first.');

    const answers = await Promise.all(Array.from({ length: 5 }, () => s.post(BUY, { guid: app.guid }, { token: A.token })));
    for (const a of answers) expect(a.code, a.message).toBe(200);
    expect(new Set(answers.map((a) => a.data.guid)).size).toBe(1);
    expect(answers.filter((a) => !a.data.already)).toHaveLength(1);
    const order = answers[0].data;
    expect(order).toMatchObject({ state: 0, amount: 1200, cycle: 1, app_name: app.name });
    expect(order.number).toMatch(/^\d{16}$/);
    const again = await s.post(BUY, { guid: app.guid }, { token: A.token });
    expect(again.data).toMatchObject({ guid: order.guid, already: true });

    const orders = (await s.db.query('select kind, state, bu_guid from orders where app_guid = $1', [app.guid])).rows;
    expect(orders).toEqual([{ kind: 0, state: 0, bu_guid: A.buGuid }]);
    const mine = await s.post('/open/order/page', { app_guid: app.guid }, { token: A.token });
    expect(mine.data.list.map((o: { guid: string }) => o.guid)).toEqual([order.guid]);
    expect((await s.post('/open/order/page', { app_guid: app.guid }, { token: B.token })).data.list).toEqual([]);
    const overseen = await op('/open/admin/order-management/page', { app_guid: app.guid });
    expect(overseen.data.list).toMatchObject([{ guid: order.guid, bu_guid: A.buGuid, state: 0 }]);
    const installed = await s.post('/open/installed-app/list', {}, { token: A.token });
    expect(installed.data.filter((r: { app_guid: string }) => r.app_guid === app.guid)).toHaveLength(1);

    expect((await s.post(DETAIL, { guid: app.guid }, { token: A.token })).data.installed).toBe(true);
    expect((await s.post(DETAIL, { guid: app.guid }, { token: B.token })).data.installed).toBe(false);
  });

  it('the app page lists what installing grants, in the reader\'s language; consent to a list that no longer matches the app is refused, and the grant is what was consented to', async () => {
    const app = await listedStoreApp(operatorPost, uid());
    expect((await op('/open/admin/app-manage/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly'] })).code).toBe(200);
    expect((await op('/open/admin/app-manage/event/subscribe-rel/save', { app_guid: app.guid, event_codes: ['contact.user.created_v3'] })).code).toBe(200);
    const page = await visitor(DETAIL, { guid: app.guid }, 'en');
    expect(page.data.scopes).toEqual([{ code: 'contact:member:readonly', name: 'Read members', description: expect.any(String) }]);
    expect(page.data.events.map((e: { code: string }) => e.code)).toEqual(['contact.user.created_v3']);
    expect((await visitor(DETAIL, { guid: app.guid }, 'zh')).data.scopes[0].name).not.toBe('Read members');
    // The app asks for more after the page was read: the consent given is refused, nothing installed.
    expect((await op('/open/admin/app-manage/permissions/active-permissions', { guid: app.guid, group_codes: ['contact:member:readonly', 'contact:department:readonly'] })).code).toBe(200);
    const stale = await s.post(BUY, { guid: app.guid, scopes: ['contact:member:readonly'] }, { token: A.token, lang: 'en' });
    expect(stale.code).toBe(201);
    expect(stale.message).toMatch(/access changed/);
    expect((await s.db.query('select 1 from installed_app where app_guid = $1', [app.guid])).rows).toEqual([]);
    const bought = await s.post(BUY, { guid: app.guid, scopes: ['contact:department:readonly', 'contact:member:readonly'] }, { token: A.token });
    expect(bought.code, bought.message).toBe(200);
    expect((await s.db.query('select scopes from installed_app where app_guid = $1 and bu_guid = $2', [app.guid, A.buGuid])).rows[0].scopes).toEqual(['contact:department:readonly', 'contact:member:readonly']);
  });

  it('an app that is not listed cannot be bought', async () => {
    const app = await listedStoreApp(operatorPost, uid());
    await op('/open/app/introduce/update/app-manage', { app_guid: app.guid, status: 1 });
    expect((await s.post(BUY, { guid: app.guid }, { token: A.token })).code).toBe(201);
    expect((await s.db.query('select 1 from orders where app_guid = $1', [app.guid])).rows).toEqual([]);
  });
});

describe('open capabilities', () => {
  it('lists each enabled scope for visitors, with its API and event counts, in the reader\'s language', async () => {
    const en = await visitor('/open/capacity/list', {}, 'en');
    expect(en.code, en.message).toBe(200);
    const member = en.data.find((c: { code: string }) => c.code === 'contact:member:readonly');
    expect(member).toMatchObject({ name: 'Read members' });
    expect(member.api_count).toBeGreaterThanOrEqual(2);
    expect(member.event_count).toBe(3);
    const zh = await visitor('/open/capacity/list', {}, 'zh-CN');
    expect(zh.data.find((c: { code: string }) => c.code === 'contact:member:readonly').name).not.toBe('Read members');
    // An operator's own name is shown as written, in every language.
    await s.db.query("update api_group set name = 'Projects (ours)' where code = 'org:project:readonly'");
    expect((await visitor('/open/capacity/list', {}, 'en')).data.find((c: { code: string }) => c.code === 'org:project:readonly').name).toBe('Projects (ours)');
    // A disabled scope is not offered.
    await s.db.query("update api_group set status = 1 where code = 'org:project:readonly'");
    expect((await visitor('/open/capacity/list', {}, 'en')).data.map((c: { code: string }) => c.code)).not.toContain('org:project:readonly');
  });
});

describe('the embeddable API table', () => {
  it('names seeded event types in the reader\'s language', async () => {
    const en = await visitor('/open/api-field/group-event-detail', { code: 'contact:member:readonly', page: 1, page_size: 10 }, 'en');
    expect(en.data.count).toBe(3);
    expect(en.data.list.map((e: { name: string }) => e.name)).toEqual(['Member added', 'Member deleted', 'Member changed']);
    const zh = await visitor('/open/api-field/group-event-detail', { code: 'contact:member:readonly', page: 2, page_size: 2 }, 'zh-CN');
    expect(zh.data.list).toHaveLength(1);
    expect(zh.data.list[0].name).not.toBe('Member changed');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('the sitemap lists the public pages, every listed app and every published document from PUBLIC_URL, whatever the Host', async () => {
    const app = await listedStoreApp(operatorPost, uid());
    const hidden = await listedStoreApp(operatorPost, uid());
    await op('/open/app/introduce/update/app-manage', { app_guid: hidden.guid, status: 1 });
    const tag = uid();
    const doc = await op('/open/admin/document-manage/create', { title: `Map ${tag}`, code: `map-${tag}`, category: 'faq', body: 'x' });
    await op('/open/admin/document-manage/status', { guid: doc.data.guid, status: 0 });
    await op('/open/admin/document-manage/create', { title: `Draft ${tag}`, code: `mapdraft-${tag}`, category: 'faq', body: 'x' });
    const terms = await op('/open/admin/document-manage/create', { title: 'Privacy', code: `privacy-${tag}`, category: 'website_agreement', body: 'x' });
    await op('/open/admin/document-manage/status', { guid: terms.data.guid, status: 0 });

    const res = await s.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const origin = s.services.publicUrl.replace(/\/$/, '');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replaceAll('&amp;', '&'));
    expect(locs).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/appStore`, `${origin}/open-capability`, `${origin}/appStore/${app.guid}`, `${origin}/developer/doc?category=faq&docCode=map-${tag}`, `${origin}/terms/privacy-${tag}`]));
    expect(res.body).not.toContain(hidden.guid);
    expect(res.body).not.toContain(`mapdraft-${tag}`);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const robots = await s.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /operation');
    expect(robots.body).toContain('Disallow: /account');
  });
});
