import type { PermissionNode } from '../../dataProvider/authProvider.ts';
import { findRoute, matchedTrail } from '../routes/guard.ts';
import { nodeLabel, type MenuItem } from '../routes/menu.ts';

export interface CrumbKey {
  /** i18n key, or literal text when `fallback` is used. */
  key: string;
  fallback?: string;
  to?: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTION: Record<string, string> = { create: 'route.create', show: 'route.show', grants: 'route.grants' };

/** Ancestors of the deepest node whose URL is the path or a prefix of it. */
const nodeTrail = (tree: readonly PermissionNode[], pathname: string): PermissionNode[] => {
  let best: PermissionNode[] = [];
  for (const n of tree) {
    const below = nodeTrail(n.children ?? [], pathname);
    const here = n.url && n.type !== 2 && (pathname === n.url || pathname.startsWith(`${n.url}/`));
    const trail = below.length ? [n, ...below] : here ? [n] : [];
    const depth = (t: PermissionNode[]) => t[t.length - 1]?.url?.length ?? 0;
    if (depth(trail) > depth(best)) best = trail;
  }
  return best;
};

/**
 * Console pages take their trail from the permission tree (where the operator's menus live),
 * then name what follows: new, edit, details, permissions. Other pages use the matched routes.
 */
export const crumbsFor = (pathname: string, tree: readonly PermissionNode[]): CrumbKey[] => {
  const nodes = pathname.startsWith('/operation') ? nodeTrail(tree, pathname) : [];
  if (!nodes.length) return matchedTrail(pathname).map((r) => ({ key: r.title, to: r.redirect ?? (r.path.includes(':') ? undefined : r.path) }));
  const crumbs: CrumbKey[] = nodes.map((n) => ({ key: nodeLabel(n), fallback: n.name, to: n.url ?? undefined }));
  const rest = pathname.slice((nodes[nodes.length - 1].url ?? '').length).split('/').filter(Boolean);
  for (const [i, part] of rest.entries()) {
    if (ACTION[part]) crumbs.push({ key: ACTION[part] });
    else if (GUID.test(part) && rest[i + 1] === undefined) crumbs.push({ key: 'route.edit' });
    // A record's page (`/operation/bu/{id}/org`): the route table's title for it.
    else if (GUID.test(part) && rest[i + 1] !== 'show' && rest[i + 1] !== 'grants') {
      const page = findRoute(pathname);
      if (page?.path.includes('/:id/')) crumbs.push({ key: page.title, to: `${nodes[nodes.length - 1].url}/${part}` });
    }
  }
  return crumbs;
};

/** The section menu a `matched` sidebar shows: the items of the route's top-level section. */
export const sectionItems = (items: MenuItem[], pathname: string) => {
  const top = `/${pathname.split('/')[1]}`;
  return items.find((i) => i.key === top)?.children ?? items.filter((i) => i.key.startsWith(top));
};
