import { Box, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ResourceContextProvider, useBasename, useDataProvider, useLocale, useResourceDefinitionContext, useTranslate } from 'react-admin';
import { Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { boundRoute, EDIT_TAB, firstTabOf, referenceRoute, resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { resources } from '../../dataProvider/definitions.ts';
import type { RecordPage as PageHint, RecordTab } from '../../resources/types.ts';
import type { ConsoleDef, JsonSchema } from '../../resources/console-defs.ts';
import type { Lang } from '../../i18n/languages.ts';
import { ScreenActionsContext } from './RecordActions.tsx';
import { recordTitle } from './recordTitle.ts';
import { defByName, titleFieldOf } from './registry.ts';
import { ResourceList } from './ResourceList.tsx';
import { RevealedSecrets } from './RevealedSecrets.tsx';
import { peekRevealed, takeRevealed } from './app/revealed.ts';
import { RouteOfContext } from './routeOf.tsx';
import { PageLoading } from '../shell/PageLoading.tsx';

/**
 * The operator console's page of one record (a screen's `page`: a BU's page `/operation/bu/{id}/...`,
 * spec §2): its title, a tab per `RecordTab`, and each tab's generic screens through the tab's
 * mount, every call naming the record (`param` = the page's id) through a bound route.
 */
const SingleScreen = lazy(() => import('./TenantForms.tsx').then((m) => ({ default: m.SingleScreen })));
const ResourceCreate = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceCreate })));
const ResourceEdit = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceEdit })));
const ResourceShow = lazy(() => import('./screens.tsx').then((m) => ({ default: m.ResourceShow })));
const SelectionTab = lazy(() => import('./SelectionTab.tsx'));
const later = (screen: ReactNode) => <Suspense fallback={<PageLoading />}>{screen}</Suspense>;

interface TabCalls {
  tab: RecordTab;
  rc: ResourceCalls;
  /** Pickers' routes by the definition they pick from (the tab's references read there). */
  pickers: Map<string, string>;
}

const pickFields = (json: JsonSchema, fields: readonly string[]): JsonSchema => ({
  ...json,
  properties: Object.fromEntries(Object.entries(json.properties ?? {}).filter(([f]) => fields.includes(f))),
});

/** The tab's definition as its forms use it: only the fields it takes (`form`), its pickers as references. */
const tabDef = (def: ConsoleDef, tab: RecordTab): ConsoleDef => ({
  ...def,
  ...(tab.form ? { json: pickFields(def.json, tab.form), origin: { ...def.origin, pick: tab.form } } : {}),
  relations: { ...def.relations, references: { ...def.relations?.references, ...Object.fromEntries(Object.entries(tab.pickers ?? {}).map(([field, p]) => [field, p.resource])) } },
});

/** Each tab's route (`bu/{id}/app`: react-admin's paths for it fall under the page) bound to the record. */
const tabsOf = (screen: ResourceCalls, page: PageHint, id: string): TabCalls[] =>
  page.tabs.map((tab) => {
    const def = defByName(tab.resource);
    if (!def) throw new Error(`unknown resource ${tab.resource}`);
    const bound = { [tab.param ?? page.param]: id };
    const route = boundRoute(`${screen.route}/${id}/${tab.url}`, tabDef(def, tab), tab.base, bound, tab.verbs);
    const pickers = new Map(
      Object.entries(tab.pickers ?? {}).map(([field, p]) => {
        const target = defByName(p.resource)!;
        // The mount whose base and segment make the call (a segment may hold a slash: `classify/list`).
        const base = resources.flatMap((d) => d.api.mounts).find((m) => Object.keys(m.calls).some((seg) => `${m.base}/${seg}` === p.call))?.base ?? p.call.slice(0, p.call.lastIndexOf('/'));
        return [p.resource, boundRoute(`${route}#${field}`, target, base, bound, {}, p.call)];
      }),
    );
    return { tab, rc: resourceCalls(route), pickers };
  });

/** The row a list view's edit or details screen shows (the route's own `:id` is the page's record). */
const Row = ({ rc, show }: { rc: ResourceCalls; show?: boolean }) => {
  const { row } = useParams();
  return later(show ? <ResourceShow rc={rc} id={row} /> : <ResourceEdit rc={rc} id={row} />);
};

