import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Container, IconButton, Toolbar } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { hasClientKey } from '../i18n/client.ts';
import { routeMenu, treeMenu, type MenuItem } from '../src/routes/menu.ts';
import { routeTree, type RouteDef } from '../src/routes/table.ts';
import { crumbsFor, sectionItems } from '../src/shell/crumbs.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { FloatingBar } from './FloatingBar.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { Sidebar } from './Sidebar.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Operator pages this build has screens for (from resources/ at build time). */
const BUILT = __CONSOLE_URLS__;

const useMenus = (route: RouteDef) => {
  const session = useSession();
  const { pathname } = useLocation();
  const ctx = {
    scene: 'console' as const,
    signedIn: session.signedIn,
    userType: session.user?.user_type,
    urls: session.permissions.urls,
    authState: session.authState,
    buCreated: !!session.currentBU,
  };
  const id = pathname.split('/')[3];
  switch (route.sidebar) {
    case 'default':
    case 'bu':
    case 'operationApp':
      return [treeMenu(session.permissions.tree, BUILT)];
    case 'app': {
      const business = routeTree.find((r) => r.path === '/business')!;
      const pages = (business.children ?? []).filter((r) => r.sidebar === 'app').map((r) => ({ ...r, hidden: false, path: r.path.replace(':id', id) }));
      return [routeMenu(pages, ctx)];
    }
    case 'enterprise': {
      const account = sectionItems(routeMenu(routeTree, ctx), pathname);
      return [account.filter((i) => !i.key.startsWith('/account/enterprise/')), account.filter((i) => i.key.startsWith('/account/enterprise/'))];
    }
    default:
      return [sectionItems(routeMenu(routeTree, ctx), pathname)];
  }
};

const Crumbs = () => {
  const { pathname } = useLocation();
  const { t, lang } = useLang();
  const { permissions } = useSession();
  const crumbs = crumbsFor(pathname, permissions.tree).map((c) => ({ to: c.to, label: c.fallback && !hasClientKey(lang, c.key) ? c.fallback : t(c.key) }));
  return <Breadcrumbs crumbs={crumbs} />;
};

/** The five layout kinds of spec §2, chosen by the route. */
export const Frame = ({ route, children }: { route: RouteDef; children: ReactNode }) => {
  const menus = useMenus(route);
  const { t } = useLang();
  const [collapsed, setCollapsed] = useState(false);
  const scene = route.scene === 'open' || route.public ? 'open' : 'console';
  switch (route.layout) {
    case 'content':
      return <Box sx={{ minHeight: '100vh' }}>{children}</Box>;
    case 'top':
      return (
        <Box sx={{ minHeight: '100vh' }}>
          <Header scene={scene} />
          <Container sx={{ py: 3 }}>{children}</Container>
          <FloatingBar />
        </Box>
      );
    case 'topSidebar':
      return (
        <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
          <Header scene="console" />
          <Box sx={{ display: 'flex', flex: 1 }}>
            {menus.map((items, i) => items.length > 0 && <Sidebar key={i} items={items} />)}
            <Box component="main" sx={{ flex: 1, p: 3, minWidth: 0 }}>
              <Crumbs />
              {children}
            </Box>
          </Box>
          <FloatingBar />
        </Box>
      );
    case 'sidebar':
      return (
        <Box sx={{ minHeight: '100vh', display: 'flex' }}>
          {!collapsed && <Sidebar items={menus[0]} title={t('app.admin_title')} />}
          <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
            <Toolbar sx={{ gap: 1, borderBottom: 1, borderColor: 'divider' }} variant="dense">
              <IconButton onClick={() => setCollapsed(!collapsed)} aria-label={t(collapsed ? 'float.expand' : 'float.collapse')}>
                {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
              </IconButton>
              <Box sx={{ flex: 1, pt: 2 }}>
                <Crumbs />
              </Box>
              <LanguageMenu color="primary" />
              <Box sx={{ color: 'primary.main' }}>
                <UserMenu />
              </Box>
            </Toolbar>
            <Box sx={{ p: 3 }}>{children}</Box>
          </Box>
        </Box>
      );
    default:
      return (
        <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
          <Header scene={scene} />
          <Box component="main" sx={{ flex: 1 }}>
            {children}
          </Box>
          <Footer />
          <FloatingBar />
        </Box>
      );
  }
};
