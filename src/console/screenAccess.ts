import type { CallSpec, Mount, TenantScreen, Verb } from '../../resources/types.ts';

/**
 * What a tenant screen needs to open, from its definition alone: the mount it goes through, the
 * calls it makes on opening and the permission those check. The tenant console decides with it
 * which tabs a person sees (src/console/TenantConsole.tsx); tests/server/menu-grants.test.ts
 * grants each menu node alone and makes these calls, so the two cannot drift apart.
 */
type ScreenMount = Pick<Mount, 'side' | 'scope' | 'base' | 'perm' | 'calls'>;
interface ScreenDef<M extends ScreenMount> {
  relations?: { tree?: unknown };
  api: { mounts: readonly M[] };
}

const specOf = (c: Verb | CallSpec): CallSpec => (typeof c === 'string' ? { verb: c } : c);

/** A screen's BU-side mount: the one it names, else BU-scoped calls, else the caller's own rows (BUs). */
export const tenantMount = <M extends ScreenMount>(def: ScreenDef<M>, screen: Pick<TenantScreen, 'mount'>): M | undefined =>
  (screen.mount ? def.api.mounts.find((m) => m.base === screen.mount) : undefined) ??
  def.api.mounts.find((m) => m.side !== 'operator' && m.scope === 'bu') ?? def.api.mounts.find((m) => m.side !== 'operator' && m.scope === 'user');

/** The mount's plain call of a verb (one without fixed filters or required fields), as the console picks it. */
const segmentOf = (mount: ScreenMount, verb: Verb) => {
  const entries = Object.entries(mount.calls).filter(([, c]) => specOf(c).verb === verb && !specOf(c).transition);
  return (entries.find(([, c]) => !specOf(c).where && !specOf(c).requires) ?? entries[0])?.[0];
};

/** The segments a screen calls when it opens: its count, its one row, or its list (and the totals above it). */
export const openingCalls = (def: ScreenDef<ScreenMount>, mount: ScreenMount, screen: TenantScreen): string[] => {
  const view = screen.view ?? 'list';
  if (view === 'counts') return screen.call ? [screen.call] : [];
  if (view === 'single') return [segmentOf(mount, 'one') ?? segmentOf(mount, 'get')].filter((s): s is string => !!s);
  const own = (verb: Verb) => screen.verbs?.[verb];
  const list = def.relations?.tree ? (own('tree') ?? own('list') ?? segmentOf(mount, 'tree') ?? segmentOf(mount, 'list')) : (own('page') ?? segmentOf(mount, 'page') ?? own('list') ?? segmentOf(mount, 'list'));
  return [list, screen.totals].filter((s): s is string => !!s);
};

/** The permission prefix the screen's opening call checks: the call's own where it names one (the enterprise panel's counts), else the mount's. */
export const screenPerm = (def: ScreenDef<ScreenMount>, mount: ScreenMount, screen: TenantScreen): string | undefined => {
  const first = openingCalls(def, mount, screen)[0];
  const call = first ? mount.calls[first] : undefined;
  return (call ? specOf(call).perm : undefined) ?? mount.perm;
};
