import { consoleSections, firstPage, routeMenu, type MenuContext, type MenuItem } from '../routes/menu.ts';
import { routeTree } from '../routes/table.ts';
import { useSession } from './SessionContext.tsx';

/** Where an operator's console starts: its section path opens the first page the operator may use (src/console/ConsoleApp.tsx). */
export const OPERATOR_CONSOLE = '/operation';
/** Where a tenant lands on signing in without a `redirect` (src/pages/LoginPage.tsx). */
export const TENANT_START = '/account/enterprise-panel';
/** The page where a tenant applies for certification (the way on when certification is what is missing). */
export const CERTIFICATION = '/account/enterprise/info/certification';

/** The signed-in person's console menus: the context they are built from, the sections, and where the console starts. */
export const useConsoleNav = (): { ctx: MenuContext; sections: MenuItem[]; start: string } => {
  const session = useSession();
  const ctx: MenuContext = {
    scene: 'console',
    signedIn: session.signedIn,
    userType: session.user?.user_type,
    urls: session.permissions.urls,
    authState: session.authState,
    buCreated: !!session.currentBU,
  };
  if (session.operator) return { ctx, sections: [], start: OPERATOR_CONSOLE };
  const sections = consoleSections(routeTree, ctx);
  return { ctx, sections, start: sections[0]?.url ?? firstPage(routeMenu(routeTree, ctx)) ?? '/' };
};
