import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocale } from 'react-admin';
import { onAnswered } from '../../dataProvider/events.ts';
import { callsOf, pickMount } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import type { Lang } from '../../i18n/languages.ts';
import { definition, resourceByName } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { boundedView, screenColumns, shownFields } from '../../resources/shown-columns.ts';
import type { Column } from '../../resources/types.ts';

/** A list column as shown: the definition's, with product staff's title and pin. */
export interface ColumnView extends Column {
  /** Product staff's title for the reader's language, in place of the field's label. */
  label?: string;
  pin?: 'left' | 'right';
}

const columnConfig = definition('column-config');
const columnPreference = definition('column-preference');
const publishedView = definition('published-view');
const savedView = definition('saved-view');

export interface ColumnSetting {
  field: string;
  visible?: boolean;
  title?: Partial<Record<Lang, string>>;
  width?: number;
  pin?: 'left' | 'right';
  sortable?: boolean;
  filterable?: boolean;
}
export interface ConfigRow {
  guid: string;
  resource: string;
  role_guid?: string | null;
  role_name?: string | null;
  columns: ColumnSetting[];
}
export interface PreferenceRow {
  guid: string;
  resource: string;
  hidden: string[];
}
export interface ViewRow {
  guid: string;
  name: string;
  columns: string[];
  filters: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' } | null;
  per_page: number;
  published: boolean;
  role_name?: string | null;
}
interface Settings {
  config: ConfigRow | null;
  preference: PreferenceRow | null;
  views: ViewRow[];
}

/** Everyone reads a list's settings in one call through the catalogue mount; operators edit the sets on theirs. */
const settingsCall = callsOf(columnConfig, pickMount(columnConfig, 'system')).path('settings');
const preference = callsOf(columnPreference);
/** The calls that change a set or a view: after any of them, every list reads its settings again. */
const settingsWrites = new Set(
  [columnConfig, savedView, publishedView].flatMap((def) => def.api.mounts.flatMap((m) => { const v = callsOf(def, m).verbs; return [v.add, v.update, v.delete]; })).filter(Boolean),
);

/**
 * A list screen as column sets shape it: its columns, then its definition's others (`off` unless a
 * set shows them). A screen listing joined columns of its own (the operators' BU list) still
 * shows a definition column a set names, and the set's own order.
 */
export const shapedScreen = (def: ConsoleDef): ConsoleDef => ({ ...def, admin: { ...def.admin, columns: screenColumns(def.admin.columns, resourceByName.get(def.name)?.admin.columns ?? []) } });

/**
 * A list's columns (docs/views.md): the definition's (but those `off` until a set shows them), as a
 * column set reorders, hides, retitles, resizes and pins them — or as a chosen view names them,
 * among the columns the set allows — then minus the columns the person hides for themself. Fields
 * a definition no longer has are skipped; columns it gained since show last.
 */
export const resolveColumns = (def: ConsoleDef, config: Pick<ConfigRow, 'columns'> | undefined, hidden: readonly string[] = [], lang: Lang = 'zh', view?: readonly string[]): ColumnView[] => {
  const byField = new Map(def.admin.columns.map((c) => [c.field, c]));
  const settings = new Map((config?.columns ?? []).map((s) => [s.field, s]));
  const shown = shownFields(def.admin.columns, config?.columns);
  const chosen = view?.length ? boundedView(view, config ? shown : null).filter((f) => byField.has(f)) : [];
  const order = chosen.length ? chosen : shown;
  const columns: ColumnView[] = order.map((field) => {
    const base = byField.get(field)!;
    const s = settings.get(field);
    return {
      ...base,
      label: s?.title?.[lang] || undefined,
      width: s?.width ?? base.width,
      pin: s?.pin,
      // A set may turn sorting off; it never turns it on where the definition has none.
      sortable: !!base.sortable && s?.sortable !== false,
    };
  });
  const visible = columns.filter((c) => !hidden.includes(c.field));
  return [...visible.filter((c) => c.pin === 'left'), ...visible.filter((c) => !c.pin), ...visible.filter((c) => c.pin === 'right')];
};

/** The filters a set turned off (their columns' `filterable: false`). */
export const filtersOff = (config?: Pick<ConfigRow, 'columns'>) => new Set((config?.columns ?? []).filter((s) => s.filterable === false).map((s) => s.field));

export const columnKeys = (def: ConsoleDef) => ['column-settings', def.name];

/**
 * Query clients whose lists' settings go stale when a set or view is written, whether a list is on
 * screen then or not: the designer replaces the list, which must show the saved set when it opens
 * again. Each client is watched once, for the page's life.
 */
const watched = new WeakSet<QueryClient>();
const watchWrites = (client: QueryClient) => {
  if (watched.has(client)) return;
  watched.add(client);
  onAnswered((path) => void (settingsWrites.has(path) && client.invalidateQueries({ queryKey: ['column-settings'] })));
};

/**
 * A list's settings: one call, kept for the session (react-query's cache), read again when the
 * person hides columns or saves a view, or anyone in this browser changes a set or a view.
 */
export const useColumnSettings = (screen: ConsoleDef, viewGuid?: string | null) => {
  const def = shapedScreen(screen);
  const key = columnKeys(def);
  const client = useQueryClient();
  const lang = useLocale() as Lang;
  const settings = useQuery({
    queryKey: key,
    queryFn: () => post<Settings>(settingsCall, { resource: def.name }, { silent: true }),
    staleTime: Infinity,
  });
  watchWrites(client);
  /** Saves the person's hidden columns (creating the row the first time). */
  const setHidden = async (hidden: string[]) => {
    const row = settings.data?.preference;
    if (row) await post(preference.verbs.update!, { guid: row.guid, hidden });
    else await post(preference.verbs.add!, { resource: def.name, hidden });
    await client.invalidateQueries({ queryKey: key });
  };
  const config = settings.data?.config ?? undefined;
  const views = settings.data?.views ?? [];
  const view = viewGuid ? views.find((v) => v.guid === viewGuid) : undefined;
  const hidden = settings.data?.preference?.hidden ?? [];
  return {
    ready: !settings.isPending,
    config,
    views,
    view,
    hidden,
    /** Every column the set shows (before the person's own hiding), for the person to choose from. */
    available: resolveColumns(def, config, [], lang, view?.columns),
    columns: resolveColumns(def, config, hidden, lang, view?.columns),
    filtersOff: filtersOff(config),
    setHidden,
  };
};