/** A tab's screens: the record's own form, its single row, or its list with create, edit and details below the tab's URL. */
const TabScreens = ({ tab, rc, record, label }: TabCalls & { record: string; label: string }) => {
  if (tab.url === EDIT_TAB) return <Routes><Route path={EDIT_TAB} element={later(<ResourceEdit rc={rc} id={record} />)} /></Routes>;
  if (tab.view === 'single') return <Routes><Route path={tab.url} element={later(<SingleScreen rc={rc} shows={tab.shows} />)} /></Routes>;
  if (tab.view === 'selection') return <Routes><Route path={tab.url} element={later(<SelectionTab tab={tab} rc={rc} label={label} />)} /></Routes>;
  return (
    <Routes>
      <Route path={tab.url} element={<ResourceList rc={rc} />} />
      {rc.verbs.add && <Route path={`${tab.url}/create`} element={later(<ResourceCreate rc={rc} />)} />}
      {rc.verbs.get && <Route path={`${tab.url}/:row/show`} element={<Row rc={rc} show />} />}
      {rc.verbs.update && <Route path={`${tab.url}/:row`} element={<Row rc={rc} />} />}
    </Routes>
  );
};

/** react-admin names a tab's route by its definition's labels (titles, confirmations), as a `<Resource>` would. */
const useRegistered = (tabs: TabCalls[]) => {
  const { register, unregister } = useResourceDefinitionContext();
  const locale = useLocale() as Lang;
  useEffect(() => {
    const defs = tabs.map(({ rc }) => ({
      name: rc.route,
      options: { label: `resources.${rc.def.name}.name` },
      hasList: true,
      hasCreate: !!rc.verbs.add,
      hasEdit: !!rc.verbs.update,
      hasShow: !!rc.verbs.get,
      recordRepresentation: (r: Record<string, unknown>) => recordTitle(rc.def, r, locale),
    }));
    defs.forEach(register);
    return () => defs.forEach(unregister);
  }, [tabs, register, unregister, locale]);
};

export const RecordPage = ({ rc }: { rc: ResourceCalls }) => {
  const page = rc.screen!.page!;
  const { id = '', '*': rest = '' } = useParams();
  const translate = useTranslate();
  const basename = useBasename();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const bound = useMemo(() => tabsOf(rc, page, id), [rc, page, id]);
  // A record just created may carry secrets shown this once (a store app's): read while rendering
  // (a render may be thrown away while a part loads), taken once the page is on screen.
  const [secrets] = useState(() => peekRevealed(id));
  useEffect(() => void takeRevealed(id), [id]);
  // The record's own form is the screen's route, which react-admin knows already.
  useRegistered(bound);
  const tabs = useMemo(() => {
    const own: TabCalls[] = firstTabOf(page, rc) === EDIT_TAB ? [{ tab: { url: EDIT_TAB, resource: rc.def.name, base: rc.mount.base, view: 'single' }, rc, pickers: new Map() }] : [];
    return [...own, ...bound];
  }, [rc, page, bound]);
  const actions = useMemo(() => new Map(tabs.map(({ tab, rc: t }) => [t.route, tab.actions ?? []])), [tabs]);
  const record = useQuery({
    queryKey: [rc.route, 'record-page', id],
    queryFn: () => dataProvider.call<Record<string, unknown>>(rc.route, page.get, { [page.getBy ?? page.param]: id }, { silent: true }),
  });
  const root = `${basename}/${rc.route}/${id}`;
  // The longest tab URL the path starts with (`sso/password` before a shorter one).
  const current = [...tabs].sort((a, b) => b.tab.url.length - a.tab.url.length).find(({ tab }) => rest === tab.url || rest.startsWith(`${tab.url}/`));
  if (!current) return <Navigate to={`${root}/${tabs[0].tab.url}`} replace />;
  const title = record.data ? String(record.data[titleFieldOf(rc.def)] ?? '') : '';
  const tabLabel = (tab: RecordTab, t: ResourceCalls) => translate(tab.label ?? `resources.${t.def.name}.name`, { smart_count: tab.view === 'single' ? 1 : 2 });
  const routeOf = (target: ConsoleDef) => current.pickers.get(target.name) ?? referenceRoute(current.rc, target);
  return (
    <Box data-testid="record-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }} data-testid="record-title">
        {record.isPending ? <Skeleton width={200} /> : title || translate(`resources.${rc.def.name}.name`, { smart_count: 1 })}
      </Typography>
      {secrets && <RevealedSecrets def={rc.def} secrets={secrets} />}
      <Tabs
        value={current.tab.url}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('record_page.tabs', { name: title })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map(({ tab, rc: t }) => (
          <Tab
            key={tab.url}
            value={tab.url}
            label={tabLabel(tab, t)}
            component={Link}
            to={`${root}/${tab.url}`}
            data-testid={`tab-${tab.url}`}
          />
        ))}
      </Tabs>
      <ResourceContextProvider value={current.rc.route}>
        <RouteOfContext.Provider value={routeOf}>
          <ScreenActionsContext.Provider value={actions}>
            <TabScreens key={current.rc.route} {...current} record={id} label={tabLabel(current.tab, current.rc)} />
          </ScreenActionsContext.Provider>
        </RouteOfContext.Provider>
      </ResourceContextProvider>
    </Box>
  );
};

export default RecordPage;
