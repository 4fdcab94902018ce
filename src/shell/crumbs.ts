import type { PermissionNode } from '../../dataProvider/authProvider.ts';
import { findRoute, matchedTrail } from '../routes/guard.ts';
import { nodeLabel, type MenuItem } from '../routes/menu.ts';

export interface CrumbKey {
  /** i18n key, or literal text when `fallback` is used; empty for a record's crumb. */
  key: string;
  fallback?: string;
  to?: string;
  /** A record's crumb: named by the record `id` of the screen listed at `at` (src/shell/recordName.ts). */
  record?: { at: string; id: string };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTION: Record<string, string> = { create: 'route.create', show: 'route.show', grants: 'route.grants', history: 'route.history' };

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
 * What follows a page's own URL: a record (by its name, linking to its page), then what is done
 * with it — new, edit, details, permissions.
 */
const restCrumbs = (base: string, rest: readonly string[]): CrumbKey[] =>
  rest.flatMap((part, i): CrumbKey[] => {
    if (ACTION[part]) return [{ key: ACTION[part] }];
    if (!GUID.test(part)) return [];
    const at = [base, ...rest.slice(0, i)].join('/');
    // The record's page: the page the path goes on to (an app's `config`), which a bare id is not.
    const record: CrumbKey = { key: '', record: { at, id: part }, to: rest[i + 1] && !ACTION[rest[i + 1]] ? `${at}/${part}/${rest[i + 1]}` : undefined };
    return rest[i + 1] === undefined && base.startsWith('/operation') ? [record, { key: 'route.edit' }] : [record];
  });

/**
 * Console pages take their trail from the permission tree (where the operator's menus live),
 * other pages from the matched routes; then the record and what is done with it. A record's own
 * pages (an app's) name the record between its list and the page.
 */
export const crumbsFor = (pathname: string, tree: readonly PermissionNode[]): CrumbKey[] => {
  const nodes = pathname.startsWith('/operation') ? nodeTrail(tree, pathname) : [];
  if (nodes.length) {
    const crumbs: CrumbKey[] = nodes.map((n) => ({ key: nodeLabel(n), fallback: n.name, to: n.url ?? undefined }));
    const base = nodes[nodes.length - 1].url ?? '';
    return [...crumbs, ...restCrumbs(base, pathname.slice(base.length).split('/').filter(Boolean))];
  }
  const trail = matchedTrail(pathname);
  const target = findRoute(pathname);
  // The last route with a URL of its own (`/business/app`, `/account/order`): the rest is below it.
  const listed = [...trail].reverse().find((r) => !r.path.includes(':') && !r.path.endsWith('*') && pathname.startsWith(`${r.path}/`));
  const crumbs: CrumbKey[] = trail.map((r) => ({ key: r.title, to: r.redirect ?? (r.path.includes(':') ? undefined : r.path) }));
  if (!listed) return crumbs;
  const rest = restCrumbs(listed.path, pathname.slice(listed.path.length).split('/').filter(Boolean));
  // A record's own page (`/business/app/:id/config`) keeps its title after the record.
  const own = target && target.path.includes(':') && target !== listed ? crumbs.slice(-1) : [];
  return [...crumbs.slice(0, crumbs.length - own.length), ...rest, ...own];
};

/** The section menu a `matched` sidebar shows: the items of the route's top-level section. */
export const sectionItems = (items: MenuItem[], pathname: string) => {
  const top = `/${pathname.split('/')[1]}`;
  return items.find((i) => i.key === top)?.children ?? items.filter((i) => i.key.startsWith(top));
};
