import { CircularProgress } from '@mui/material';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate, Navigate } from 'react-router-dom';
import { setNavigator } from '../dataProvider/events.ts';
import { Frame } from '../layouts/Frame.tsx';
import { findRoute } from './routes/guard.ts';
import { ROUTES, type RouteDef } from './routes/table.ts';
import { HomePage } from './pages/HomePage.tsx';
import { PlainPage } from './pages/PlainPage.tsx';
import { TenantPage } from './pages/TenantPage.tsx';
import { watchExpiry } from './shell/expiry.ts';
import { Guarded } from './shell/Guarded.tsx';
import { useSession } from './shell/SessionContext.tsx';

/** The console (react-admin and the generated screens) loads only when a console page opens. */
const ConsoleApp = lazy(() => import('./console/ConsoleApp.tsx'));
/** The login form and the calls behind it (axios, the auth provider) load only on the login pages. */
/** The debug console (its form generator, @rjsf) loads only on its page. */
const DebugConsole = lazy(() => import('./pages/developer/DebugConsole.tsx'));
/** An app's own pages (`/business/app/:id/...`). */
const AppPages = lazy(() => import('./console/app/AppPages.tsx'));
/** The app store and the capabilities page (src/pages/store/), each its own chunk. */
const StorePage = lazy(() => import('./pages/store/StorePage.tsx'));
const AppDetailPage = lazy(() => import('./pages/store/AppDetailPage.tsx'));
const CapabilitiesPage = lazy(() => import('./pages/store/CapabilitiesPage.tsx'));
/** The developer docs, their search and the agreements (src/pages/docs/). */
const DocsPage = lazy(() => import('./pages/docs/DocsPage.tsx'));
const SearchPage = lazy(() => import('./pages/docs/SearchPage.tsx'));
const TermsPage = lazy(() => import('./pages/docs/TermsPage.tsx'));
const LoginPage = lazy(() => import('./pages/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));

const Lazy = ({ page }: { page: ReactNode }) => <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>{page}</Suspense>;

const Page = ({ route }: { route: RouteDef }) => {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'appStore':
      return <Lazy page={<StorePage />} />;
    case 'appDetail':
      return <Lazy page={<AppDetailPage />} />;
    case 'capabilities':
      return <Lazy page={<CapabilitiesPage />} />;
    case 'docs':
      return <Lazy page={<DocsPage />} />;
    case 'docSearch':
      return <Lazy page={<SearchPage />} />;
    case 'terms':
      return <Lazy page={<TermsPage />} />;
    case 'login':
    case 'adminLogin':
      return (
        <Suspense fallback={null}>
          <LoginPage operator={route.page === 'adminLogin'} />
        </Suspense>
      );
    case 'auth':
    case 'tenant':
      return <TenantPage route={route} />;
    case 'console':
      return (
        <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
          <ConsoleApp />
        </Suspense>
      );
    case 'app':
      return (
        <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
          <AppPages />
        </Suspense>
      );
    case 'debugConsole':
      return (
        <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
          <DebugConsole />
        </Suspense>
      );
    default:
      return <PlainPage title={route.title} placeholder={route.page === 'placeholder'} />;
  }
};

/** Wires the http client's redirects to the router and watches the token's expiry. */
const SessionWatch = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useSession();
  useEffect(() => {
    setNavigator((to) => {
      refresh();
      navigate(to);
    });
  }, [navigate, refresh]);
  useEffect(() => watchExpiry(() => !!findRoute(window.location.pathname)?.public), []);
  useEffect(() => refresh(), [location.pathname, refresh]);
  return null;
};

export const App = () => (
  <>
    <SessionWatch />
    <Routes>
      {ROUTES.map((r) => (
        <Route
          key={r.path}
          path={r.path}
          element={
            <Guarded route={r}>
              {r.redirect ? null : (
                <Frame route={r}>
                  <Page route={r} />
                </Frame>
              )}
            </Guarded>
          }
        />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  </>
);
