import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guard } from '../routes/guard.ts';
import type { RouteDef } from '../routes/table.ts';
import { useLang } from './LangContext.tsx';
import { useSession } from './SessionContext.tsx';

/** Applies the route guard, then sets the page title from the route. */
export const Guarded = ({ route, children }: { route: RouteDef; children: ReactNode }) => {
  const { pathname, search } = useLocation();
  const session = useSession();
  const { t } = useLang();
  useEffect(() => {
    document.title = `${t(route.title)} - ${t('app.title')}`;
  }, [route, t]);
  if (session.loading && !route.public) return null;
  const to = guard(pathname, search, {
    signedIn: session.signedIn,
    userType: session.user?.user_type,
    urls: session.permissions.urls,
    pages: session.permissions.pages,
    authState: session.authState,
  });
  return to ? <Navigate to={to} replace /> : <>{children}</>;
};
