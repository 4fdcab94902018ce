import { menuScreens, type ScreenBase } from './screens.ts';
import type { ConsoleMenu } from './types.ts';

/** A tenant console page a definition's tenant screen with a `menu` makes: its route, title and menu entry (src/routes/table.ts). */
export interface TenantPage {
  path: string;
  /** Label key of its title and menu entry. */
  title: string;
  needsBu?: boolean;
  needsVerified?: boolean;
  sidebar?: 'enterprise';
  order?: number;
  ownAccount?: boolean;
}

type Def = { name: string; admin: { screens?: readonly ScreenBase[] }; api: { mounts: readonly { base: string }[] } };

/** The label key of a definition's console screen: its menu's `title`, else the definition's name. */
export const menuTitleOf = (def: { name: string }, menu: Pick<ConsoleMenu, 'title'>) => menu.title ?? `resources.${def.name}.name`;

/**
 * Every tenant page the definitions make: a tenant screen with a `menu` without `parent` (a menu with
 * one is a tab of that page; the route table places them by `order`).
 * Two definitions on one page (members and sub-accounts) make it once.
 */
export const tenantPages = (defs: readonly Def[]): TenantPage[] => {
  const pages = new Map<string, TenantPage>();
  for (const def of defs) {
    for (const { menu } of menuScreens(def)) {
      if (menu.scene !== 'tenant' || menu.parent || pages.has(menu.url)) continue;
      const { needsBu, needsVerified, sidebar, order, ownAccount } = menu;
      pages.set(menu.url, { path: menu.url, title: menuTitleOf(def, menu), ...(needsBu ? { needsBu } : {}), ...(needsVerified ? { needsVerified } : {}), ...(sidebar ? { sidebar } : {}), ...(order !== undefined ? { order } : {}), ...(ownAccount ? { ownAccount } : {}) });
    }
  }
  return [...pages.values()];
};

/** Label key of each console screen's URL (both consoles): the menu falls back to it where no `menu.<code>` label exists. */
export const menuTitles = (defs: readonly Def[]): Record<string, string> =>
  Object.fromEntries(defs.flatMap((def) => menuScreens(def).map(({ menu }) => [menu.url, menuTitleOf(def, menu)])).reverse());
