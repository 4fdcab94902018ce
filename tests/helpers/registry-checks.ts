import { hasKey, type Lang } from '../../i18n/index.ts';
import openApiEn from '../../i18n/open-api/en.ts';
import openApiHk from '../../i18n/open-api/hk.ts';
import openApiZh from '../../i18n/open-api/zh.ts';
import uiEn from '../../i18n/ui/en.ts';
import uiHk from '../../i18n/ui/hk.ts';
import uiZh from '../../i18n/ui/zh.ts';
import { menuTitleOf, tenantPages } from '../../resources/pages.ts';
import { scopeLabelKey } from '../../resources/scopes.ts';
import { menuScreens } from '../../resources/screens.ts';
import type { ResourceDef } from '../../resources/types.ts';
import type { OpenApiCall } from '../../server/open-api/calls.ts';
import type { EventType } from '../../server/seed/event-types.ts';
import { adminMenus, tenantMenus, type MenuSeed } from '../../resources/menus.ts';
import { permissionSeed } from '../../server/seed/seed.ts';
import { eventMessageKey } from '../../schemas/event.ts';
import { tenantScreensOf } from '../../resources/screens.ts';

/**
 * The registry's cross-checks over keys that are only strings (scopes, event types, menu codes,
 * label keys): each answers one sentence per broken link, naming the definition and what to add.
 * tests/server/registry.test.ts runs them on the registry (nothing) and on a broken fixture per link.
 */
export const LANGS: Lang[] = ['zh', 'hk', 'en'];
const ui: Record<Lang, Record<string, unknown>> = { zh: uiZh, hk: uiHk, en: uiEn };
const summaries: Record<Lang, Record<string, string>> = { zh: openApiZh, hk: openApiHk, en: openApiEn };
export const inUi = (lang: Lang, key: string) =>
  key.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), ui[lang]) !== undefined;
/** A label the console finds: the shared messages or the shell's. */
const labelled = (lang: Lang, key: string) => hasKey(lang, key) || inUi(lang, key);

/** Every scope a definition names (`openApi`, `events.scope`) is declared. */
export const undeclaredScopes = (defs: readonly ResourceDef[], scopes: readonly string[]) =>
  defs.flatMap((def) => [
    ...Object.entries(def.api.openApi ?? {})
      .filter(([, scope]) => !scopes.includes(scope))
      .map(([verb, scope]) => `${def.name}: openApi.${verb} names scope "${scope}", which resources/scopes.ts does not declare`),
    ...(def.api.events && !scopes.includes(def.api.events.scope) ? [`${def.name}: events name scope "${def.api.events.scope}", which resources/scopes.ts does not declare`] : []),
  ]);

/** Every declared scope has its name and description in three languages. */
export const unlabelledScopes = (scopes: readonly string[]) =>
  scopes.flatMap((code) =>
    (['name', 'description'] as const).flatMap((field) =>
      LANGS.filter((lang) => !hasKey(lang, scopeLabelKey(code, field))).map((lang) => `scope "${code}" has no ${field} in ${lang}: add ${scopeLabelKey(code, field)} to i18n/resources/${lang}.ts`),
    ),
  );

const whoEmits = (defs: readonly ResourceDef[], code: string) =>
  defs.find((d) => d.api.events && (Object.values(d.api.events) as string[]).includes(code))?.name ?? 'server/seed/event-types.ts';

/**
 * Every event a definition emits is in the catalogue, every catalogued event's scope is declared,
 * and every catalogued event has its name and description in three languages.
 */
