import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import MenuIcon from '@mui/icons-material/Menu';
import HomeIcon from '@mui/icons-material/Home';
import { Box, Button, IconButton, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { post } from '../dataProvider/http.ts';
import { Link, useLocation } from 'react-router-dom';
import { hasClientKey } from '../i18n/client.ts';
import type { Lang } from '../i18n/languages.ts';
import { BUILT_URLS, routeMenu, treeMenu } from '../src/routes/menu.ts';
import { findRoute } from '../src/routes/guard.ts';
import { routeTree, type RouteDef } from '../src/routes/table.ts';
import { crumbsFor, sectionItems, type CrumbKey } from '../src/shell/crumbs.ts';
import { usePageHead } from '../src/shell/usePageHead.ts';
import { useConsoleNav } from '../src/shell/useConsoleNav.ts';
import { HEAD_LEVEL } from '../src/ssr/context.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { FloatingBar } from './FloatingBar.tsx';
import { Header } from './Header.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { Sidebar } from './Sidebar.tsx';
import { UserMenu } from './UserMenu.tsx';

/** App types by guid: an app's sidebar shows permission and ability only for the types the route table allows. */
const appTypes = new Map<string, number>();
const useAppType = (guid: string | undefined) => {
  const [type, setType] = useState(guid ? appTypes.get(guid) : undefined);
  useEffect(() => {
    if (!guid) return;
    if (appTypes.has(guid)) return setType(appTypes.get(guid));
    post<{ type: number }>('/open/app/get-app-detail', { guid }, { silent: true })
      .then((a) => {
        appTypes.set(guid, a.type);
        setType(a.type);
      })
      .catch(() => undefined);
  }, [guid]);
  return type;
};

const useMenus = (route: RouteDef) => {
  const session = useSession();
  const { pathname } = useLocation();
  const appType = useAppType(route.sidebar === 'app' ? pathname.split('/')[3] : undefined);
  const ctx = {
    scene: 'console' as const,
    signedIn: session.signedIn,
    userType: session.user?.user_type,
    urls: session.permissions.urls,
    authState: session.authState,
    buCreated: !!session.currentBU,
    appType,
  };
  const id = pathname.split('/')[3];
  switch (route.sidebar) {
    case 'default':
    case 'bu':
    case 'operationApp':
      return [treeMenu(session.permissions.tree, BUILT_URLS)];
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

/** Record names of the crumbs that name one, as they arrive. */
const useRecordNames = (crumbs: readonly CrumbKey[], lang: Lang) => {
  const [names, setNames] = useState<Record<string, string>>({});
  const wanted = crumbs.flatMap((c) => (c.record ? [`${c.record.at}/${c.record.id}`] : [])).join(' ');
  useEffect(() => {
    let live = true;
    for (const c of crumbs) {
      const r = c.record;
      if (!r) continue;
      void import('../src/shell/recordName.ts')
        .then((m) => m.recordName(r.at, r.id, lang))
        .then((name) => live && setNames((n) => ({ ...n, [`${r.at}/${r.id}`]: name ?? `#${r.id.slice(0, 8)}` })));
    }
    return () => {
      live = false;
    };
  }, [wanted, lang]); // eslint-disable-line react-hooks/exhaustive-deps
  return names;
};

/** The trail, each record by its name; the page's tab title is its last two crumbs (the page, and its record or section). */
const Crumbs = () => {
  const { pathname } = useLocation();
  const { t, lang } = useLang();
  const { permissions } = useSession();
  const { sections } = useConsoleNav();
  const keys = crumbsFor(pathname, permissions.tree);
  const names = useRecordNames(keys, lang);
  const crumbs = keys.map((c) => ({
    // A section's crumb opens the first page of it the person may use, as the header's entry does.
    to: sections.find((s) => s.label === c.key && pathname.startsWith(`${s.key}/`))?.url ?? c.to,
    label: c.record ? (names[`${c.record.at}/${c.record.id}`] ?? '…') : c.fallback && !hasClientKey(lang, c.key) ? c.fallback : t(c.key),
  }));
  const head = crumbs.slice(-2).reverse().map((c) => c.label).filter((l) => l !== '…');
  usePageHead(head.length ? { title: [...head, t('app.title')].join(' - ') } : null, HEAD_LEVEL.page);
  return <Breadcrumbs crumbs={crumbs} />;
};

/**
 * The two console layout kinds of spec §2 (top + sidebar, and the admin console's sidebar +
 * content), with their menus and breadcrumbs. A lazy chunk: public pages never load it.
 */
/** Phones only: a wide screen never loads the drawer. */
const MenuDrawer = lazy(() => import('./MenuDrawer.tsx'));

/** Below this width the menus leave the page to a drawer: a 210 px column would leave a phone 180 px of content. */
const useNarrow = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

const ConsoleFrame = ({ route, children }: { route: RouteDef; children: ReactNode }) => {
  const menus = useMenus(route);
  const { t } = useLang();
  const narrow = useNarrow();
  const { sections } = useConsoleNav();
  // A record's own pages (`/business/app/:id/…`) lead back to the list the record was opened from.
  const list = route.path.includes('/:id/') ? findRoute(route.path.split('/:id/')[0]) : undefined;
  const back = list ? { to: list.path, label: t(list.title) } : undefined;
  const [collapsed, setCollapsed] = useState(false);
  if (route.layout === 'sidebar') {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex' }}>
        {!collapsed && !narrow && <Sidebar items={menus[0]} title={t('app.admin_title')} />}
        <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
          <Toolbar sx={{ gap: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }} variant="dense">
            {!narrow && (
              <IconButton onClick={() => setCollapsed(!collapsed)} aria-label={t(collapsed ? 'float.expand' : 'float.collapse')}>
                {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
              </IconButton>
            )}
            <Box sx={{ flex: 1, pt: 2 }}>
              <Crumbs />
            </Box>
            <Button component={Link} to="/" startIcon={<HomeIcon />} aria-label={t('header.back_home')} sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }} data-testid="back-to-site">
              {/* A phone keeps the icon: the words would wrap the toolbar. */}
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('header.back_home')}
              </Box>
            </Button>
            <LanguageMenu color="primary" />
            <Box sx={{ color: 'primary.main' }}>
              <UserMenu />
            </Box>
          </Toolbar>
          <Box sx={{ p: { xs: 1.5, md: 3 } }}>
            {narrow && (
              <Suspense fallback={null}>
                <MenuDrawer menus={menus.slice(0, 1)} title={t('app.admin_title')} />
              </Suspense>
            )}
            {children}
          </Box>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header scene="console" />
      <Box sx={{ display: 'flex', flex: 1 }}>
        {!narrow && menus.map((items, i) => items.length > 0 && <Sidebar key={i} items={items} back={i === 0 ? back : undefined} />)}
        <Box component="main" sx={{ flex: 1, p: { xs: 1.5, md: 3 }, minWidth: 0 }}>
          {narrow && (
            <Suspense fallback={null}>
              {/* The header's sections do not fit a phone: the drawer holds them above the page's menus. */}
              <MenuDrawer menus={[sections, ...menus]} />
            </Suspense>
          )}
          <Crumbs />
          {children}
        </Box>
      </Box>
      <FloatingBar />
    </Box>
  );
};

export default ConsoleFrame;
