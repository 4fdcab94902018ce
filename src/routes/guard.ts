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
  return [...trail, target];
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

/** Where the guard sends a navigation, or null to let it through (spec §2 "Route guard"). */
export const guard = (pathname: string, search: string, s: GuardState): string | null => {
  const route = findRoute(pathname);
  if (!route) return '/';
  if (route.redirect) return redirectTarget(route.redirect, search);
  // A signed-in user on a login page goes on to where the login was asked for, else home.
  if (route.public) return route.loginType && s.signedIn ? (safeRedirect(new URLSearchParams(search).get('redirect')) ?? '/') : null;
  if (!s.signedIn) {
    const login = isOperatorRoute(pathname) ? '/adminLogin' : '/login';
    return `${login}?redirect=${encodeURIComponent(pathname + search)}`;
  }
  if (route.disabled) return '/';
  if (route.userTypes && s.userType !== undefined && !route.userTypes.includes(s.userType)) return '/';
  if (!authorised(s.urls, pathname, s.pages)) return '/';
  if (route.needsVerified && s.authState !== 2) return '/';
  return null;
};
