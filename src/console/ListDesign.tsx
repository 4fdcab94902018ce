import { Autocomplete, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import { AutocompleteArrayInput, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { resources } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { listColumnsOf } from '../../resources/shown-columns.ts';
import { defByName, fieldLabel } from './registry.ts';

/** Which console shows a list: the operator's (a screen there) or the tenant's (`tenant` screens). */
const consolesOf = (def: ConsoleDef) => [
  ...(def.admin.screens?.some((s) => s.scene === 'admin') ? (['admin'] as const) : []),
  ...(def.admin.screens?.some((s) => s.scene === 'tenant') ? (['tenant'] as const) : []),
];

/** Every list a set or view may shape, in the console(s) showing it. */
export const listChoices = resources.flatMap((def) => (def.admin.columns.length ? consolesOf(def).map((console) => ({ name: def.name, console })) : []));

/** The list a set or view is for, picked by its translated name, grouped by console; never typed by hand. */
export const ResourceInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const nameOf = (name: string) => translate(`resources.${name}.name`, { smart_count: 2, _: name });
  const options = useMemo(() => [...listChoices].sort((a, b) => a.console.localeCompare(b.console)), []);
  const value = options.find((o) => o.name === field.value) ?? null;
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 320, my: 1 }}
      options={options}
      groupBy={(o) => translate(`views.console_${o.console}`)}
      getOptionLabel={(o) => nameOf(o.name)}
      getOptionKey={(o) => `${o.console}:${o.name}`}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          <Box>
            {nameOf(o.name)}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {o.name}
            </Typography>
          </Box>
        </li>
      )}
      isOptionEqualToValue={(a, b) => a.name === b.name}
      value={value}
      onChange={(_, o) => field.onChange(o?.name ?? null)}
      renderInput={(params) => <TextField {...params} label={translate(label)} required error={fieldState.invalid} helperText={fieldState.error?.message} data-testid="list-resource" />}
    />
  );
};

/**
 * The list a form's set or view shapes: the form's `resource` (fixed once saved), with every column
 * one of its screens shows (`listColumnsOf`: the joined ones of the operators' BU list too).
 */
export const useFormList = () => {
  const def = defByName(useWatch({ name: 'resource' }) as string);
  return useMemo(() => def && { ...def, admin: { ...def.admin, columns: listColumnsOf(def) } }, [def]);
};

/** A view's columns, in order, among the list's own. */
export const ViewColumnsInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const def = useFormList();
  const choices = (def?.admin.columns ?? []).map((c) => ({ id: c.field, name: translate(fieldLabel(def!, c.field)) }));
  return <AutocompleteArrayInput source={source} label={label} choices={choices} helperText="views.columns_hint" />;
};

/** A view's filters or sort, shown as set on the list (they are changed there, then saved as a view). */
export const ViewSummary = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const def = useFormList();
  const value = useWatch({ name: source }) as Record<string, unknown> | null | undefined;
  const text = (field: string) => (def ? translate(fieldLabel(def, field), { _: field }) : field);
  const chips = !value
    ? []
    : source === 'sort'
      ? [`${text(String(value.field))} ${value.order === 'DESC' ? '↓' : '↑'}`]
      : Object.entries(value).map(([k, v]) => `${k === 'q' ? translate('list.keyword') : text(k)}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return (
    <Stack sx={{ my: 1 }} data-testid={`view-summary-${source}`}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {chips.length ? chips.map((c) => <Chip key={c} size="small" label={c} />) : <Typography variant="body2">{translate('views.none')}</Typography>}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate('views.set_on_list')}
      </Typography>
    </Stack>
  );
};
