import { Box, Button as MuiButton, Tab, Tabs, Typography } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ComponentProps, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { AdminContext, CoreAdminUI, CustomRoutes, Resource } from 'react-admin';
import { Link, Route, Routes, UNSAFE_RouteContext, useLocation, useNavigate } from 'react-router-dom';
import { Redirect } from '../shell/Redirect.tsx';
import '../../i18n/messages.ts';
import { authProvider, type Permissions } from '../../dataProvider/authProvider.ts';
import { dataProvider } from '../../dataProvider/dataProvider.ts';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { Lang } from '../../i18n/index.ts';
import { authorised } from '../routes/guard.ts';
import { ROUTES, type BespokeScreen } from '../routes/table.ts';
import { useLang } from '../shell/LangContext.tsx';
import { PageLoading } from '../shell/PageLoading.tsx';
import { Refused } from '../shell/Refused.tsx';
import { useSession } from '../shell/SessionContext.tsx';
import { BareLayout } from './BareLayout.tsx';
import { Empty } from './EmptyState.tsx';
import { ForwardNotification } from './ForwardNotification.tsx';
import { consoleMessages } from './i18nProvider.ts';
import { ScreenActionsContext } from './RecordActions.tsx';
import { recordTitle } from './recordTitle.ts';
import { screenPerm } from './screenAccess.ts';
import { ResourceList } from './ResourceList.tsx';
import { withCustomFieldsOf } from './CustomFields.tsx';
import { RouteOfContext } from './routeOf.tsx';
import { useConsoleTheme } from './theme.ts';
import { TENANT_BASE, pageScreens, tenantReferenceRoute, tenantRouteOf, tenantScreens, type TenantScreenCalls } from './tenantRegistry.ts';
import polyglotI18nProvider from 'ra-i18n-polyglot';

/**
 * Forms, details, grants and personal settings load when first opened: a console page opens on a
 * list (or the panel), and the form code need not delay it — the same split as the operator console.
 */
const CreateScreen = lazy(() => import('./TenantForms.tsx').then((m) => ({ default: m.CreateScreen })));
const SingleScreen = lazy(() => import('./TenantForms.tsx').then((m) => ({ default: m.SingleScreen })));
const ResourceEdit = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceEdit })));
const ResourceShow = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceShow })));
const GrantScreen = lazy(() => import('./GrantScreen.tsx').then((m) => ({ default: m.GrantScreen })));
const PersonalInfo = lazy(() => import('./PersonalInfo.tsx').then((m) => ({ default: m.PersonalInfo })));
/** Tree views (departments, permissions) load with the first page that shows one. */
const TreeList = lazy(() => import('./TreeList.tsx').then((m) => ({ default: m.TreeList })));
const CountsScreen = lazy(() => import('./CountsScreen.tsx').then((m) => ({ default: m.CountsScreen })));
const MonthlyTotals = lazy(() => import('./MonthlyTotals.tsx').then((m) => ({ default: m.MonthlyTotals })));
// A lazy screen's code on its way: the named spinner at once, as in the operator console (ConsoleApp.tsx), not react-admin's a second later.
const later = (screen: ReactNode) => <Suspense fallback={<PageLoading />}>{screen}</Suspense>;
const RaError = lazy(() => import('./ConsoleError.tsx'));
const ConsoleErrorPage = (props: ComponentProps<typeof RaError>) => <Suspense fallback={null}>{<RaError {...props} />}</Suspense>;

/** react-admin names resources by route (`organzize/department`): each gets its definition's labels. */
const i18nProvider = (lang: Lang) =>
  polyglotI18nProvider(
    (l) => {
      const m = consoleMessages(l as Lang) as unknown as { resources: Record<string, unknown> };
      return { ...m, resources: { ...m.resources, ...Object.fromEntries(tenantScreens.map(({ rc }) => [rc.route, m.resources[rc.def.name]])) } } as never;
    },
    lang,
    [],
    { allowMissing: true },
  );

/** The tenant console's pages: the route table's `tenant` pages, longest first. */
const PAGES = ROUTES.filter((r) => r.page === 'tenant' && !r.path.endsWith('*')).map((r) => r.path).sort((a, b) => b.length - a.length);

