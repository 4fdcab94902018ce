import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasClientKey } from '../../i18n/client.ts';
import { toast } from '../../dataProvider/events.ts';
import { guardOf } from '../routes/guard.ts';
import type { RouteDef } from '../routes/table.ts';
import { HEAD_LEVEL } from '../ssr/context.ts';
import { useLang } from './LangContext.tsx';
import { usePageHead } from './usePageHead.ts';
import { useSession } from './SessionContext.tsx';

/** Applies the route guard, then sets the page title from the route. */
export const Guarded = ({ route, children }: { route: RouteDef; children: ReactNode }) => {
  const { pathname, search } = useLocation();
  const session = useSession();
  const { t, lang } = useLang();
  // A public route may say what it is for search results: `meta.<name>` beside `route.<name>`.
  const describedBy = `meta.${route.title.replace(/^route\./, '')}`;
  usePageHead({ title: `${t(route.title)} - ${t('app.title')}`, description: hasClientKey(lang, describedBy) ? t(describedBy) : undefined }, HEAD_LEVEL.route);
  const refused = session.loading && !route.public
    ? null
    : guardOf(pathname, search, {
        signedIn: session.signedIn,
        userType: session.user?.user_type,
        urls: session.permissions.urls,
        pages: session.permissions.pages,
        authState: session.authState,
      });
  const reason = refused?.reason;
  // Sent away, the person is told why (once, as the redirect happens).
  useEffect(() => {
    if (reason) toast(t(`guard.${reason}`), 'warning');
  }, [reason, pathname, t]);
  if (session.loading && !route.public) return null;
  return refused ? <Navigate to={refused.to} replace /> : <>{children}</>;
};
