import { consoleDef } from './console-defs.ts';
import { menuTitles, tenantPages } from './pages.ts';
import { menuScreens } from './screens.ts';
import type { ResourceDef } from './types.ts';

/**
 * What the web build compiles in from a registry (vite.config.ts; the recipe's browser test builds
 * with its fixture added): the console's menus, pages and lists as data, so that the light shell
 * and the lists run without importing the schemas or zod.
 */
export const buildDefines = (defs: readonly ResourceDef[]) => ({
  // The light shell marks menu entries without a screen; it must not import the schemas to know them.
  __CONSOLE_URLS__: JSON.stringify(defs.flatMap((r) => menuScreens(r).map((s) => s.menu.url))),
  // The tenant pages and menu labels the definitions make (resources/pages.ts), likewise without the schemas.
  __TENANT_PAGES__: JSON.stringify(tenantPages(defs)),
  __MENU_TITLES__: JSON.stringify(menuTitles(defs)),
  // The console's lists and menus run on the definitions as data, without zod (resources/console-defs.ts).
  __CONSOLE_DEFS__: JSON.stringify(defs.map(consoleDef)),
});
