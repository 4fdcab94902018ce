import { describe, expect, it } from 'vitest';
import type { Lang } from '../../i18n/languages.ts';
import { resources } from '../../resources/index.ts';
import { tenantPages } from '../../resources/pages.ts';
import { menuScreens } from '../../resources/screens.ts';
import type { RouteDef } from '../../src/routes/table.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from './browser.ts';
import { crawler, type Swept } from './crawl.ts';
import { DIST, journey } from './journey.ts';
import { fillDemo, type DemoAccount } from '../../server/demo/fill.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the screen sweep needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

// The route table reads the defined pages from the build's define; the sweep gives it the same list.
(globalThis as { __TENANT_PAGES__?: unknown }).__TENANT_PAGES__ = tenantPages(resources);
const { ROUTES } = await import('../../src/routes/table.ts');
const { findRoute } = await import('../../src/routes/guard.ts');

type Side = 'visitor' | 'owner' | 'sub' | 'operator';

/** Whether a route is open to a side (ids filled in later): what the route table lets it open. */
const opens = (r: RouteDef, side: Side) => {
  if (r.redirect || r.disabled || r.page === 'placeholder' || !r.page || r.path.endsWith('/*') || r.page === 'console') return false;
  if (side === 'visitor') return !!r.public;
  if (r.public || side === 'operator') return false;
  return !r.userTypes || r.userTypes.includes(side === 'owner' ? 1 : 2);
};

/**
 * The links a side's crawl follows from a swept page: the console's record pages, forms and tabs
 * (`…/create`, `…/:id/show`, `/operation/bu/:id/org`), which the route table holds as `/*`
 * sub-routes, so they are found on the pages that link to them; a visitor's, the public pages.
 */
const follows = (side: Side) => (path: string) => {
  if (side === 'operator') return path.startsWith('/operation/');
  const r = findRoute(path);
  if (!r || r.redirect || r.disabled || r.page === 'console' || r.page === 'placeholder') return false;
  if (side === 'visitor') return !!r.public;
  if (r.public) return false;
  return !r.userTypes || r.userTypes.includes(side === 'owner' ? 1 : 2);
};

/** The operator console's screens: every definition's admin menu (the sweep adds the sidebar's other links). */
const ADMIN_URLS = [...new Set(resources.flatMap((d) => menuScreens(d).map(({ menu }) => menu)).filter((m) => m.scene === 'admin' && !m.url.includes(':')).map((m) => m.url))];

/**
 * The languages whose sweep runs axe on every screen: zh and en, the languages a feature is done
 * in. hk draws the same components as zh, in the same script family, and its sweep makes every
 * other check on every screen (its words among them). Axe's rules read markup, names, sizes and
 * colours; an hk message that left a control without words would be an empty one, which
 * tests/web/i18n-parity.test.ts refuses. Axe was about half of a sweep's renderer CPU (an hk sweep
 * without it: 220–236 s of CPU against 290–347 s with it, one file alone).
 */
const AXE_LANGS: Lang[] = ['zh', 'en'];

/**
 * The screen sweep (issue 44): every page of every persona of `npm run demo`'s data, in zh, hk and
 * en — a visitor, the certified tenant's owner, its member (a sub-account holding the demo's
 * people role), its administrator (a sub-account holding every tenant grant), the platform's operator and the demo's
 * product staff (an operator holding the product role) — through every route the route table
 * opens them, every menu entry, and every form, record and tab those pages link to (one of each
 * shape, so each list's first record). On each screen it fails on a failed call or console error,
 * an axe critical or serious violation (in zh and en: `AXE_LANGS`), and what
 * tests/helpers/screen-checks.ts finds (an error cell, a broken image, a raw key or code, another
 * language's words, a list its pager contradicts); every list shows at least one row, and every
 * route a persona opens is linked from a page it reached, so it is reached by clicking. Generated
 * from the route table, the definitions' menus and the links the pages offer: a new entity is
 * swept the day it lands.
 * One file per language (tests/e2e/screen-sweep-<lang>.test.ts), so the runner's two workers share them.
 */
