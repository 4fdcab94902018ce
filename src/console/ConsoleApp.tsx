import { CssBaseline } from '@mui/material';
import { lazy, Suspense, use, useMemo, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { AdminContext, CoreAdminUI, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { Route, Routes, UNSAFE_RouteContext, useLocation } from 'react-router-dom';
import { Redirect } from '../shell/Redirect.tsx';
import { authProvider } from '../../dataProvider/authProvider.ts';
import { referenceRoute, type ResourceCalls } from '../../dataProvider/calls.ts';
import { dataProvider } from '../../dataProvider/dataProvider.ts';
import { language } from '../../dataProvider/session.ts';
import type { Lang } from '../../i18n/languages.ts';
import { BUILT_URLS, firstPage, treeMenu } from '../routes/menu.ts';
import { Refused } from '../shell/Refused.tsx';
import { useSession } from '../shell/SessionContext.tsx';
import { loadMessages } from '../../i18n/messages.ts';
import { useConsoleTheme } from './theme.ts';
import { BareLayout } from './BareLayout.tsx';
import { ForwardNotification } from './ForwardNotification.tsx';
import { i18nProviderFor } from './i18nProvider.ts';
import { sectionResources } from './registry.ts';
import { recordTitle } from './recordTitle.ts';
import { RouteOfContext } from './routeOf.tsx';
import { ResourceList } from './ResourceList.tsx';
import { TreeList } from './TreeList.tsx';
import { withCustomFieldsOf } from './CustomFields.tsx';
import { PageLoading } from '../shell/PageLoading.tsx';

const SECTION = '/operation';


/**
 * `/operation` and a section of its menu (`/operation/system`, as a breadcrumb links it) open the
 * first page under them the operator may use; other console paths say, inside the console, that
 * there is no such page (or nothing the operator may open) — never a trip to the public home.
 */
const Elsewhere = () => {
  const { pathname } = useLocation();
  const { permissions } = useSession();
  const path = pathname.replace(/\/$/, '');
  const menu = treeMenu(permissions.tree, BUILT_URLS);
  const to = firstPage(menu, path === SECTION ? undefined : path);
  if (to) return <Redirect to={to} />;
  return <Refused reason={path === SECTION ? 'no_permission' : 'no_page'} />;
};

const RaError = lazy(() => import('./ConsoleError.tsx'));
const ConsoleErrorPage = (props: ComponentProps<typeof RaError>) => (
  <Suspense fallback={null}>
    <RaError {...props} />
  </Suspense>
);
const Loading = () => <PageLoading />;

/**
 * Forms, details and the permission grant load when first opened: a console page opens on a list,
 * and the form code (react-admin's form layouts and inputs) need not delay it.
 */
const ResourceCreate = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceCreate })));
const ResourceEdit = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceEdit })));
const ResourceShow = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceShow })));
const GrantScreen = lazy(() => import('./GrantScreen.tsx').then((m) => ({ default: m.GrantScreen })));
const HistoryScreen = lazy(() => import('./HistoryScreen.tsx').then((m) => ({ default: m.HistoryScreen })));
/** A record's page with tabs (a screen's `page`: a BU's page), under its row's route. */
const RecordPage = lazy(() => import('./RecordPage.tsx'));
const later = (screen: ReactNode) => <Suspense fallback={<Loading />}>{screen}</Suspense>;
const store = localStorageStore();

/** A screen whose references read their targets through the mounts of its own reach (`referenceRoute`). */
const references = (rc: ResourceCalls, screen: ReactElement) => <RouteOfContext.Provider value={(target) => referenceRoute(rc, target)}>{screen}</RouteOfContext.Provider>;

/**
 * The operator console: one react-admin resource per definition under `/operation`, all generated.
 * This is `<Admin>` taken apart (AdminContext + CoreAdminUI, as react-admin documents for custom
 * setups) so that the defaults the shell replaces (layout, login page, notification) are not in
 * the bundle: `<Admin>` imports them even when they are overridden.
 */
const ConsoleApp = () => {
  // The current language's messages (a chunk of their own, fetched since this module loaded).
  use(loadMessages(language()));
  const i18nProvider = useMemo(() => i18nProviderFor(language()), []);
  const theme = useConsoleTheme();
  const screens = useMemo(() => sectionResources(SECTION, 'admin'), []);
  return (
    <AdminContext basename={SECTION} dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={store} theme={theme}>
      <CssBaseline enableColorScheme>
        {/* The shell matched `/operation/*` or a record's page (`/operation/bu/:id/*`): react-admin's routes start at the section. */}
        <UNSAFE_RouteContext.Provider value={{ outlet: null, matches: [], isDataRoute: false }}>
        <Routes>
        <Route path={`${SECTION}/*`} element={
        <CoreAdminUI
          layout={BareLayout}
          catchAll={Elsewhere}
          error={ConsoleErrorPage}
          loading={Loading}
          dashboard={Elsewhere}
          disableTelemetry
        >
          {screens.map((rc) => (
            <Resource
              key={rc.route}
              name={rc.route}
              options={{ label: `resources.${rc.def.name}.name` }}
              recordRepresentation={(r) => recordTitle(rc.def, r, i18nProvider.getLocale() as Lang)}
              list={references(rc, withCustomFieldsOf(rc, (rc) => (rc.def.relations?.tree ? <TreeList rc={rc} /> : <ResourceList rc={rc} />)))}
              create={rc.verbs.add ? references(rc, withCustomFieldsOf(rc, (rc) => later(<ResourceCreate rc={rc} />))) : undefined}
              // A record page's first tab is the record's form, at the URL react-admin's edit route would take.
              edit={rc.verbs.update && !rc.screen?.page ? references(rc, withCustomFieldsOf(rc, (rc) => later(<ResourceEdit rc={rc} />))) : undefined}
              show={rc.verbs.get ? references(rc, withCustomFieldsOf(rc, (rc) => later(<ResourceShow rc={rc} />))) : undefined}
            >
              {rc.def.admin.grants && <Route path=":id/grants" element={later(<GrantScreen rc={rc} />)} />}
              {rc.def.admin.history && <Route path=":id/history" element={later(<HistoryScreen rc={rc} />)} />}
              {rc.screen?.page && <Route path=":id/*" element={later(<RecordPage rc={rc} />)} />}
            </Resource>
          ))}
          <CustomRoutes>{[]}</CustomRoutes>
        </CoreAdminUI>
        } />
        </Routes>
        </UNSAFE_RouteContext.Provider>
        <ForwardNotification />
      </CssBaseline>
    </AdminContext>
  );
};

export default ConsoleApp;
