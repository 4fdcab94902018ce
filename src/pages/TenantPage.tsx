import { lazy, Suspense } from 'react';
import type { RouteDef } from '../routes/table.ts';
import { PageLoading } from '../shell/PageLoading.tsx';

/** Both load on demand, so the light entry stays light: the forms need zod, the console react-admin. */
const AuthPages = lazy(() => import('./auth/AuthPages.tsx'));
const TenantConsole = lazy(() => import('../console/TenantConsole.tsx'));

/** Sign-up, reset and activation forms (`auth`) or the tenant console's generated screens (`tenant`). */
export const TenantPage = ({ route }: { route: RouteDef }) => (
  <Suspense fallback={<PageLoading />}>{route.page === 'auth' ? <AuthPages path={route.path} /> : <TenantConsole />}</Suspense>
);
