import { cleanup, render } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, RecordContextProvider, ResourceContextProvider, SaveContextProvider, type DataProvider, type RaRecord } from 'react-admin';
import { resourceCalls } from '../../dataProvider/calls.ts';
import type { Lang } from '../../i18n/languages.ts';
import { loadMessages, messagesOf } from '../../i18n/messages.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { i18nProviderFor } from '../../src/console/i18nProvider.ts';
import { RouteOfContext } from '../../src/console/routeOf.tsx';
import { tenantRouteOf } from '../../src/console/tenantRegistry.ts';
import { routeOf } from '../../dataProvider/calls.ts';
import { http } from '../../dataProvider/http.ts';
import { store } from '../../dataProvider/session.ts';

/**
 * Renders console screens in jsdom as the consoles do: react-admin's context with the console's
 * messages, and a data provider answering every route from rows given per definition name.
 */
export type Rows = Record<string, RaRecord[]>;

/** One row per definition, named by its title field (and able to hold others in a tree), unless the test gives its own. */
const rowsOf = (rows: Rows, def: ConsoleDef): RaRecord[] =>
  rows[def.name] ?? [{ id: `${def.name}-1`, guid: `${def.name}-1`, [def.admin.titleField ?? 'name']: `${def.name} one`, ...Object.fromEntries(Object.entries(def.relations?.tree?.parents ?? {}).map(([f, v]) => [f, v[0]])) }];

export const fakeDataProvider = (rows: Rows = {}) => {
  const of = (resource: string) => rowsOf(rows, resourceCalls(resource).def);
  return {
    getList: async (resource: string) => ({ data: of(resource), total: of(resource).length }),
    getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({ data: of(resource).filter((r) => ids.includes(r.id)) }),
    getManyReference: async (resource: string) => ({ data: of(resource), total: of(resource).length }),
    getOne: async (resource: string, { id }: { id: unknown }) => ({ data: of(resource).find((r) => r.id === id) }),
    getAll: async (resource: string) => of(resource),
    create: async () => ({ data: { id: 'new' } }),
    update: async () => ({ data: { id: 'x' } }),
    updateMany: async () => ({ data: [] }),
    delete: async () => ({ data: { id: 'x' } }),
    deleteMany: async () => ({ data: [] }),
  } as never;
};

/** Routes as the tenant console gives them (BU-side screens), else the operator console's. */
export const consoleRouteOf = (def: ConsoleDef) => tenantRouteOf(def) ?? routeOf(def);

export const loadLang = async (lang: Lang) => {
  await loadMessages(lang);
  return messagesOf(lang);
};

/** `dataProvider` replaces the one answering from `rows` (a test that watches what a screen asks). */
export const renderInConsole = async (
  ui: ReactNode,
  { lang = 'en', rows, record, resource = 'x', dataProvider }: { lang?: Lang; rows?: Rows; record?: RaRecord; resource?: string; dataProvider?: DataProvider } = {},
) => {
  await loadLang(lang);
  return render(
    <AdminContext dataProvider={dataProvider ?? fakeDataProvider(rows)} i18nProvider={i18nProviderFor(lang)} store={memoryStore()}>
      <RouteOfContext.Provider value={consoleRouteOf}>
        <ResourceContextProvider value={resource}>
          <SaveContextProvider value={{ save: async () => undefined, saving: false, mutationMode: 'pessimistic' }}>
            {record ? <RecordContextProvider value={record}>{ui}</RecordContextProvider> : ui}
          </SaveContextProvider>
        </ResourceContextProvider>
      </RouteOfContext.Provider>
    </AdminContext>,
  );
};

/**
 * A signed-in session whose direct calls (a list's column settings and preferences, read through
 * the http client rather than the data provider) answer an empty list.
 */
export const signedInWithoutSettings = () => {
  store.set('token', `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
  const none: AxiosAdapter = async (config) => ({ status: 200, data: { code: 200, data: [], message: 'ok' }, headers: {}, config, statusText: 'OK' });
  http.defaults.adapter = none;
};

/** Unmounts and forgets the address: react-admin keeps a list's filters in the URL, which jsdom keeps between tests. */
export const resetConsole = () => {
  cleanup();
  window.history.replaceState(null, '', '/');
};
