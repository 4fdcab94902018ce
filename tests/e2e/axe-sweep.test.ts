import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { resources } from '../../resources/index.ts';
import { tenantPages } from '../../resources/pages.ts';
import { menuScreens } from '../../resources/screens.ts';
import type { RouteDef } from '../../src/routes/table.ts';
import { chromiumAvailable, CHROMIUM, type Watched } from '../helpers/browser.ts';
import { DIST, journey } from '../helpers/journey.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

const available = chromiumAvailable(DIST);
if (!available) console.warn(`SKIPPED: the axe sweep needs ${CHROMIUM} and a build in dist/ (npx vite build).`);

// The route table reads the defined pages from the build's define; the sweep gives it the same list.
(globalThis as { __TENANT_PAGES__?: unknown }).__TENANT_PAGES__ = tenantPages(resources);
const { ROUTES } = await import('../../src/routes/table.ts');

type Persona = 'visitor' | 'owner' | 'sub' | 'operator';

/** Whether the sweep opens a route for a persona: what the route table lets that persona open, ids filled in. */
const opens = (r: RouteDef, who: Persona) => {
  if (r.redirect || r.disabled || r.page === 'placeholder' || !r.page || r.path.endsWith('/*') || r.page === 'console') return false;
  if (who === 'visitor') return !!r.public;
  if (r.public || who === 'operator') return false;
  return !r.userTypes || r.userTypes.includes(who === 'owner' ? 1 : 2);
};

/** The operator console's screens: every definition's admin menu (the sweep adds the sidebar's other links). */
const ADMIN_URLS = [...new Set(resources.flatMap((d) => menuScreens(d).map(({ menu }) => menu)).filter((m) => m.scene === 'admin' && !m.url.includes(':')).map((m) => m.url))];

/**
 * Axe over every route of the route table for a visitor, a tenant owner (zh), a sub-account holding
 * every tenant grant (en) and an operator (every definition's screen plus every link of its
 * sidebar), in zh and en, two pages of each persona sharing the list: no critical or serious violation, no browser error, no folded bulk action in the
 * tab order. Generated, so a route added to
 * the table or a definition's menu is swept the day it lands (issue 33, docs/console.md).
 */
describe.skipIf(!available).each(['zh', 'en'] as const)('axe sweep over every route (Chromium, %s)', (lang) => {
  let tenant: Awaited<ReturnType<typeof tenantWithBu>>;
  let sub: Awaited<ReturnType<typeof activeSub>>;
  let appGuid = '';
  const j = journey(lang, 'axe', async (s) => {
    tenant = await tenantWithBu(s);
    const op = await s.login();
    const M = '/open/admin/system/bu-management';
    await s.post(`${M}/org/update-bu-org-info`, { bu_guid: tenant.buGuid, company_name: `Acme ${uid()}`, credit_code: '91350100M000100Y43' }, { token: op });
    await s.post(`${M}/auth/update`, { bu_guid: tenant.buGuid, auth_state: 2 }, { token: op });
    appGuid = (await s.post('/open/app/create', { name: `Sweep ${uid()}`, code: `sweep-${uid()}` }, { token: tenant.token })).data.guid;
    const role = (await s.post('/open/system/role/add', { name: `All ${uid()}` }, { token: tenant.token })).data;
    const nodes = (await s.post('/open/system/role/auth-list', { guid: role.guid }, { token: tenant.token })).data.list as { guid: string }[];
    const granted = await s.post('/open/system/role/auth', { guid: role.guid, permission_guids: nodes.map((n) => n.guid) }, { token: tenant.token });
    if (granted.code !== 200) throw new Error(granted.message);
    sub = await activeSub(s, tenant.token, [role.guid]);
  });

  const pathOf = (r: RouteDef) => r.path.replace(':id', r.path.startsWith('/terms') ? 'service' : appGuid);

  /** Sweeps `paths` over the given pages (each signed in as the persona), the pages sharing the list: each waits on its own network. */
  const sweepOn = async (pages: Watched[], paths: string[]) => {
    const queue = [...paths];
    await Promise.all(pages.map(async (on) => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) await sweep(on, [path]);
    }));
    return paths.length;
  };

  const sweep = async (on: Watched, paths: string[]) => {
    for (const path of paths) {
      await on.page.goto(`${j.base}${path}`);
      await on.page.waitForLoadState('networkidle');
      // A page the persona may open stays open (a section may open its first tab): a guard sending it elsewhere is a finding, not a pass.
      const landed = new URL(on.page.url()).pathname;
      if (landed !== path && !landed.startsWith(`${path}/`)) on.violations.push(`${path}: left for ${landed}`);
      // Spinners settle before axe judges the page.
      await on.page.locator('[role=progressbar]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      // Folded bulk actions (nothing selected) are out of the tab order.
      const reachable = await on.page.locator('.RaBulkActionsToolbar-collapsed button').evaluateAll((bs) => bs.filter((b) => getComputedStyle(b).visibility !== 'hidden').length);
      if (reachable) on.violations.push(`${path}: ${reachable} folded bulk action(s) in the tab order`);
      const result = await new AxeBuilder({ page: on.page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .exclude('[data-testid=toast]')
        .analyze();
      for (const v of result.violations) {
        if (v.impact === 'critical' || v.impact === 'serious') on.violations.push(`${path}: ${v.id} (${v.impact}) ×${v.nodes.length} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
    return paths.length;
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
    expect(await sweep(j.w, routesFor('visitor'))).toBeGreaterThan(5);
    expect(j.w.violations).toEqual([]);
    expect(j.w.problems).toEqual([]);
  }, 300_000);

  // The owner and the sub-account open the same console routes: the owner is swept in zh, the
  // sub-account in en, so every tenant route is judged in both languages, once each.
  it.skipIf(lang !== 'zh')('a tenant owner of a certified BU: every console route', async () => {
    const owners = [await signedIn(tenant), await signedIn(tenant)];
    expect(await sweepOn(owners, routesFor('owner'))).toBeGreaterThan(15);
    expect(owners.flatMap((o) => o.violations)).toEqual([]);
    expect(owners.flatMap((o) => o.problems)).toEqual([]);
  }, 300_000);

  it.skipIf(lang !== 'en')('a sub-account holding every grant: every route open to sub-accounts', async () => {
    const subs = [await signedIn(sub), await signedIn(sub)];
    expect(await sweepOn(subs, routesFor('sub'))).toBeGreaterThan(10);
    expect(subs.flatMap((o) => o.violations)).toEqual([]);
    expect(subs.flatMap((o) => o.problems)).toEqual([]);
  }, 300_000);

  it('an operator: every definition’s screen and every link of the sidebar', async () => {
    const ops = [await j.operator(), await j.operator()];
    await ops[0].page.waitForLoadState('networkidle');
    const linked = await ops[0].page.locator('a[href^="/operation/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const paths = [...new Set(['/operation', ...ADMIN_URLS, ...linked])];
    expect(await sweepOn(ops, paths)).toBeGreaterThan(20);
    expect(ops.flatMap((o) => o.violations)).toEqual([]);
    expect(ops.flatMap((o) => o.problems)).toEqual([]);
  }, 600_000);
});
