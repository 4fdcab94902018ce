import { useEffect, useMemo, type ReactNode } from 'react';
import { Admin, CustomRoutes, Resource, useLocaleState } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { authProvider } from '../../dataProvider/authProvider.ts';
import { dataProvider } from '../../dataProvider/dataProvider.ts';
import { language } from '../../dataProvider/session.ts';
import { useLang } from '../shell/LangContext.tsx';
import { ForwardNotification } from './ForwardNotification.tsx';
import { GrantScreen } from './GrantScreen.tsx';
import { i18nProviderFor } from './i18nProvider.ts';
import { sectionResources } from './registry.ts';
import { ResourceList } from './ResourceList.tsx';
import { ResourceCreate, ResourceEdit, ResourceShow } from './screens.tsx';
import { TreeList } from './TreeList.tsx';

const SECTION = '/operation';

/** The shell's language drives react-admin's locale. */
const LocaleSync = () => {
  const { lang } = useLang();
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    if (locale !== lang) setLocale(lang);
  }, [lang, locale, setLocale]);
  return null;
};

/** The shell draws the header, menus and breadcrumbs; react-admin renders only the page. */
const Bare = ({ children }: { children?: ReactNode }) => (
  <>
    <LocaleSync />
    <span id="react-admin-title" hidden />
    {children}
  </>
);

/** Unknown console paths go home (spec §2). */
const Home = () => <Navigate to="/" replace />;

/** `/operation/` itself opens the first screen the operator may use. */
const First = ({ route }: { route: string }) => {
  const { pathname } = useLocation();
  return pathname.replace(/\/$/, '') === SECTION ? <Navigate to={`${SECTION}/${route}`} replace /> : <Home />;
};

/** The operator console: one react-admin resource per definition under `/operation`, all generated. */
const ConsoleApp = () => {
  const i18nProvider = useMemo(() => i18nProviderFor(language()), []);
  const screens = useMemo(() => sectionResources(SECTION, 'admin'), []);
  return (
    <Admin
      basename={SECTION}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Bare}
      notification={ForwardNotification}
      catchAll={Home}
      dashboard={() => <First route={screens[0].route} />}
      disableTelemetry
    >
      {screens.map((rc) => (
        <Resource
          key={rc.route}
          name={rc.route}
          options={{ label: `resources.${rc.def.name}.name` }}
          recordRepresentation={(r) => String(r.name ?? r.username ?? r.resource ?? r.id)}
          list={rc.def.tree ? <TreeList rc={rc} /> : <ResourceList rc={rc} />}
          create={rc.verbs.add ? <ResourceCreate rc={rc} /> : undefined}
          edit={rc.verbs.update ? <ResourceEdit rc={rc} /> : undefined}
          show={rc.verbs.get ? <ResourceShow rc={rc} /> : undefined}
        >
          {rc.def.grants && <Route path=":id/grants" element={<GrantScreen rc={rc} />} />}
        </Resource>
      ))}
      <CustomRoutes>{[]}</CustomRoutes>
    </Admin>
  );
};

export default ConsoleApp;
