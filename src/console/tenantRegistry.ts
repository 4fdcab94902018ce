import { addRoute, callsOf, mountRoute, type ResourceCalls } from '../../dataProvider/calls.ts';
import { resources } from '../../dataProvider/definitions.ts';
import type { TenantScreen } from '../../resources/types.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { tenantMount } from './screenAccess.ts';
import { tenantScreensOf } from '../../resources/screens.ts';

/**
 * The tenant console's screens live in several sections (`/account`, `/business`); react-admin
 * runs at the site root and a screen's resource name is its URL without the leading slash.
 */
export const TENANT_BASE = '';
export const tenantRoute = (url: string) => url.slice(TENANT_BASE.length + 1);

export interface TenantScreenCalls {
  screen: TenantScreen;
  rc: ResourceCalls;
}

/** Every tenant screen the definitions declare, each registered for the data provider under its route. */
export const tenantScreens: TenantScreenCalls[] = resources.flatMap((def) =>
  tenantScreensOf(def).flatMap((screen) => {
    const mount = tenantMount(def, screen);
    if (!mount) return [];
    const own = { ...def, admin: { ...def.admin, grants: screen.grants ?? def.admin.grants } };
    const base = callsOf(own, mount);
    const verbs = { ...base.verbs, ...Object.fromEntries(Object.entries(screen.verbs ?? {}).map(([v, seg]) => [v, `${mount.base}/${seg}`])) };
    // A row's own pages (`opens`: an app's) are where it is seen and edited; a details page only shows it.
    const rc: ResourceCalls = {
      ...base, verbs, route: tenantRoute(screen.url), opens: screen.opens ?? (screen.details ? `${screen.url}/:id/${screen.details}` : undefined),
      ...(screen.opens ? { edits: screen.opens } : {}), ...(screen.next ? { next: screen.next } : {}),
    };
    addRoute(rc);
    return [{ screen, rc }];
  }),
);

/** The route a reference to `def` opens in the tenant console: its first list screen. */
const firstList = new Map<string, string>();
for (const { screen, rc } of tenantScreens) if ((screen.view ?? 'list') === 'list' && !firstList.has(rc.def.name)) firstList.set(rc.def.name, rc.route);
export const tenantRouteOf = (def: ConsoleDef) => firstList.get(def.name);

/**
 * The route through which a tenant screen reads the rows its references name: the target's mount
 * of the screen's own permission where it has one (a provider's version picks the BU's store apps
 * and the scopes and classifications it may ask for), else the target's first list screen.
 */
export const tenantReferenceRoute = (from: ResourceCalls, target: ConsoleDef) => {
  const own = target.api.mounts.find((m) => m.side === from.mount.side && !!m.perm && m.perm === from.mount.perm && m !== from.mount);
  return own ? mountRoute(target, own) : (tenantRouteOf(target) ?? target.name);
};

/** The screens of one page (`/account/organzize`): its own URL and the URLs below it, as tabs. */
export const pageScreens = (page: string) => tenantScreens.filter(({ screen }) => screen.url === page || screen.url.startsWith(`${page}/`));
