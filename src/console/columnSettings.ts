import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAnswered } from '../../dataProvider/events.ts';
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

/** Everyone reads a list's settings in one call through the catalogue mount; operators edit the configuration on theirs. */
const settingsCall = callsOf(columnConfig, pickMount(columnConfig, 'system')).path('settings');
const preference = callsOf(columnPreference);
/** The calls that change a configuration: after any of them, every list reads its settings again. */
const configWrites = new Set(columnConfig.mounts.flatMap((m) => { const v = callsOf(columnConfig, m).verbs; return [v.add, v.update, v.delete]; }).filter(Boolean));

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

export const columnKeys = (def: ResourceDef) => ['column-settings', def.name];

/**
 * A list's column settings: one call, kept for the session (react-query's cache), read again when
 * the person hides columns or anyone in this browser changes a configuration.
 */
export const useColumnSettings = (def: ResourceDef) => {
  const key = columnKeys(def);
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: key,
    queryFn: () => post<{ config: ConfigRow | null; preference: PreferenceRow | null }>(settingsCall, { resource: def.name }, { silent: true }),
    staleTime: Infinity,
  });
  useEffect(() => onAnswered((path) => void (configWrites.has(path) && client.invalidateQueries({ queryKey: ['column-settings'] }))), [client]);
  /** Saves the person's hidden columns (creating the row the first time). */
  const setHidden = async (hidden: string[]) => {
    const row = settings.data?.preference;
    if (row) await post(preference.verbs.update!, { guid: row.guid, hidden });
    else await post(preference.verbs.add!, { resource: def.name, hidden });
    await client.invalidateQueries({ queryKey: key });
  };
  const config = settings.data?.config ?? undefined;
  return {
    ready: !settings.isPending,
    config,
    hidden: settings.data?.preference?.hidden ?? [],
    columns: resolveColumns(def, config, settings.data?.preference?.hidden),
    setHidden,
  };
};
