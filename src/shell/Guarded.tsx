import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Redirect } from './Redirect.tsx';
import { hasClientKey } from '../../i18n/client.ts';
import { toast } from '../../dataProvider/events.ts';
import { guardOf } from '../routes/guard.ts';
import type { RouteDef } from '../routes/table.ts';
import { HEAD_LEVEL } from '../ssr/context.ts';
import { useLang } from './LangContext.tsx';
import { usePageHead } from './usePageHead.ts';
import { Refused } from './Refused.tsx';
import { useSession } from './SessionContext.tsx';
import { redirectLanding, tenantLanding } from '../routes/landing.ts';
import { OPERATOR_CONSOLE, useConsoleNav } from './useConsoleNav.ts';

/**
 * Applies the route guard, then sets the page title from the route. A signed-in person refused a
 * console page stays in the console: the page's frame says why and offers a way on (Refused.tsx);
 * only a path that is no page, or one that needs signing in, leads elsewhere.
 */
export const Guarded = ({ route, frame, children }: { route: RouteDef; frame: (content: ReactNode) => ReactNode; children: ReactNode }) => {
  const { pathname, search } = useLocation();
  const session = useSession();
  const { state } = useConsoleNav();
  const { t, lang } = useLang();
  // A public route may say what it is for search results: `meta.<name>` beside `route.<name>`.
  const describedBy = `meta.${route.title.replace(/^route\./, '')}`;
  usePageHead({ title: `${t(route.title)} - ${t('app.title')}`, description: hasClientKey(lang, describedBy) ? t(describedBy) : undefined }, HEAD_LEVEL.route);
  const refused = session.loading && !route.public ? null : guardOf(pathname, search, state);
  // Who signs in on a login page goes where the page sends them, not home: the guard sees the new
  // session while the page is still on its way there.
  // Remembered per route entered: one Guarded serves every route in turn (React keeps the instance).
  const arrival = useRef({ path: route.path, signedOut: !session.signedIn });
  if (arrival.current.path !== route.path) arrival.current = { path: route.path, signedOut: !session.signedIn };
  const signedInHere = !!refused && !!route.loginType && arrival.current.signedOut && !new URLSearchParams(search).get('redirect');
  // A landing and a section's index lead to a page the person may open: computed here, in the same
  // render as the redirect and from the loaded grants; `Redirect` yields if the person moved on meanwhile.
  const redirected = route.redirect && refused && !refused.reason && session.signedIn ? redirectLanding(route.path, refused.to, state) : refused?.to;
  const to = signedInHere ? (session.operator ? OPERATOR_CONSOLE : tenantLanding(state)) : redirected;
  const reason = refused?.reason;
  const stays = !!reason && reason !== 'not_found' && session.signedIn && !route.public;
  // Sent away, the person is told why (once, as the redirect happens).
  useEffect(() => {
    if (reason && !stays) toast(t(`guard.${reason}`), 'warning');
  }, [reason, stays, pathname, t]);
  // Where a tenant lands depends on their grants: wait for them rather than guess.
  if (session.loading && (!route.public || signedInHere)) return null;
  if (stays) return <>{frame(<Refused reason={reason} />)}</>;
  return to ? <Redirect to={to} /> : <>{route.redirect ? null : frame(children)}</>;
};