/** The hand-written screens a route of the table may name (`screen`). */
const BESPOKE: Record<BespokeScreen, ComponentType> = { 'personal-info': PersonalInfo };
/** Their queries' cache: they render outside `<Admin>`, which holds the generated screens' own. */
const bespokeQueries = new QueryClient();

/** Where a BU is created: the screen whose creations select the new BU (`selectsBu`). */
const buCreate = tenantScreens.find(({ screen }) => screen.selectsBu)?.screen.url;



/** A path below a page that names none of its screens' routes. */
const NoPage = () => <Refused reason="no_page" />;

/** A page without a BU invites the person to create one. */
const NoBu = () => {
  const { t } = useLang();
  const { user } = useSession();
  return (
    <Empty
      text={t(user?.user_type === 2 ? 'tenant.no_bu_sub' : 'tenant.no_bu')}
      action={
        user?.user_type === 2 || !buCreate ? undefined : (
          <MuiButton component={Link} to={`${buCreate}/create`} size="small" data-testid="create-bu">
            {t('tenant.create_bu')}
          </MuiButton>
        )
      }
    />
  );
};





/**
 * A screen opens when its URL is authorised and, where its mount names a permission, the caller may
 * view through it (the server's own check): a granted page does not open an ungranted tab below it.
 */
const mayOpen = ({ urls, pages, codes }: Permissions, { screen, rc }: TenantScreenCalls) => {
  const perm = screenPerm(rc.def, rc.mount, screen);
  // The caller's own rows (a mount of scope `user` naming no permission, as *Authorised apps*) open for every account, as personal info does.
  if (rc.mount.scope === 'user' && !perm) return true;
  return authorised(urls, screen.url, pages) && (!perm || urls.length === 0 || codes.includes(`${perm}:view`));
};

/** The page's tabs (screens under its URL) the person may open; the page itself opens the first. */
const PageTabs = ({ page, visible }: { page: string; visible: TenantScreenCalls[] }) => {
  const { t } = useLang();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (visible.length < 2) return null;
  const current = [...visible].sort((a, b) => b.screen.url.length - a.screen.url.length).find((s) => pathname === s.screen.url || pathname.startsWith(`${s.screen.url}/`));
  return (
    <Tabs value={current?.screen.url ?? false} onChange={(_, url) => navigate(url)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} data-testid={`tabs-${page}`}>
      {visible.map(({ screen, rc }) => (
        <Tab key={screen.url} value={screen.url} label={t(screen.label ?? `resources.${rc.def.name}.name`)} data-testid={`tab-${screen.url}`} />
      ))}
    </Tabs>
  );
};

/** A screen whose references read through the mounts its own permission reaches (tenantReferenceRoute). */
const references = (rc: ResourceCalls, screen: ReactElement) => <RouteOfContext.Provider value={(target) => tenantReferenceRoute(rc, target)}>{screen}</RouteOfContext.Provider>;

