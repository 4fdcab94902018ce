import type { MenuEntry, Screen, TenantScreen } from './types.ts';

/**
 * A definition's screens (`admin.screens`, resources/types.ts `Screen`) as their readers take them.
 * Generic over the screen's type: the console's definitions (resources/console-defs.ts) carry JSON
 * Schema (`json`) where a screen has a form schema of its own (`schema`).
 */
export type ScreenBase = Pick<Screen, 'scene' | 'url' | 'mount' | 'menu' | 'menuOnly' | 'page' | 'columns'>;

/** The keys of a screen its menu view carries beside its entry's (the seed's node, the route table's page). */
type MenuKeys = 'scene' | 'url' | 'page' | 'columns' | 'schema' | 'json';
export type MenuView<S extends ScreenBase> = MenuEntry & Pick<S, Extract<keyof S, MenuKeys>>;

const menuOf = <S extends ScreenBase>(s: S): MenuView<S> => {
  const view: Record<string, unknown> = { ...s.menu, scene: s.scene, url: s.url };
  for (const key of ['page', 'columns', 'schema', 'json'] as const) if ((s as Record<string, unknown>)[key] !== undefined) view[key] = (s as Record<string, unknown>)[key];
  return view as MenuView<S>;
};

/**
 * Every screen of a definition that makes a menu node: its menu view, and the mount it names
 * (absent: the console and the seed take the definition's mount for that scene).
 */
export const menuScreens = <S extends ScreenBase, M extends { base: string }>(def: { admin: { screens?: readonly S[] }; api: { mounts: readonly M[] } }): { menu: MenuView<S>; mount?: M }[] =>
  (def.admin.screens ?? []).flatMap((s) => (s.menu ? [{ menu: menuOf(s), mount: s.mount === undefined ? undefined : def.api.mounts.find((m) => m.base === s.mount) }] : []));

/** The definition's own screen, whose mount the console and the seed pick: its first menu screen naming no mount. */
export const ownScreen = <S extends ScreenBase>(def: { admin: { screens?: readonly S[] } }): S | undefined => def.admin.screens?.find((s) => s.menu && s.mount === undefined);

/** The operator screen going through the mount at `base`, if one does (its form schema, record page, columns). */
export const screenOfMount = <S extends ScreenBase>(def: { admin: { screens?: readonly S[] } }, base: string): S | undefined =>
  def.admin.screens?.find((s) => s.scene === 'admin' && s.mount === base);

/** The tenant console's screens of a definition: every tenant screen but one that only makes a menu node. */
export const tenantScreensOf = (def: { admin: { screens?: readonly ScreenBase[] } }): TenantScreen[] =>
  (def.admin.screens ?? [])
    .filter((s) => s.scene === 'tenant' && !s.menuOnly)
    .map((s) => {
      const { scene: _scene, menu: _menu, menuOnly: _only, page: _page, columns: _columns, ...screen } = s as ScreenBase & Record<string, unknown>;
      return screen as unknown as TenantScreen;
    });
