import type { Session } from '../../dataProvider/authProvider.ts';
import { store } from '../../dataProvider/session.ts';
import { consoleMenuContext, tenantLanding, type LandingState } from '../routes/landing.ts';
import { consoleSections, firstPage, routeMenu, type MenuContext, type MenuItem } from '../routes/menu.ts';
import { routeTree } from '../routes/table.ts';
import { useSession } from './SessionContext.tsx';

/** Where an operator's console starts: its section path opens the first page the operator may use (src/console/ConsoleApp.tsx). */
export const OPERATOR_CONSOLE = '/operation';
/** The page where a tenant applies for certification (the way on when certification is what is missing). */
export const CERTIFICATION = '/account/enterprise/info/certification';

/**
 * Where a person who has just signed in without a `redirect` lands (the login page, the company
 * sign-in's return), from the session the sign-in loaded: the operator console, or a tenant's
 * landing (`tenantLanding`), so the login page leaves for the page itself, not a redirect after it.
 */
export const landingAfterSignIn = (session: Session) =>
  store.get('isOperator') === true
    ? OPERATOR_CONSOLE
    : tenantLanding({ signedIn: true, userType: store.get('user')?.user_type, urls: session.permissions.urls, pages: session.permissions.pages, authState: session.authState, buCreated: !!store.get('currentBU') });

/**
 * The signed-in person's console menus: the context they are built from, the sections, where the
 * console starts, and what decides where they are sent (`state`, for src/routes/landing.ts).
 */
export const useConsoleNav = (): { ctx: MenuContext; sections: MenuItem[]; start: string; state: LandingState } => {
  const session = useSession();
  const state: LandingState = {
    signedIn: session.signedIn,
    userType: session.user?.user_type,
    urls: session.permissions.urls,
    pages: session.permissions.pages,
    authState: session.authState,
    buCreated: !!session.currentBU,
  };
  const ctx = consoleMenuContext(state);
  if (session.operator) return { ctx, sections: [], start: OPERATOR_CONSOLE, state };
  const sections = consoleSections(routeTree, ctx);
  return { ctx, sections, start: sections[0]?.url ?? firstPage(routeMenu(routeTree, ctx)) ?? '/', state };
};
