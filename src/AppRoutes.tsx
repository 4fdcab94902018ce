import { useEffect, useRef, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Redirect } from './shell/Redirect.tsx';
import { setNavigator } from '../dataProvider/events.ts';
import { Frame } from '../layouts/Frame.tsx';
import { findRoute } from './routes/guard.ts';
import { ROUTES, type RouteDef } from './routes/table.ts';
import { watchExpiry } from './shell/expiry.ts';
import { Guarded } from './shell/Guarded.tsx';
import { useSession } from './shell/SessionContext.tsx';

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
  // Re-read on navigation, not on the first render: the page as loaded is read already, and an update
  // then would make a server-rendered page render again instead of hydrating.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else refresh();
  }, [location.pathname, refresh]);
  return null;
};

/** Every route of the table, guarded and framed; `page` renders what the route shows. */
export const AppRoutes = ({ page }: { page: (route: RouteDef) => ReactNode }) => (
  <>
    <SessionWatch />
    <Routes>
      {ROUTES.map((r) => (
        <Route key={r.path} path={r.path} element={<Guarded route={r} frame={(content) => <Frame route={r}>{content}</Frame>}>{r.redirect ? null : page(r)}</Guarded>} />
      ))}
      <Route path="*" element={<Redirect to="/" />} />
    </Routes>
  </>
);
