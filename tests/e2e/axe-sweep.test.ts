import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { resources } from '../../resources/index.ts';
import { tenantPages } from '../../resources/pages.ts';
import { menuScreens } from '../../resources/screens.ts';
import type { RouteDef } from '../../src/routes/table.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { fillDemo } from '../../server/demo/fill.ts';
import { activeSub, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the axe sweep needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

// The route table reads the defined pages from the build's define; the sweep gives it the same list.
(globalThis as { __TENANT_PAGES__?: unknown }).__TENANT_PAGES__ = tenantPages(resources);
const { ROUTES } = await import('../../src/routes/table.ts');
const { findRoute } = await import('../../src/routes/guard.ts');

type Persona = 'visitor' | 'owner' | 'sub' | 'operator';

/** Whether the sweep opens a route for a persona: what the route table lets that persona open, ids filled in. */
const opens = (r: RouteDef, who: Persona) => {
  if (r.redirect || r.disabled || r.page === 'placeholder' || !r.page || r.path.endsWith('/*') || r.page === 'console') return false;
  if (who === 'visitor') return !!r.public;
  if (r.public || who === 'operator') return false;
  return !r.userTypes || r.userTypes.includes(who === 'owner' ? 1 : 2);
};

/** An id in a path (a guid, a number, a code of hex): the crawl opens one path of each shape. */
const shapeOf = (path: string) => path.split('/').map((seg) => (/^\d+$|^[0-9a-f-]{16,}$/i.test(seg) ? ':id' : seg)).join('/');

/**
 * The links a persona's crawl follows from a swept page: the console's record pages, forms and
 * tabs (`…/create`, `…/:id/show`, `/operation/bu/:id/org`), which the route table holds as `/*`
 * sub-routes, so they are found on the pages that link to them; a visitor's, the public pages (a
 * listed app's page).
 */
const follows = (path: string, who: Persona) => {
  if (who === 'operator') return path.startsWith('/operation/');
  const r = findRoute(path);
  if (!r || r.redirect || r.disabled || r.page === 'console' || r.page === 'placeholder') return false;
  if (who === 'visitor') return !!r.public;
  if (r.public) return false;
  return !r.userTypes || r.userTypes.includes(who === 'owner' ? 1 : 2);
};

/** The operator console's screens: every definition's admin menu (the sweep adds the sidebar's other links). */
const ADMIN_URLS = [...new Set(resources.flatMap((d) => menuScreens(d).map(({ menu }) => menu)).filter((m) => m.scene === 'admin' && !m.url.includes(':')).map((m) => m.url))];

/**
 * Axe over every route of the route table for a visitor, a tenant owner, a sub-account holding
 * every tenant grant and an operator (every definition's screen, a BU's and an app's pages), in zh
 * and en, and over every form, record and tab those pages link to (one of each shape), two pages of
 * each persona sharing the list: no critical or serious violation, no browser error, no folded bulk
 * action in the tab order. Generated from the route table, the definitions' menus and the links
 * the pages offer, so a route or screen is swept the day it lands (issue 33, docs/console.md).
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('axe sweep over every route (Chromium, %s)', (lang) => {
  let tenant: { username: string; password: string; token: string; buGuid: string };
  let sub: Awaited<ReturnType<typeof activeSub>>;
  let appGuid = '';
  let listedGuid = '';
  const j = journey(lang, 'axe', async (s) => {
    const op = await s.login();
    // What `npm run demo` leaves, in the sweep's language: lists with rows (store apps, members, an
    // announcement, a work order), so the crawl reaches their records; its owner's BU is certified.
    const [owner] = await fillDemo(s.app, op, (to) => s.mails(to).at(-1)?.text, lang);
    const signed = await s.post('/open/sys-auth/login', { username: owner.username, password: owner.password });
    const [bu] = (await s.post('/open/system/user-bu/list', {}, { token: signed.data.token })).data as { guid: string }[];
    const selected = await s.post('/open/system/user-bu/select', { guid: bu.guid }, { token: signed.data.token });
    tenant = { username: owner.username, password: owner.password, token: selected.data.token, buGuid: bu.guid };
    const order = await s.post('/open/admin/order-management/save-order', { bu_guid: bu.guid, app_name: `Seats ${uid()}`, amount: 12_000 }, { token: op });
    if (order.code !== 200) throw new Error(order.message);
    appGuid = (await s.post('/open/app/create', { name: `Sweep ${uid()}`, code: `sweep-${uid()}` }, { token: tenant.token })).data.guid;
    const role = (await s.post('/open/system/role/add', { name: `All ${uid()}` }, { token: tenant.token })).data;
    const nodes = (await s.post('/open/system/role/auth-list', { guid: role.guid }, { token: tenant.token })).data.list as { guid: string }[];
    const granted = await s.post('/open/system/role/auth', { guid: role.guid, permission_guids: nodes.map((n) => n.guid) }, { token: tenant.token });
    if (granted.code !== 200) throw new Error(granted.message);
    sub = await activeSub(s, tenant.token, [role.guid]);
    const store = await s.post('/open/app/market/search/app-classify/list', { page: 1, page_size: 1 });
    listedGuid = store.data.list[0].guid;
  });

  /** A route's path with its id filled: the tenant's app; a legal page, the service agreement; a store app's page, the first the store lists. */
  const pathOf = (r: RouteDef) => r.path.replace(':id', r.path.startsWith('/terms') ? 'service' : r.path.startsWith('/appStore') ? listedGuid : appGuid);

  /**
   * Sweeps `paths` over the given pages (each signed in as `who`), the pages sharing the list:
   * each waits on its own network. Links a swept page offers that `who` may follow are swept too,
   * one path of each shape. Answers the paths swept.
   */
  const sweepOn = async (pages: Watched[], paths: string[], who: Persona) => {
    const queue = [...new Set(paths)];
    const seeded = new Set(queue);
    const shapes = new Set(queue.map(shapeOf));
    const swept: string[] = [];
    let busy = 0;
    let wake = () => undefined as void;
    await Promise.all(pages.map(async (on) => {
      for (;;) {
        const path = queue.shift();
        if (path === undefined) {
          if (!busy) break;
          await new Promise<void>((r) => { const before = wake; wake = () => { before(); r(); }; });
          continue;
        }
        busy++;
        try {
          for (const link of await sweep(on, path, seeded.has(path), shapes)) {
            if (follows(link, who) && !shapes.has(shapeOf(link))) {
              shapes.add(shapeOf(link));
              queue.push(link);
            }
          }
          swept.push(path);
        } finally {
          busy--;
          const woken = wake;
          wake = () => undefined;
          woken();
        }
      }
    }));
    console.log(`axe sweep (${lang}, ${who}): ${swept.length} paths\n  ${swept.map(shapeOf).sort().join('\n  ')}`);
    return swept;
  };

  /**
   * Opens `path` the way the app's own links do (history and popstate: no reload of the bundle on
   * each of some 300 pages), the first time by loading it, and resolves once the page is quiet: no
   * request in flight and none started for 200 ms, after the route has rendered.
   */
  const network = new WeakMap<Page, { inflight: number; last: number }>();
  const open = async (page: Page, path: string) => {
    let net = network.get(page);
    if (!net) {
      const n = { inflight: 0, last: Date.now() };
      const done = () => { n.inflight--; n.last = Date.now(); };
      page.on('request', () => { n.inflight++; n.last = Date.now(); });
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      network.set(page, (net = n));
    }
    if (page.url().startsWith(j.base)) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    } else {
      await page.goto(`${j.base}${path}`);
    }
    while (net.inflight > 0 || Date.now() - net.last < 200) await new Promise((r) => setTimeout(r, 25));
  };

  /**
   * Axe over one path on `on`, unless it sent the page to a path of a shape already swept (a
   * section's link opens its first page); answers the same-site paths the page links to.
   * `seeded`: the route table says `who` may open it, so leaving it is a finding.
   */
  const sweep = async (on: Watched, path: string, seeded: boolean, shapes: Set<string>) => {
    await open(on.page, path);
    // A page the persona may open stays open (a section may open its first tab): a guard sending it elsewhere is a finding, not a pass.
    const landed = new URL(on.page.url()).pathname;
    const stayed = landed === path || landed.startsWith(`${path}/`);
    if (seeded && !stayed) on.violations.push(`${path}: left for ${landed}`);
    if (!stayed) {
      if (shapes.has(shapeOf(landed))) return [];
      shapes.add(shapeOf(landed));
    }
    // Spinners settle before axe judges the page.
    await on.page.locator('[role=progressbar]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    const result = await new AxeBuilder({ page: on.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .exclude('[data-testid=toast]')
      .analyze();
    for (const v of result.violations) {
      if (v.impact === 'critical' || v.impact === 'serious') on.violations.push(`${path}: ${v.id} (${v.impact}) ×${v.nodes.length} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    }
    // Folded bulk actions (nothing selected) are out of the tab order, once any fold has finished.
    const reachable = await on.page.locator('.RaBulkActionsToolbar-collapsed button').evaluateAll((bs) => bs.filter((b) => getComputedStyle(b).visibility !== 'hidden').length);
    if (reachable) on.violations.push(`${path}: ${reachable} folded bulk action(s) in the tab order`);
    const hrefs = await on.page.locator('a[href]:not([download])').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    return hrefs.map((h) => new URL(h)).filter((u) => u.origin === new URL(j.base).origin).map((u) => u.pathname);
  };

  /** A page of its own, signed in at `/login` as `who`. */
  const signedIn = async (who: { username: string; password: string }) => {
    const w = await j.page();
    await w.page.goto(`${j.base}/login`);
    await w.page.fill('input[name=username]', who.username);
    await w.page.fill('input[name=password]', who.password);
    await w.page.click('[data-testid=login-submit]');
    await w.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return w;
  };

  const routesFor = (who: Persona) => ROUTES.filter((r) => opens(r, who)).map(pathOf);

  it('a visitor: every public route', async () => {
    expect((await sweepOn([j.w], routesFor('visitor'), 'visitor')).length).toBeGreaterThan(5);
    expect(j.w.violations).toEqual([]);
    expect(j.w.problems).toEqual([]);
  }, 300_000);

  it('a tenant owner of a certified BU: every console route, and the forms and records its lists open', async () => {
    const owners = [await signedIn(tenant), await signedIn(tenant)];
    const swept = await sweepOn(owners, routesFor('owner'), 'owner');
    expect(swept.length).toBeGreaterThan(routesFor('owner').length);
    expect(swept.filter((p) => p.endsWith('/create')).length).toBeGreaterThan(3);
    expect(owners.flatMap((o) => o.violations)).toEqual([]);
    expect(owners.flatMap((o) => o.problems)).toEqual([]);
  }, 400_000);

  it('a sub-account holding every grant: every route open to sub-accounts, and the forms and records its lists open', async () => {
    const subs = [await signedIn(sub), await signedIn(sub)];
    const swept = await sweepOn(subs, routesFor('sub'), 'sub');
    expect(swept.length).toBeGreaterThan(routesFor('sub').length);
    expect(subs.flatMap((o) => o.violations)).toEqual([]);
    expect(subs.flatMap((o) => o.problems)).toEqual([]);
  }, 400_000);

  it('an operator: every definition’s screen, every link of the sidebar, a BU’s and an app’s pages, and the forms and records the lists open', async () => {
    const ops = [await j.operator(), await j.operator()];
    const swept = await sweepOn(ops, ['/operation', ...ADMIN_URLS, `/operation/bu/${tenant.buGuid}`, `/operation/app/${appGuid}`], 'operator');
    expect(swept.filter((p) => p.startsWith(`/operation/bu/${tenant.buGuid}/`)).length).toBeGreaterThan(3);
    // An app's page: both its tabs (its row's Show opens the page, no longer a generic `/show` the page redirected from).
    expect(swept.filter((p) => p.startsWith(`/operation/app/${appGuid}/`)).map(shapeOf)).toEqual(expect.arrayContaining(['/operation/app/:id/permission', '/operation/app/:id/audit']));
    expect(swept.filter((p) => p.endsWith('/create')).length).toBeGreaterThan(5);
    expect(swept.filter((p) => p.endsWith('/show')).length).toBeGreaterThan(5);
    expect(ops.flatMap((o) => o.violations)).toEqual([]);
    expect(ops.flatMap((o) => o.problems)).toEqual([]);
  }, 900_000);
});
