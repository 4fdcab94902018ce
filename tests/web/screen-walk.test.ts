import { describe, expect, it } from 'vitest';
import { boundRoute, referenceRoute, resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';
import { resources } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import type { RecordTab } from '../../resources/types.ts';
import { defByName, sectionResources } from '../../src/console/registry.ts';
import { tenantRouteOf, tenantScreens } from '../../src/console/tenantRegistry.ts';

/**
 * Walks every generated screen of both consoles (the registry's operator screens, the tenant
 * screens, every record page's tabs) and checks that nothing they render can reach the data
 * provider's developer errors ("bu has no get call", "unknown resource", "no mount at"): each list
 * has a call to read its rows, each reference is read through a route that can read rows by id, and
 * every tab's calls exist on its mount. A union BU's member BUs once showed "bu has no get call".
 */

/** The developer errors a screen must never be able to reach, by the path the data provider takes. */
const readsById = (route: string) => {
  const rc = resourceCalls(route);
  return !!(rc.verbs.get || rc.verbs.list);
};

/** The definitions a screen's columns, details and form fields point at. */
const targetsOf = (def: ConsoleDef) => [
  ...[...def.admin.columns, ...(def.admin.details ?? [])].flatMap((c) => (c.render === 'reference' && c.reference ? [c.reference] : [])),
  ...Object.values(def.relations?.references ?? {}),
];

const operatorScreens = sectionResources('/operation', 'admin');
const mountsAt = (base: string) => resources.flatMap((d) => d.api.mounts).filter((m) => m.base === base);
/** Several definitions may mount calls at one base (a BU's apps: installing, and the pickers). */
const callsAt = (base: string) => mountsAt(base).flatMap((m) => Object.keys(m.calls));

/** `routeOf` answers no route for a target a picker's own list call reads (checked with the tab). */
const problemsOf = (rc: ResourceCalls, routeOf: (target: ConsoleDef) => string | undefined, list = true) => {
  const problems: string[] = [];
  if (list && !rc.verbs.page && !rc.verbs.list && !rc.verbs.tree) problems.push(`${rc.route}: no call lists its rows`);
  for (const name of targetsOf(rc.def)) {
    const target = defByName(name);
    if (!target) {
      problems.push(`${rc.route}: unknown resource ${name}`);
      continue;
    }
    const route = routeOf(target);
    if (route !== undefined && !readsById(route)) problems.push(`${rc.route}: ${name} is read through ${route}, which has no get or list call`);
    // A screen outside a BU reading through a BU's calls is refused by the server (the staff list's positions once were).
    else if (route !== undefined && resourceCalls(route).mount.scope === 'bu' && rc.mount.scope !== 'bu') problems.push(`${rc.route}: ${name} is read through ${route}, a BU's own calls`);
  }
  return problems;
};

const tabProblems = (screen: ResourceCalls, tab: RecordTab) => {
  const problems: string[] = [];
  const where = `${screen.route} tab ${tab.url}`;
  if (!mountsAt(tab.base).length) return [`${where}: no mount at ${tab.base}`];
  const def = defByName(tab.resource);
  if (!def) return [`${where}: unknown resource ${tab.resource}`];
  if (tab.view === 'selection') {
    const s = tab.selection;
    if (!s) return [`${where}: a selection tab names no calls`];
    for (const call of [s.read, s.options, s.save]) if (!callsAt(tab.base).includes(call)) problems.push(`${where}: ${tab.base} has no ${call} call`);
    return problems;
  }
  const route = boundRoute(`${screen.route}/walk/${tab.url}`, def, tab.base, { [tab.param ?? screen.screen!.page!.param]: 'walk' }, tab.verbs);
  const rc = resourceCalls(route);
  if (tab.view === 'single') {
    if (!rc.verbs.one && !rc.verbs.get) problems.push(`${where}: no call reads its one row`);
    return problems;
  }
  const pickers = new Map(Object.entries(tab.pickers ?? {}).map(([, p]) => [p.resource, p.call]));
  const paths = new Set(resources.flatMap((d) => d.api.mounts.flatMap((m) => Object.keys(m.calls).map((seg) => `${m.base}/${seg}`))));
  for (const p of pickers.values()) if (!paths.has(p)) problems.push(`${where}: picker call ${p} does not exist`);
  return [...problems, ...problemsOf(rc, (target) => (pickers.has(target.name) ? undefined : referenceRoute(rc, target)))];
};

describe('every generated screen can render without a developer error', () => {
  it.each(operatorScreens.map((rc) => [rc.route, rc] as const))('operator screen %s', (_, rc) => {
    const problems = [...problemsOf(rc, (target) => referenceRoute(rc, target)), ...(rc.screen?.page?.tabs ?? []).flatMap((tab) => tabProblems(rc, tab))];
    expect(problems).toEqual([]);
  });

  // A tenant page's menu (`/account/order`) once took the operator's route of the same name (`order`): the operator's orders listed the BU's.
  it.each(operatorScreens.map((rc) => [rc.route, rc] as const))("operator screen %s reads through an operator's mount, not a BU's", (_, rc) => {
    expect(rc.mount.scope).not.toBe('bu');
  });

  it.each(tenantScreens.map(({ rc, screen }) => [rc.route, rc, screen.view ?? 'list'] as const))('tenant screen %s', (_, rc, view) => {
    expect(problemsOf(rc, (target) => tenantRouteOf(target) ?? target.name, view === 'list')).toEqual([]);
  });

  it('the walk fails on a screen whose reference cannot be read (a union BU’s member BUs read through a mount without get or list)', () => {
    const union = operatorScreens.find((rc) => rc.def.name === 'union-bu')!;
    // The BU route reads by id now; a route that only pages stands in for the one that did not.
    const pagesOnly = 'store/classify-app';
    expect(readsById(pagesOnly)).toBe(false);
    const broken = problemsOf(union, () => pagesOnly);
    expect(broken.join('\n')).toMatch(/bu is read through store\/classify-app, which has no get or list call/);
  });
});
