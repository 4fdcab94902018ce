/**
 * Every console screen of a definition: its own `menu` (`mount` absent: the console picks the
 * mount) and each mount's own. Generic over the menu's type: the console's definitions
 * (resources/console-defs.ts) carry JSON Schema where a menu has a schema of its own.
 */
export const menuScreens = <Menu, M extends { menu?: Menu }>(def: { admin: { menu?: Menu }; api: { mounts: readonly M[] } }): { menu: Menu; mount?: M }[] => [
  ...(def.admin.menu ? [{ menu: def.admin.menu }] : []),
  ...def.api.mounts.filter((m) => m.menu).map((m) => ({ menu: m.menu!, mount: m })),
];
