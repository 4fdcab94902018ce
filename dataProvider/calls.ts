import { resources } from './definitions.ts';
import type { CallSpec, RecordPage, Scope, Verb } from '../resources/types.ts';
import type { ConsoleDef, ConsoleMount, ConsoleScreen } from '../resources/console-defs.ts';
import { ownScreen } from '../resources/screens.ts';

/** A definition as the console uses it: one mount, and the call path of each verb. */
export interface ResourceCalls {
  def: ConsoleDef;
  mount: ConsoleMount;
  /** The operator screen this route is, when it goes through a mount of its own (its record page, columns, form). */
  screen?: ConsoleScreen;
  /** react-admin's resource name: its menu URL below the console section (`/operation/role` → `role`), else its name. */
  route: string;
  verbs: Partial<Record<Verb, string>>;
  /** Path of a named segment, e.g. `auth`. */
  path(segment: string): string;
  /** Calls bound to one transition each (`open-audit`), by transition name: used when the mount has no generic status call. */
  transitions: Record<string, string>;
  /** A row opens this page (`:id` its guid) instead of its detail, and a new row opens it too. */
  opens?: string;
  /** A row is edited on this page of its own (`:id` its guid) rather than the generic form: an app's settings, a record page's form tab. */
  edits?: string;
  /** Fields every call of this route carries (a record page's `bu_guid`): its rows are that record's. */
  bound?: Record<string, string>;
  /** An empty list's next step (a tenant screen's `next`: the store, for enterprise apps and orders). */
  next?: { label: string; to: string };
}

const spec = (c: Verb | CallSpec): CallSpec => (typeof c === 'string' ? { verb: c } : c);

/** The operator console uses a definition's operator mount when it has one, else its first. */
export const pickMount = (def: ConsoleDef, side: ConsoleMount['side'] = 'operator') => def.api.mounts.find((m) => m.side === side) ?? def.api.mounts[0];

export const routeOf = (def: ConsoleDef) => {
  const own = ownScreen(def);
  return own ? routeOfUrl(own.url) : def.name;
};
/** The console section a definition's screens live under, e.g. `/operation`. */
export const sectionOf = (def: ConsoleDef) => {
  const own = ownScreen(def);
  return own ? `/${own.url.split('/')[1]}` : undefined;
};

export const callsOf = (def: ConsoleDef, mount = pickMount(def)): ResourceCalls => {
  const verbs: Partial<Record<Verb, string>> = {};
  const transitions: Record<string, string> = {};
  const plain = new Set<Verb>();
  // A verb's plain call wins over variants with fixed filters or required conditions.
  for (const [segment, call] of Object.entries(mount.calls)) {
    const s = spec(call);
    // A status call bound to one transition is that transition's call, not the generic status verb.
    if (s.transition) transitions[s.transition] = `${mount.base}/${segment}`;
    if (!s.verb || s.transition || plain.has(s.verb)) continue;
    if (!s.where && !s.requires) plain.add(s.verb);
    else if (verbs[s.verb]) continue;
    verbs[s.verb] = `${mount.base}/${segment}`;
  }
  // A singleton per row of another definition (an app's store listing) is created and changed by its one save call.
  if (def.relations?.singletonPer && verbs.save) {
    verbs.add ??= verbs.save;
    verbs.update ??= verbs.save;
  }
  return { def, mount, route: routeOf(def), verbs, transitions, path: (segment) => `${mount.base}/${segment}` };
};