export const screenSweep = (lang: Lang) => describe.skipIf(!available)(`screen sweep on the demo’s data (Chromium, ${lang})`, () => {
  let accounts: Record<string, DemoAccount>;
  let ownerBu = '';
  let ownerApp = '';
  let listedApp = '';
  const j = journey(lang, 'sweep', async (s) => {
    const op = await s.login();
    accounts = Object.fromEntries((await fillDemo(s.app, op, (to) => s.mails(to).at(-1)?.text, lang)).map((a) => [a.role, a]));
    const signed = await s.post('/open/sys-auth/login', { username: accounts.owner.username, password: accounts.owner.password });
    const [bu] = (await s.post('/open/system/user-bu/list', {}, { token: signed.data.token })).data as { guid: string }[];
    ownerBu = bu.guid;
    ownerApp = (await s.db.query<{ guid: string }>('select guid from app where bu_guid = $1 and type = 1 limit 1', [bu.guid])).rows[0].guid;
    listedApp = (await s.post('/open/app/market/search/app-classify/list', { page: 1, page_size: 1 })).data.list[0].guid;
  });
  const crawl = () => crawler(j.base, lang, { axe: AXE_LANGS.includes(lang) });

  /** A route's path with its id filled: the owner's app; a legal page, the service agreement; a store app's page, the first the store lists. */
  const pathOf = (r: RouteDef) => r.path.replace(':id', r.path.startsWith('/terms') ? 'service' : r.path.startsWith('/appStore') ? listedApp : ownerApp);
  const routesFor = (side: Side) => ROUTES.filter((r) => opens(r, side)).map(pathOf);
  /** The routes a side reaches by clicking: all it opens but those only a flow leads to (a mailed link, a search's answer: `hidden`). */
  const clickedFor = (side: Side) => ROUTES.filter((r) => opens(r, side) && !r.hidden).map(pathOf);

  /** Two pages signed in at `at` as `who` (the crawl shares its list between them); the path each landed on. */
  const signedIn = async (who: { username: string; password: string }, at = '/login') => {
    const pages: Watched[] = [];
    let landed = '';
    for (let i = 0; i < 2; i++) {
      const w = await j.page();
      await w.page.goto(`${j.base}${at}`);
      await w.page.fill('input[name=username]', who.username);
      await w.page.fill('input[name=password]', who.password);
      await w.page.click('[data-testid=login-submit]');
      await w.page.waitForURL((u) => u.pathname !== at);
      landed = new URL(w.page.url()).pathname;
      pages.push(w);
    }
    return { pages, landed };
  };

  /** What a persona's sweep leaves to judge: no finding on any page, no list without a row, each route it opens linked from a page it reached. */
  const judged = (who: string, pages: Watched[], swept: Swept, routes: string[], entry: string) => {
    console.log(`screen sweep (${lang}, ${who}): ${swept.paths.length} screens`);
    // Each list named in its message, one finding a line: the run's summary shows the message, not the diff.
    const none = (found: string[], what: string) => expect(found, `${what}:\n${found.join('\n')}\n`).toEqual([]);
    none(pages.flatMap((p) => p.violations), 'axe and screen findings');
    none(pages.flatMap((p) => p.problems), 'console errors and failed requests');
    none(swept.empty, 'lists the demo leaves empty');
    none(routes.filter((r) => r !== entry && !swept.linked.has(r)), 'routes no page links to');
  };

  it('a visitor: every public route', async () => {
    const pages = [j.w, await j.page()];
    const swept = await crawl().sweepOn(pages, ['/', ...routesFor('visitor')], follows('visitor'));
    expect(swept.paths.length).toBeGreaterThan(5);
    judged('visitor', pages, swept, clickedFor('visitor'), '/');
  }, 300_000);

  it('the certified tenant’s owner: every console route, and the forms and records its lists open', async () => {
    const { pages, landed } = await signedIn(accounts.owner);
    const swept = await crawl().sweepOn(pages, [landed, ...routesFor('owner')], follows('owner'));
    expect(swept.paths.filter((p) => p.endsWith('/create')).length).toBeGreaterThan(3);
    judged('owner', pages, swept, clickedFor('owner'), landed);
  }, 400_000);

  it('the demo’s member (the people role): the page sign-in lands on is open, and every page its menus lead to', async () => {
    const { pages, landed } = await signedIn(accounts.member);
    const swept = await crawl().sweepOn(pages, [landed], follows('sub'));
    expect(swept.paths.length).toBeGreaterThan(3);
    judged('member', pages, swept, [], landed);
  }, 300_000);

  it('the demo’s administrator (a sub-account holding every grant): every route open to sub-accounts, and the forms and records its lists open', async () => {
    const { pages, landed } = await signedIn(accounts.admin);
    const swept = await crawl().sweepOn(pages, [landed, ...routesFor('sub')], follows('sub'));
    judged('administrator', pages, swept, clickedFor('sub'), landed);
  }, 400_000);

  it('the operator: every definition’s screen, a BU’s and an app’s pages, and the forms and records the lists open', async () => {
    const pages = [await j.operator(), await j.operator()];
    const seeds = ['/operation', ...ADMIN_URLS, `/operation/bu/${ownerBu}`, `/operation/app/${ownerApp}`];
    const swept = await crawl().sweepOn(pages, seeds, follows('operator'));
    expect(swept.paths.filter((p) => p.startsWith(`/operation/bu/${ownerBu}/`)).length).toBeGreaterThan(3);
    // An app's tabs: its scopes and its audits.
    for (const tab of ['permission', 'audit']) expect(swept.paths).toContain(`/operation/app/${ownerApp}/${tab}`);
    expect(swept.paths.filter((p) => p.endsWith('/show')).length).toBeGreaterThan(5);
    judged('operator', pages, swept, ADMIN_URLS, '/operation');
  }, 900_000);

  it('the demo’s product staff (an operator holding the product role): the page sign-in lands on, and every page its menus lead to', async () => {
    const { pages, landed } = await signedIn(accounts.product, '/adminLogin');
    const swept = await crawl().sweepOn(pages, [landed], follows('operator'));
    expect(swept.paths.length).toBeGreaterThan(3);
    judged('product staff', pages, swept, [], landed);
  }, 600_000);
});
