import type { ConsoleMenu, Mount, ResourceDef } from './types.ts';

/** Every console screen of a definition: its own `menu` (`mount` absent: the console picks the mount) and each mount's own. */
export const menuScreens = (def: ResourceDef): { menu: ConsoleMenu; mount?: Mount }[] => [
  ...(def.menu ? [{ menu: def.menu }] : []),
  ...def.mounts.filter((m) => m.menu).map((m) => ({ menu: m.menu!, mount: m })),
];
