import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFrom, type PermissionNode } from '../../dataProvider/authProvider.ts';
import docsEn from '../../i18n/documents/en.ts';
import docsHk from '../../i18n/documents/hk.ts';
import docsZh from '../../i18n/documents/zh.ts';
import uiEn from '../../i18n/ui/en.ts';
import uiHk from '../../i18n/ui/hk.ts';
import uiZh from '../../i18n/ui/zh.ts';
import { resources } from '../../resources/index.ts';
import type { TenantScreen } from '../../resources/types.ts';
import { authorised, findRoute, guardOf } from '../../src/routes/guard.ts';
import { openingCalls, screenPerm, tenantMount } from '../../src/console/screenAccess.ts';
import { startServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { tenantScreensOf } from '../../resources/screens.ts';

/**
 * A page a role grants opens for a sub-account holding it: for every page node of the tenant menu
 * tree (as the server seeds it, so a new node is covered the day it lands), a role granting that
 * node alone — the node and what hangs below it, as ticking it in the grant tree does — is given
 * to a new sub-account of a certified BU, which then
 * - passes the console's route guard for the page (src/routes/guard.ts, with the tree it is answered),
 * - sees at least one of the page's screens, and every screen whose own node it was granted, by the
 *   tenant console's rule (src/console/screenAccess.ts),
 * - and is answered 200 by every call those screens make on opening.
 */
const s = await startServer();
afterAll(() => s.close());

interface Node {
  guid: string;
  parent_guid: string | null;
  code: string;
  url: string | null;
  type: number;
  status: number;
}

/**
 * Pages written by hand rather than generated from a definition: the calls each makes on opening.
 * A new hand-written page fails below until it is named here.
 */
const HAND_WRITTEN: Record<string, readonly string[]> = {
  '/developer/log': ['/open/developer/log/page'],
  '/developer/console': ['/open/app/debug/app-list'],
};

const screensOf = (url: string) =>
  resources.flatMap((def) =>
    tenantScreensOf(def).flatMap((screen: TenantScreen) => {
      const mount = tenantMount(def, screen);
      return mount && (screen.url === url || screen.url.startsWith(`${url}/`)) ? [{ def, mount, screen }] : [];
    }),
  );

let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let nodes: Node[];

const ok = async (path: string, body: unknown, token: string) => {
  const r = await s.post(path, body, { token });
  if (r.code !== 200) throw new Error(`${path}: ${r.message}`);
  return r.data;
};

beforeAll(async () => {
  owner = await tenantWithBu(s);
  // Certified, so the pages that wait for certification are in the test too.
  await ok('/open/system/org/add', { company_name: `Org ${uid()}`, credit_code: '91350100M000100Y43' }, owner.token);
  await ok('/open/admin/system/bu-management/auth/update', { bu_guid: owner.buGuid, auth_state: 2 }, await s.login());
  const scratch = (await ok('/open/system/role/add', { name: `Scratch ${uid()}` }, owner.token)).guid as string;
  nodes = (await ok('/open/system/role/auth-list', { guid: scratch }, owner.token)).list;
});

/** The page nodes: enabled menus and submenus whose URL is a page of the console (not a section's redirect, a public or a not-yet-open page). */
const pageNodes = () =>
  nodes.filter((n) => {
    if (n.type === 2 || n.status !== 0 || !n.url) return false;
    const route = findRoute(n.url);
    return !!route && !route.redirect && !route.public && !route.disabled && !route.ownAccount && !route.path.includes(':');
  });

const below = (guid: string): Node[] => nodes.filter((n) => n.parent_guid === guid).flatMap((n) => [n, ...below(n.guid)]);

describe('each tenant page granted alone opens for a sub-account', () => {
  it('finds the pages in the seeded tree', () => {
    expect(pageNodes().map((n) => n.url)).toEqual(expect.arrayContaining(['/account/enterprise-panel', '/account/organzize', '/business/app', '/developer/console']));
  });

  it('every page node: the guard lets it through, its screens show, their calls answer', async () => {
    const failures: string[] = [];
    for (const node of pageNodes()) {
      const role = (await ok('/open/system/role/add', { name: `Only ${uid()}` }, owner.token)).guid as string;
      const granted = [node, ...below(node.guid)];
      await ok('/open/system/role/auth', { guid: role, permission_guids: granted.map((n) => n.guid) }, owner.token);
      const sub = await activeSub(s, owner.token, [role]);
      const tree = (await ok('/open/user/get-permission-auth', {}, sub.token)) as PermissionNode[];
      const perms = permissionsFrom(tree);
      // As the console reads certification: the organisation's, else the current BU's in the BU list.
      const org = await s.post('/open/system/org/info', {}, { token: sub.token });
      const bus = (await ok('/open/system/user-bu/list', {}, sub.token)) as { guid: string; auth_state?: number }[];
      const authState = (org.code === 200 ? org.data?.auth_state : undefined) ?? bus.find((b) => b.guid === owner.buGuid)?.auth_state;
      const url = node.url!;
      const refused = guardOf(url, '', { signedIn: true, userType: 2, urls: perms.urls, pages: perms.pages, authState });
      if (refused) failures.push(`${url}: the guard refuses (${refused.reason})`);

      const screens = screensOf(url);
      const visible = screens.filter(({ def, mount, screen }) => {
        const perm = screenPerm(def, mount, screen);
        return authorised(perms.urls, screen.url, perms.pages) && (!perm || perms.codes.includes(`${perm}:view`));
      });
      const calls = screens.length ? visible.flatMap(({ def, mount, screen }) => openingCalls(def, mount, screen).map((c) => `${mount.base}/${c}`)) : HAND_WRITTEN[url];
      if (!calls) failures.push(`${url}: a page no definition makes; name the calls it opens with in HAND_WRITTEN`);
      if (screens.length && !visible.length) failures.push(`${url}: none of its screens shows`);
      for (const n of granted) {
        const own = screens.find(({ screen }) => screen.url === n.url);
        if (own && !visible.includes(own)) failures.push(`${url}: the granted tab ${n.url} does not show`);
      }
      for (const call of calls ?? []) {
        const r = await s.post(call, {}, { token: sub.token });
        if (r.code !== 200) failures.push(`${url}: ${call} answers ${r.code} ${r.message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the quick start', () => {
  it.each([
    ['zh', docsZh, uiZh],
    ['hk', docsHk, uiHk],
    ['en', docsEn, uiEn],
  ] as const)('%s: its directions name the header sections and sidebar entries the console shows', (_, docs, ui) => {
    const body = docs['getting-started'].body;
    expect(body).toContain(`[${ui.route.business} → ${ui.route.app}](/business/app)`);
    expect(body).toContain(`**${ui.route.account} → ${ui.route.enterprise_info}**`);
  });
});
