import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callsOf, pickMount } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import { columnConfig, columnPreference } from '../../resources/column-config.ts';
import type { ResourceDef } from '../../resources/types.ts';
import type { ColumnView } from './fields.tsx';

interface ColumnSetting {
  field: string;
  visible?: boolean;
  label?: string;
  width?: number;
}
export interface ConfigRow {
  guid: string;
  resource: string;
  columns: ColumnSetting[];
}
export interface PreferenceRow {
  guid: string;
  resource: string;
  hidden: string[];
}

/** Everyone reads the product staff's settings through the catalogue mount; operators edit them on theirs. */
const configList = callsOf(columnConfig, pickMount(columnConfig, 'system')).verbs.list!;
const preference = callsOf(columnPreference);

/**
 * A list's columns: the definition's defaults, reordered, hidden, relabelled and resized by the
 * resource's column configuration, then minus the columns the person hides for themself.
 */
export const resolveColumns = (def: ResourceDef, config?: ConfigRow, hidden: readonly string[] = []): ColumnView[] => {
  const byField = new Map(def.columns.map((c) => [c.field, c]));
  const configured = (config?.columns ?? []).filter((s) => byField.has(s.field));
  const listed = new Set(configured.map((s) => s.field));
  const ordered: ColumnView[] = [
    ...configured.filter((s) => s.visible !== false).map((s) => ({ ...byField.get(s.field)!, label: s.label || undefined, width: s.width ?? byField.get(s.field)!.width })),
    // Columns added to the definition after the configuration was saved still show.
    ...def.columns.filter((c) => !listed.has(c.field)),
  ];
  return ordered.filter((c) => !hidden.includes(c.field));
};

export const columnKeys = (def: ResourceDef) => ({ config: ['column-config', def.name], preference: ['column-preference', def.name] });

export const useColumnSettings = (def: ResourceDef) => {
  const keys = columnKeys(def);
  const config = useQuery({
    queryKey: keys.config,
    queryFn: () => post<ConfigRow[]>(configList, { resource: def.name }, { silent: true }).then((rows) => rows[0] ?? null),
  });
  const pref = useQuery({
    queryKey: keys.preference,
    queryFn: () => post<PreferenceRow[]>(preference.verbs.list!, { resource: def.name }, { silent: true }).then((rows) => rows[0] ?? null),
  });
  const client = useQueryClient();
  /** Saves the person's hidden columns (creating the row the first time). */
  const setHidden = async (hidden: string[]) => {
    const row = pref.data;
    if (row) await post(preference.verbs.update!, { guid: row.guid, hidden });
    else await post(preference.verbs.add!, { resource: def.name, hidden });
    await client.invalidateQueries({ queryKey: keys.preference });
  };
  return {
    ready: !config.isPending && !pref.isPending,
    config: config.data ?? undefined,
    hidden: pref.data?.hidden ?? [],
    columns: resolveColumns(def, config.data ?? undefined, pref.data?.hidden),
    setHidden,
  };
};