/** The tenant console: every screen the definitions place under `/account`, generated; tabs per page. */
const TenantConsole = () => {
  const { lang, t } = useLang();
  const session = useSession();
  const { pathname } = useLocation();
  const provider = useMemo(() => i18nProvider(lang), []); // eslint-disable-line react-hooks/exhaustive-deps
  const theme = useConsoleTheme();
  const page = PAGES.find((p) => pathname === p || pathname.startsWith(`${p}/`)) ?? pathname;
  const hasBu = !!session.currentBU;
  // Tabs follow the menu tree's order (the server's `sort`), then the registry's.
  const order = (url: string) => (session.permissions.urls.indexOf(url) + 1 || Infinity);
  const visible = pageScreens(page)
    .filter((s) => mayOpen(session.permissions, s) && (!s.screen.needsBu || hasBu) && (!s.screen.userTypes || s.screen.userTypes.includes(session.user?.user_type ?? 0)))
    .sort((a, b) => order(a.screen.url) - order(b.screen.url));
  const needBu = pageScreens(page).some(({ screen }) => screen.needsBu) && !hasBu;
  const actions = useMemo(() => new Map(tenantScreens.map(({ rc, screen }) => [rc.route, screen.actions ?? []])), []);
  const routeOf = useMemo(() => (def: Parameters<typeof tenantRouteOf>[0]) => tenantRouteOf(def) ?? def.name, []);

  // A hand-written screen the route table names (the guard has already checked who may open it).
  const bespoke = ROUTES.find((r) => r.path === page)?.screen;
  const Bespoke = bespoke && BESPOKE[bespoke];
  if (Bespoke)
    return (
      <QueryClientProvider client={bespokeQueries}>{later(<Bespoke />)}</QueryClientProvider>
    );
  if (pathname === page && visible.length && !visible.some((s) => s.screen.url === page)) return <Redirect to={visible[0].screen.url} />;
  // A typed URL of a tab the caller may not open (below a page it may): its first tab, else the page says why.
  const here = pageScreens(page)
    .filter(({ screen }) => pathname === screen.url || pathname.startsWith(`${screen.url}/`))
    .sort((a, b) => b.screen.url.length - a.screen.url.length)[0];
  if (here && !visible.includes(here) && !(needBu && here.screen.needsBu)) return visible.length ? <Redirect to={visible[0].screen.url} /> : <Refused reason="no_permission" />;

  return (
    <Box data-testid="tenant-console">
      <Typography variant="h5" sx={{ mb: 2 }}>
        {t(ROUTES.find((r) => r.path === page)?.title ?? '')}
      </Typography>
      {/* Not above the very form that creates the first BU. */}
      {needBu && pathname !== `${buCreate}/create` && <NoBu />}
      {!needBu && !visible.length && <Refused reason="no_permission" />}
      <PageTabs page={page} visible={visible} />
      {visible.length > 0 && (
        <RouteOfContext.Provider value={routeOf}>
          <ScreenActionsContext.Provider value={actions}>
            {/* The shell matched `/<section>/<page>/*`; react-admin's routes start at the site root. */}
            <UNSAFE_RouteContext.Provider value={{ outlet: null, matches: [], isDataRoute: false }}>
            <Routes>
            <Route path={`${TENANT_BASE}/*`} element={
            <AdminContext basename={TENANT_BASE} dataProvider={dataProvider} authProvider={authProvider} i18nProvider={provider} theme={theme}>
            <CoreAdminUI layout={BareLayout} loading={PageLoading} error={ConsoleErrorPage} catchAll={NoPage} disableTelemetry>
              {tenantScreens
                .filter(({ screen }) => (screen.view ?? 'list') === 'list')
                .map(({ rc, screen }) => (
                  <Resource
                    key={rc.route}
                    name={rc.route}
                    recordRepresentation={(r) => recordTitle(rc.def, r, provider.getLocale() as Lang)}
                    list={references(rc, withCustomFieldsOf(rc, (rc) => (rc.def.relations?.tree ? later(<TreeList rc={rc} />) : screen.totals ? <>{later(<MonthlyTotals rc={rc} call={screen.totals} />)}<ResourceList rc={rc} /></> : <ResourceList rc={rc} listActions={screen.listActions} />)))}
                    create={rc.verbs.add ? references(rc, withCustomFieldsOf(rc, (rc) => later(<CreateScreen rc={rc} screen={screen} />))) : undefined}
                    edit={rc.verbs.update ? references(rc, withCustomFieldsOf(rc, (rc) => later(<ResourceEdit rc={rc} />))) : undefined}
                    show={rc.verbs.get ? references(rc, withCustomFieldsOf(rc, (rc) => later(<ResourceShow rc={rc} />))) : undefined}
                  >
                    {rc.def.admin.grants && <Route path=":id/grants" element={later(<GrantScreen rc={rc} />)} />}
                    {screen.details && rc.verbs.get && <Route path={`:id/${screen.details}`} element={later(<ResourceShow rc={rc} />)} />}
                  </Resource>
                ))}
              <CustomRoutes>
                {tenantScreens
                  .filter(({ screen }) => screen.view === 'single' || screen.view === 'counts')
                  .map(({ rc, screen }) => (
                    <Route key={rc.route} path={rc.route} element={later(screen.view === 'counts' ? <CountsScreen rc={rc} call={screen.call!} /> : <SingleScreen rc={rc} check={screen.check} panel={screen.panel} />)} />
                  ))}
              </CustomRoutes>
            </CoreAdminUI>
            <ForwardNotification />
            </AdminContext>
            } />
            </Routes>
            </UNSAFE_RouteContext.Provider>
          </ScreenActionsContext.Provider>
        </RouteOfContext.Provider>
      )}
    </Box>
  );
};

export default TenantConsole;