export const eventProblems = (defs: readonly ResourceDef[], catalogue: readonly EventType[], scopes: readonly string[]) => [
  ...defs.flatMap((def) =>
    (['created', 'updated', 'deleted'] as const)
      .filter((kind) => def.api.events?.[kind] && !catalogue.some((t) => t.code === def.api.events![kind]))
      .map((kind) => `${def.name}: events.${kind} emits "${def.api.events![kind]}", which the event catalogue (server/seed/event-types.ts) lacks, so no app would receive it`),
  ),
  ...catalogue
    .filter((t) => t.group && !scopes.includes(t.group))
    .map((t) => `${whoEmits(defs, t.code)}: event "${t.code}" needs scope "${t.group}", which resources/scopes.ts does not declare`),
  ...catalogue.flatMap((t) =>
    (['name', 'description'] as const).flatMap((field) => {
      const key = `resources.event-info.seeded.${eventMessageKey(t.code)}.${field}`;
      return LANGS.filter((lang) => !hasKey(lang, key)).map((lang) => `${whoEmits(defs, t.code)}: event "${t.code}" has no ${field} in ${lang}: add ${key} to i18n/resources/${lang}.ts`);
    }),
  ),
];

/** Every open-API call names a declared scope (or none), has its summary in three languages, and an engine call has its BU mount. */
export const openApiProblems = (calls: readonly OpenApiCall[], defs: readonly ResourceDef[], scopes: readonly string[]) =>
  calls.flatMap((call) => {
    const who = call.resource ?? call.apiCode;
    return [
      ...(call.scope && !scopes.includes(call.scope) ? [`${who}: ${call.path} needs scope "${call.scope}", which resources/scopes.ts does not declare`] : []),
      ...LANGS.filter((lang) => !summaries[lang][call.path]).map((lang) => `${who}: ${call.path} has no summary in ${lang}: add it to i18n/open-api/${lang}.ts`),
      ...(call.resource && !defs.find((d) => d.name === call.resource)?.api.mounts.some((m) => m.scope === 'bu') ? [`${who}: ${call.path} is opened to apps, but the definition has no BU mount to serve it`] : []),
    ];
  });

const skeletonCodes = new Set(
  [...adminMenus, ...tenantMenus].flatMap(function codes(n: MenuSeed): string[] {
    return [n.code, ...(n.children ?? []).flatMap(codes)];
  }),
);

/**
 * Every menu node the seed makes from a definition has a label in three languages — `menu.<code>`
 * or the screen's title (its `title`, else the definition's name) — and so does every tenant page
 * the definitions make, which also shows a screen of some definition's `admin.screens`.
 */
export const menuProblems = (defs: readonly ResourceDef[]) => {
  const out: string[] = [];
  for (const node of permissionSeed(defs).filter((n) => n.type !== 2 && !skeletonCodes.has(n.code))) {
    const def = defs.find((d) => menuScreens(d).some((s) => s.menu.url === node.url && s.menu.scene === node.scene))!;
    const menu = menuScreens(def).find((s) => s.menu.url === node.url)!.menu;
    for (const lang of LANGS) {
      if (!inUi(lang, `menu.${node.code}`) && !labelled(lang, menuTitleOf(def, menu))) out.push(`${def.name}: its menu node ${node.code} (${node.url}) has no label in ${lang}: add menu.${node.code} to i18n/ui/${lang}.ts or ${menuTitleOf(def, menu)}`);
    }
  }
  const screens = defs.flatMap((d) => tenantScreensOf(d).map((t) => t.url));
  for (const page of tenantPages(defs)) {
    const def = defs.find((d) => menuScreens(d).some((s) => s.menu.url === page.path))!;
    for (const lang of LANGS) if (!labelled(lang, page.title)) out.push(`${def.name}: its tenant page ${page.path} has no title in ${lang}: add ${page.title}`);
    // The page shows the tenant screens at its address or under it (tabs); a `menuOnly` screen alone makes an empty page.
    if (!screens.some((u) => u === page.path || u.startsWith(`${page.path}/`))) {
      out.push(`${def.name}: its tenant page ${page.path} has no screen: drop its menuOnly, or add a tenant screen at ${page.path} or under it to a definition's admin.screens`);
    }
  }
  return out;
};