/** A screen's route: its menu URL below the console section (`/operation/store/app` → `store/app`). */
const routeOfUrl = (url: string) => url.replace(/^\/[^/]+\//, '');

/**
 * The route of the operator screen listing `def`: the definition's own admin screen, else a mount's
 * (whose page may answer joined columns: the BUs' owners and companies on the operators' BU list). What a list's column
 * designer previews is what that screen shows.
 */
export const listScreenRoute = (def: ConsoleDef) => {
  if (ownScreen(def)?.scene === 'admin') return routeOf(def);
  const own = def.admin.screens?.find((s) => s.scene === 'admin' && s.mount);
  return own ? routeOfUrl(own.url) : routeOf(def);
};

/**
 * A record page's tab holding the record's own form (`edit`), first, where the screen can change
 * the record (a store app's details beside its extra properties); the page's URL takes the place of
 * react-admin's edit route.
 */
export const EDIT_TAB = 'edit';
export const firstTabOf = (page: RecordPage, calls: Pick<ResourceCalls, 'verbs'>) => (calls.verbs.update ? EDIT_TAB : page.tabs[0].url);

const registry = new Map<string, ResourceCalls>();
for (const def of resources) {
  const calls = callsOf(def);
  registry.set(def.name, calls);
  registry.set(calls.route, calls);
  // An operator screen through a mount of its own is that screen's route, with its own columns where
  // the mount's page answers more than the definition's fields (a BU's certification). A screen with a
  // record page (`page`) opens it at its first tab from a row; its form may take more than the definition's fields.
  // (A tenant page's screens are the tenant registry's, under routes of their own: src/console/tenantRegistry.ts.)
  for (const screen of def.admin.screens ?? []) {
    if (screen.scene !== 'admin' || !screen.mount) continue;
    const m = def.api.mounts.find((mount) => mount.base === screen.mount);
    if (!m) throw new Error(`${def.name}: its screen ${screen.url} names no mount of it (${screen.mount})`);
    const own = { ...def, admin: { ...def.admin, columns: screen.columns ?? def.admin.columns }, ...(screen.json ? { json: screen.json, origin: { ...def.origin, mount: m.base } } : {}) };
    const calls = callsOf(own, m);
    const opens = screen.page ? `${screen.url}/:id/${firstTabOf(screen.page, calls)}` : undefined;
    // The page opens at its form tab when the record can be changed: Edit leads there too.
    registry.set(routeOfUrl(screen.url), { ...calls, screen, route: routeOfUrl(screen.url), ...(opens ? { opens } : {}), ...(opens && calls.verbs.update ? { edits: opens } : {}) });
  }
}

/** Registers a further route (the tenant console's screens use BU-side mounts under their own routes). */
export const addRoute = (calls: ResourceCalls) => {
  registry.set(calls.route, calls);
};

/** A catalogue row points at the platform's rows of its target, as a platform row does. */
const reach = (scope: Scope) => (scope === 'catalog' ? 'platform' : scope);

/**
 * The route through which a screen of `from` reads the rows its references name: the target's
 * mount of the same reach, as the server checks references (server/engine/relations.ts) — a store
 * listing names the platform's apps, not the BUs' ones the operator's app screen lists.
 */
/** The route of one mount of a definition, registered on first use. */
export const mountRoute = (def: ConsoleDef, mount: ConsoleMount) => {
  const route = `${def.name}@${mount.base}`;
  if (!registry.has(route)) registry.set(route, { ...callsOf(def, mount), route });
  return route;
};

/**
 * The mount of `target` that lists its rows naming a record of `from` in `field` (an order's
 * payments), on the same side and reach; its route, or none.
 */
export const relatedRoute = (from: ResourceCalls, target: ConsoleDef, field: string) => {
  const mount = target.api.mounts.find(
    (m) => reach(m.scope) === reach(from.mount.scope) && (m.side === 'operator') === (from.mount.side === 'operator') &&
      Object.values(m.calls).some((c) => typeof c === 'object' && c.verb === 'list' && c.requires?.includes(field)),
  );
  return mount && mountRoute(target, mount);
};

export const referenceRoute = (from: ResourceCalls, target: ConsoleDef) => {
  const own = pickMount(target);
  const sameReach = target.api.mounts.filter((m) => reach(m.scope) === reach(from.mount.scope));
  // A platform row may name rows operators oversee (a union's member BUs): then the console's own side reads them.
  const reachable = sameReach.length ? sameReach : target.api.mounts.filter((m) => (m.side === 'operator') === (from.mount.side === 'operator'));
  // Mounts that can read rows by id (a get, or a list to find them in); first the one of the screen's own permission.
  const readable = reachable.filter((m) => Object.values(m.calls).some((c) => ['get', 'list'].includes(spec(c).verb ?? '') && !spec(c).requires));
  const same = readable.length ? readable : reachable;
  const mount = same.find((m) => m === own) ?? same.find((m) => m.perm && m.perm === from.mount.perm) ?? same.find((m) => m.side === own.side) ?? same[0];
  if (!mount) return routeOf(target);
  // The definition's own route, unless another definition's screen took its name (a BU's members and sub-accounts share `/account/member-manage`).
  if (mount === own && registry.get(routeOf(target))?.def.name === target.name) return routeOf(target);
  return mountRoute(target, mount);
};

/**
 * A route whose every call carries `bound` (a record page's tab: `bu/{id}/app` through bu-management's
 * app mount with `bu_guid`), registered on first use. `mount` is the mount at `base` of the definition,
 * else of any definition; `verbs` name calls
 * standing in for generic verbs; a `list` path alone makes a picker's route.
 */
export const boundRoute = (route: string, def: ConsoleDef, base: string, bound: Record<string, string>, verbs: Partial<Record<Verb, string>> = {}, list?: string) => {
  if (!registry.has(route)) {
    const mount = def.api.mounts.find((m) => m.base === base) ?? resources.flatMap((d) => d.api.mounts).find((m) => m.base === base);
    if (!mount) throw new Error(`no mount at ${base}`);
    const calls = callsOf(def, mount);
    const own = Object.fromEntries(Object.entries(verbs).map(([v, seg]) => [v, `${mount.base}/${seg}`]));
    registry.set(route, { ...calls, route, bound, verbs: list ? { list } : { ...calls.verbs, ...own } });
  }
  return route;
};

/** By definition name or by route (react-admin passes the route). */
export const resourceCalls = (name: string): ResourceCalls => {
  const found = registry.get(name);
  if (!found) throw new Error(`unknown resource ${name}`);
  return found;
};
