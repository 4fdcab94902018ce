import type { PermissionNode } from '../../dataProvider/authProvider.ts';
import { hasClientKey } from '../../i18n/client.ts';
import { DEFAULT_LANG } from '../../i18n/languages.ts';
import { authorised } from './guard.ts';
import type { RouteDef, Scene } from './table.ts';

export interface MenuItem {
  key: string;
  /** i18n key, or the server's name when no translation exists. */
  label: string;
  fallback?: string;
  url: string;
  disabled?: boolean;
  /** Disabled until the organisation is certified: the sidebar says so and leads to certification. */
  uncertified?: boolean;
  children?: MenuItem[];
}

export interface MenuContext {
  scene: Scene;
  signedIn: boolean;
  userType?: number;
  urls: readonly string[];
  authState?: number;
  buCreated: boolean;
  /** The open app's type on app sidebars (1 self-built, 2 company-built). */
  appType?: number;
}

/** A route with one visible child collapses into it (spec §2). */
const collapse = (item: MenuItem): MenuItem => (item.children?.length === 1 ? item.children[0] : item);

/**
 * Route-table menus filtered by scene, user type, hidden flags and BU requirements; entries outside
 * the authorised URLs, and those needing a certified organisation before it is, show disabled (spec §2).
 */
export const routeMenu = (routes: readonly RouteDef[], ctx: MenuContext): MenuItem[] =>
  routes.flatMap((r) => {
    if (r.hidden) return [];
    if (r.scene && r.scene !== ctx.scene) return [];
    if (r.userTypes && ctx.userType !== undefined && !r.userTypes.includes(ctx.userType)) return [];
    if (r.needsBu && !ctx.buCreated) return [];
    const uncertified = !!r.needsVerified && ctx.authState !== 2;
    if (r.appTypes && ctx.appType !== undefined && !r.appTypes.includes(ctx.appType)) return [];
    const children = r.children ? routeMenu(r.children, ctx) : undefined;
    if (r.children && !children?.length && r.redirect) return [];
    const item: MenuItem = {
      key: r.path,
      label: r.title,
      url: r.redirect ?? r.path,
      disabled: r.disabled || uncertified || (ctx.signedIn && !r.ownAccount && !authorised(ctx.urls, r.path)),
      ...(uncertified ? { uncertified } : {}),
      ...(children?.length ? { children } : {}),
    };
    return [collapse(item)];
  });

/** Label keys of the definitions' console screens by URL, where no `menu.<code>` labels the node (resources/pages.ts). */
const MENU_TITLES: Readonly<Record<string, string>> = __MENU_TITLES__;

/**
 * A permission node's label key: `menu.<code>` (labels exist in all three languages or none, so the
 * default one, always loaded, tells), else the title of the definition whose screen it is.
 */
export const nodeLabel = (n: { code: string; url?: string | null }) =>
  hasClientKey(DEFAULT_LANG, `menu.${n.code}`) || !n.url || !MENU_TITLES[n.url] ? `menu.${n.code}` : MENU_TITLES[n.url];

/**
 * The operator console's menu: enabled, visible menu and submenu nodes of the permission tree.
 * Nodes whose page this build has no screen for show disabled rather than leading nowhere.
 */
export const treeMenu = (tree: readonly PermissionNode[], built: readonly string[]): MenuItem[] =>
  tree.flatMap((n) => {
    if (n.type === 2 || n.status !== 0 || n.hidden) return [];
    const children = treeMenu(n.children ?? [], built);
    const url = n.url ?? '';
    const item: MenuItem = {
      key: n.guid,
      label: nodeLabel(n),
      fallback: n.name,
      url,
      disabled: !children.length && !built.some((b) => b === url),
      ...(children.length ? { children } : {}),
    };
    return [collapse(item)];
  });

/** Operator pages this build has screens for (from resources/ at build time). */
export const BUILT_URLS: readonly string[] = __CONSOLE_URLS__;

/** The item at `url` in a menu, searched through its sub-menus. */
const itemAt = (items: readonly MenuItem[], url: string): MenuItem | undefined => {
  for (const i of items) {
    if (i.url === url) return i;
    const below = itemAt(i.children ?? [], url);
    if (below) return below;
  }
  return undefined;
};

/** The first page one can open from a menu (or from the section at `url` in it): its first enabled leaf. */
export const firstPage = (items: readonly MenuItem[], url?: string): string | undefined => {
  const from = url === undefined ? items : (itemAt(items, url)?.children ?? []);
  for (const i of from) {
    const leaf = i.children ? firstPage(i.children) : i.disabled ? undefined : i.url;
    if (leaf) return leaf;
  }
  return undefined;
};

/**
 * The console's sections a person may use, in the route table's order: each top-level menu entry
 * with a page they can open, leading to its first one (the header's section switcher).
 */
export const consoleSections = (routes: readonly RouteDef[], ctx: MenuContext): MenuItem[] => {
  return routeMenu(routes, ctx).flatMap((item) => {
    const first = item.children ? firstPage(item.children) : item.disabled ? undefined : item.url;
    return first ? [{ key: item.key, label: item.label, url: first }] : [];
  });
};
