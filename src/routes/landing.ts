import { guardOf, type GuardState } from './guard.ts';
import { consoleSections, type MenuContext } from './menu.ts';
import { routeTree } from './table.ts';

/** Where a tenant lands on signing in without a `redirect`, when their roles open it: the console's overview. */
export const TENANT_START = '/account/enterprise-panel';

/** What decides where a signed-in person is sent: what the guard reads, and whether a BU exists (the menus hide pages needing one). */
export interface LandingState extends GuardState {
  buCreated: boolean;
}

const opens = (path: string, s: GuardState) => !guardOf(path, '', s)?.reason;

/** The console's menus for the person (src/routes/menu.ts). */
export const consoleMenuContext = (s: LandingState): MenuContext => ({ scene: 'console', signedIn: s.signedIn, userType: s.userType, urls: s.urls, authState: s.authState, buCreated: s.buCreated });

/** The console's sections the person may use, each with the first of its pages they may open (the header's entry). */
const sectionsOf = (s: LandingState) => consoleSections(routeTree, consoleMenuContext(s));

/**
 * Where a tenant signing in without a `redirect` lands: the enterprise panel when their roles open
 * it, else the first page they may open (a sub-account granted only people's pages: personal info),
 * never a refusal.
 */
export const tenantLanding = (s: LandingState) => (opens(TENANT_START, s) ? TENANT_START : (sectionsOf(s)[0]?.url ?? TENANT_START));

/**
 * Where a redirecting route (`route`, e.g. the section index `/business`) sends a signed-in person:
 * its `target` when they may open it, else, for a section, the first of its pages they may open.
 * Only a refused target changes: a page the person may open is never traded for another.
 */
export const redirectLanding = (route: string, target: string, s: LandingState) =>
  opens(target, s) ? target : (sectionsOf(s).find((section) => section.key === route)?.url ?? target);
