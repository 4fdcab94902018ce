import { lazy, Suspense } from 'react';
import { AppRoutes } from './AppRoutes.tsx';
import type { RouteDef } from './routes/table.ts';
import { PlainPage } from './pages/PlainPage.tsx';
import { publicPage } from './pages/publicPages.tsx';
import { TenantPage } from './pages/TenantPage.tsx';
import { PageLoading } from './shell/PageLoading.tsx';

/** The console (react-admin and the generated screens) loads only when a console page opens. */
const ConsoleApp = lazy(() => import('./console/ConsoleApp.tsx'));
/** The debug console (its form generator, @rjsf) loads only on its page. */
const DebugConsole = lazy(() => import('./pages/developer/DebugConsole.tsx'));
/** An app's own pages (`/business/app/:id/...`). */
const AppPages = lazy(() => import('./console/app/AppPages.tsx'));
const DeveloperLog = lazy(() => import('./console/app/DeveloperLog.tsx'));
/** The login form and the calls behind it (axios, the auth provider) load only on the login pages. */
/** "Sign in with Open Platform": the consent screen (docs/oauth.md). */
const ConsentPage = lazy(() => import('./pages/oauth/ConsentPage.tsx').then((m) => ({ default: m.ConsentPage })));
const TryResult = lazy(() => import('./pages/oauth/TryResult.tsx').then((m) => ({ default: m.TryResult })));
const LoginPage = lazy(() => import('./pages/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));

const Page = ({ route }: { route: RouteDef }) => {
  const open = publicPage(route);
  if (open) return open;
  switch (route.page) {
    case 'login':
    case 'adminLogin':
      return (
        <Suspense fallback={null}>
          <LoginPage operator={route.page === 'adminLogin'} />
        </Suspense>
      );
    case 'oauthConsent':
      return (
        <Suspense fallback={<PageLoading />}>
          <ConsentPage />
        </Suspense>
      );
    case 'oauthTry':
      return (
        <Suspense fallback={<PageLoading />}>
          <TryResult />
        </Suspense>
      );
    case 'auth':
    case 'tenant':
      return <TenantPage route={route} />;
    case 'console':
      return (
        <Suspense fallback={<PageLoading />}>
          <ConsoleApp />
        </Suspense>
      );
    case 'app':
      return (
        <Suspense fallback={<PageLoading />}>
          <AppPages />
        </Suspense>
      );
    case 'developerLog':
      return (
        <Suspense fallback={<PageLoading />}>
          <DeveloperLog />
        </Suspense>
      );
    case 'debugConsole':
      return (
        <Suspense fallback={<PageLoading />}>
          <DebugConsole />
        </Suspense>
      );
    default:
      return <PlainPage title={route.title} />;
  }
};

export const App = () => <AppRoutes page={(route) => <Page route={route} />} />;
