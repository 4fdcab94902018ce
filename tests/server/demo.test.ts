import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import demoHk from '../../i18n/demo/hk.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'open-platform-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run demo` as a person runs it, on this test's own embedded database. */
const demo = async (...args: string[]) => {
  try {
    const { stdout } = await run('npx', ['tsx', 'server/demo/main.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OPEN_ADMIN_PASSWORD: '' }, timeout: 120_000 });
    return { code: 0, out: stdout };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
};

/** The server on the demo's database, as `npm start` would serve it (the folder is closed again after). */
const served = async <T>(look: (s: TestServer) => Promise<T>) => {
  const s = await startServer({ db: await openPglite(dataDir) });
  try {
    return await look(s);
  } finally {
    await s.close();
  }
};

/** Every table's rows, counted: what "changes nothing" compares. */
const census = (s: TestServer) =>
  s.db
    .query<{ name: string }>("select c.relname as name from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' order by 1")
    .then(async ({ rows }) => Object.fromEntries(await Promise.all(rows.map(async ({ name }) => [name, (await s.db.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0].n]))));

// The demo fills an embedded database of its own: the PostgreSQL pass of the suite (DATABASE_URL) would repeat the same run.
describe.skipIf(!!process.env.DATABASE_URL)('npm run demo', () => {
  let first: { code: number; out: string };

  // The demo is a child process of its own, bounded by `demo`'s 120 s: its test waits as long.
  it('fills an empty database through the screens\' calls and prints the accounts it made, which sign in', { timeout: 150_000 }, async () => {
    first = await demo('--lang', 'en');
    expect(first.code, first.out).toBe(0);
    const owner = /demo_owner \/ (\S+)/.exec(first.out)?.[1];
    const member = /demo_member \/ (\S+)/.exec(first.out)?.[1];
    const admin = /demo_admin \/ (\S+)/.exec(first.out)?.[1];
    const product = /demo_product \/ (\S+)/.exec(first.out)?.[1];
    const provider = /demo_provider \/ (\S+)/.exec(first.out)?.[1];
    const operator = /operator\s+(\S+) \/ (\S+)/.exec(first.out);
    expect([owner, member, admin, product, provider, operator?.[2]].every(Boolean), first.out).toBe(true);
    await served(async (s) => {
      for (const [username, password] of [['demo_owner', owner], ['demo_member', member], ['demo_admin', admin], ['demo_provider', provider]]) {
        expect((await s.post('/open/sys-auth/login', { username, password })).code, username).toBe(200);
      }
      for (const [username, password] of [[operator![1], operator![2]], ['demo_product', product]]) {
        expect((await s.post('/open/admin/sys-auth/login', { username, password })).code, username).toBe(200);
      }
    });
  });

  it('run again, it changes nothing', { timeout: 150_000 }, async () => {
    const before = await served(census);
    const again = await demo('--lang', 'en');
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('nothing changed');
    await served(async (s) => expect(await census(s)).toEqual(before));
  });

  it('the public pages show the five featured apps under the store\'s classifications, and the docs in English', async () => {
    await served(async (s) => {
      const visitor = (path: string, body: unknown = {}) => s.post(path, body, { lang: 'en-US' });
      // The home page's featured apps: all five in the store.
      const featured = await visitor('/open/app/market/search/app-classify/list', { codes: ['SERVICE', 'ENGAGE', 'CONNECT', 'PROVISION', 'LEASE'], page_size: 5 });
      expect(featured.data.list.map((a: { code: string }) => a.code).sort()).toEqual(['CONNECT', 'ENGAGE', 'LEASE', 'PROVISION', 'SERVICE']);
      expect(featured.data.list.every((a: { summary: string; labels: unknown[] }) => a.summary && a.labels.length)).toBe(true);
      // The store's classifications, each holding its apps; together the five.
      const classes = (await visitor('/open/app/market/search/classify/list')).data as { guid: string; name: string }[];
      expect(classes.map((c) => c.name)).toEqual(['Customer service', 'Marketing and growth', 'Operations']);
      const inClasses = [];
      for (const c of classes) {
        const apps = (await visitor('/open/app/market/search/app-classify/list', { classify_guid: c.guid })).data.list as { code: string }[];
        expect(apps.length, c.name).toBeGreaterThan(0);
        inClasses.push(...apps.map((a) => a.code));
      }
      // With the service providers' apps (the tenant's own among them), listed through review.
      expect(inClasses.sort()).toEqual(['CONNECT', 'ENGAGE', 'LEASE', 'PROVISION', 'SERVICE', 'northwind-timesheets', 'roster-sync']);
      // The tenant's free app is installed with its tenant key and the reads it was granted (docs/lark.md, "Store apps").
      const installed = (await s.db.query<{ tenant_key: string; scopes: string[] }>("select i.tenant_key, i.scopes from installed_app i join app a on a.guid = i.app_guid where a.code = 'CONNECT'")).rows;
      expect(installed).toEqual([{ tenant_key: expect.stringMatching(/^[0-9a-f]{32}$/), scopes: ['contact:department:readonly', 'contact:member:readonly'] }]);
      // The service provider's app: approved and listed in its BU's name, installed by the tenant with member reads; its next version in review.
      const roster = (await s.db.query<{ guid: string }>("select guid from app where code = 'roster-sync'")).rows[0];
      expect((await s.post('/open/app/market/search/app-manage/info', { guid: roster.guid }, { lang: 'en-US' })).data).toMatchObject({ provider: 'Roster Labs', price: 9900, cycle: 1 });
      const rosterInstalled = (await s.db.query<{ scopes: string[]; buyer: string }>('select i.scopes, b.name as buyer from installed_app i join bu b on b.guid = i.bu_guid where i.app_guid = $1', [roster.guid])).rows;
      expect(rosterInstalled).toEqual([{ scopes: ['contact:member:readonly'], buyer: 'Northwind Trading' }]);
      const versions = (await s.db.query<{ version: string; status: number }>('select version, status from app_version where app_guid = $1 order by version', [roster.guid])).rows;
      expect(versions).toEqual([{ version: '1.0', status: 2 }, { version: '2.0', status: 1 }]);
      // People signed in to apps with the platform, through the consent screen (docs/oauth.md): three of the tenant's to its own app, the provider to its own.
      const allowed = (await s.db.query<{ username: string; code: string; scopes: string[] }>(
        'select u.username, a.code, x.scopes from app_authorisation x join users u on u.guid = x.user_guid join app a on a.guid = x.app_guid order by u.username',
      )).rows;
      expect(allowed).toEqual([
        { username: 'demo_admin', code: 'northwind-hr', scopes: ['contact:member:readonly'] },
        { username: 'demo_member', code: 'northwind-hr', scopes: ['contact:member:readonly'] },
        { username: 'demo_owner', code: 'northwind-hr', scopes: ['contact:member:readonly'] },
        { username: 'demo_provider', code: 'roster-sync', scopes: [] },
      ]);
      const detail = await visitor('/open/app/market/search/app-manage/info', { guid: featured.data.list.find((a: { code: string }) => a.code === 'SERVICE').guid });
      expect(detail.data).toMatchObject({ name: 'Service Desk', provider: 'Open Platform' });
      expect(detail.data.description).toContain('satisfaction survey');
      // The store is written in every language: a Hong Kong reader reads its own words.
      const hkReader = (path: string, body: unknown = {}) => s.post(path, body, { lang: 'zh-HK' });
      expect((await hkReader('/open/app/market/search/classify/list')).data.map((c: { name: string }) => c.name)).toEqual(Object.values(demoHk.categories));
      const hkDetail = (await hkReader('/open/app/market/search/app-manage/info', { guid: detail.data.guid })).data;
      expect(hkDetail).toMatchObject({ name: demoHk.store.SERVICE.name, summary: demoHk.store.SERVICE.summary, provider: demoHk.store.SERVICE.provider });
      expect(hkDetail.labels.map((l: { name: string }) => l.name)).toEqual([demoHk.labels.trial, demoHk.labels.popular]);
      // The docs in English: the tree, a document and an agreement.
      const tree = (await visitor('/open/admin/document-manage/all-list')).data as { category: string; children: { title: string }[] }[];
      const titles = tree.flatMap((c) => c.children.map((d) => d.title));
      expect(titles).toEqual(expect.arrayContaining(['Getting started', 'Event subscriptions', 'Read departments', 'Service agreement', 'Privacy policy', 'About the open platform']));
      const guide = await visitor('/open/admin/document-manage/find', { code: 'getting-started' });
      expect(guide.data).toMatchObject({ title: 'Getting started', text_lang: 'en' });
      expect(guide.data.toc.map((h: { text: string }) => h.text)).toContain('2. Create an app');
    });
  });

  it('refuses a database that is not empty', async () => {
    // A database with tenants the demo did not fill: its marker gone, the data stays.
    await served((s) => s.db.query("delete from server_secret where name = 'demo:filled'"));
    const refused = await demo();
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Refused');
  });
});
