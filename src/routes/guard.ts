import { matchPath } from 'react-router-dom';
import { ROUTES, type RouteDef } from './table.ts';

/** Exact patterns first, then catch-alls, longest first, so `/operation/bu/:id/*` beats `/operation/*`. */
const ordered = [...ROUTES].sort((a, b) => Number(a.path.endsWith('*')) - Number(b.path.endsWith('*')) || b.path.length - a.path.length);

export const findRoute = (pathname: string): RouteDef | undefined => ordered.find((r) => matchPath({ path: r.path, end: true }, pathname));

/** Every route whose pattern matches a prefix of the path, outermost first: the breadcrumb trail. */
export const matchedTrail = (pathname: string): RouteDef[] => {
  const target = findRoute(pathname);
  if (!target) return [];
  const parts = pathname.split('/').filter(Boolean);
  const trail: RouteDef[] = [];
  for (let i = 1; i < parts.length; i++) {
    const r = ROUTES.find((x) => !x.path.endsWith('*') && matchPath({ path: x.path, end: true }, `/${parts.slice(0, i).join('/')}`));
    if (r && !trail.includes(r)) trail.push(r);
  }
  // A page's hidden sub-paths (`/x/*`) carry its title: one crumb, not two.
  return trail.at(-1)?.title === target.title ? trail : [...trail, target];
};

export interface GuardState {
  /** A valid (present, unexpired) token. */
  signedIn: boolean;
  userType?: number;
  /** Authorised URLs; empty = no restriction. */
  urls: readonly string[];
  /** Of those, the pages granted themselves (see `authorised`). */
  pages?: readonly string[];
  /** Organisation certification: 2 verified. */
  authState?: number;
}

const below = (path: string, u: string) => path.startsWith(u.endsWith('/') ? u : `${u}/`);

/**
 * `url` authorises the path itself and everything below it, unless the list names URLs below it:
 * then it is a section around granted pages (an ancestor the tree keeps connected) and those decide,
 * except when it is a page granted itself (`pages`), whose own sub-paths (`/create`, `/:id`) stay its.
 */
export const authorised = (urls: readonly string[], pathname: string, pages: readonly string[] = []) =>
  urls.length === 0 || urls.some((u) => pathname === u || (below(pathname, u) && (pages.includes(u) || !urls.some((v) => below(v, u)))));

/** A route's redirect with its `:name` segments taken from the query; a missing one ends it there. */
export const redirectTarget = (redirect: string, search: string) => {
  const query = new URLSearchParams(search);
  const parts: string[] = [];
  for (const segment of redirect.split('/')) {
    if (!segment.startsWith(':')) parts.push(segment);
    else if (query.get(segment.slice(1))) parts.push(encodeURIComponent(query.get(segment.slice(1))!));
    else break;
  }
  return parts.join('/') || '/';
};

/** `redirect` may only lead back into this site. */
export const safeRedirect = (r: string | null) => (r && r.startsWith('/') && !r.startsWith('//') ? r : undefined);

const isOperatorRoute = (pathname: string) => pathname === '/console' || pathname.startsWith('/operation');

/** Why the guard turned a person away: `guard.<reason>` is the sentence shown on arrival (spec §2 allows the redirect to say it). */
export type Refusal = 'not_found' | 'not_open' | 'other_console' | 'no_permission' | 'unverified';

/**
 * Where the guard sends a navigation and why, or null to let it through (spec §2 "Route guard").
 * A signed-in person on a login page goes on to the `redirect` target, else to their console's
 * start: an operator who opens `/adminLogin` while signed in lands in the operator console.
 */
export const guardOf = (pathname: string, search: string, s: GuardState): { to: string; reason?: Refusal } | null => {
  const route = findRoute(pathname);
  if (!route) return { to: '/', reason: 'not_found' };
  if (route.redirect) return { to: redirectTarget(route.redirect, search) };
  if (route.public) {
    if (!route.loginType || !s.signedIn) return null;
    return { to: safeRedirect(new URLSearchParams(search).get('redirect')) ?? (s.userType === 0 && route.page === 'adminLogin' ? '/operation' : '/') };
  }
  if (!s.signedIn) {
    const login = isOperatorRoute(pathname) ? '/adminLogin' : '/login';
    return { to: `${login}?redirect=${encodeURIComponent(pathname + search)}` };
  }
  if (route.disabled) return { to: '/', reason: 'not_open' };
  if (route.userTypes && s.userType !== undefined && !route.userTypes.includes(s.userType)) return { to: '/', reason: 'other_console' };
  if (!route.ownAccount && !authorised(s.urls, pathname, s.pages)) return { to: '/', reason: 'no_permission' };
  if (route.needsVerified && s.authState !== 2) return { to: '/', reason: 'unverified' };
  return null;
};

export const guard = (pathname: string, search: string, s: GuardState): string | null => guardOf(pathname, search, s)?.to ?? null;
