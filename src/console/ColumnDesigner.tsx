import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DragIcon from '@mui/icons-material/DragIndicator';
import RestartIcon from '@mui/icons-material/RestartAlt';
import {
  Alert, Box, Button, Checkbox, CircularProgress, IconButton, MenuItem, Paper, Select, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { post } from '../../dataProvider/http.ts';
import { displayNameIn, type CustomField } from '../../schemas/custom-field.ts';
import { Datagrid, ListContextProvider, useDataProvider, useInput, useList, useLocale, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { listScreenRoute, referenceRoute, resourceCalls, routeOf } from '../../dataProvider/calls.ts';
import { LANGUAGES, type Lang } from '../../i18n/languages.ts';
import { definition } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { resolveColumns, type ColumnSetting, type ConfigRow } from './columnSettings.ts';
import { renderColumn } from './fields.tsx';
import { useFormList } from './ListDesign.tsx';
import { defaultSort, fieldLabel, fieldSchemaOf } from './registry.ts';
import { RouteOfContext } from './routeOf.tsx';

const columnConfig = definition('column-config');

const LANGS = Object.keys(LANGUAGES) as Lang[];
const PREVIEW_ROWS = 5;

/** The set's rows for the list: saved ones the definition still has, then columns it gained since (shown unless `off`). */
const rowsFor = (def: ConsoleDef, value: readonly ColumnSetting[]): ColumnSetting[] => {
  const known = new Set(def.admin.columns.map((c) => c.field));
  const listed = new Set(value.map((s) => s.field));
  return [...value.filter((s) => known.has(s.field)), ...def.admin.columns.filter((c) => !listed.has(c.field)).map((c) => ({ field: c.field, visible: !c.off }))];
};

/** Cells kept narrow, so that the designer fits a 1280-pixel screen beside the menu. */
const COMPACT = { '& th, & td': { px: 0.75 }, '& th': { lineHeight: 1.2 } };

const move = <T,>(list: readonly T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * The list being designed, with its custom fields (staff's) named in the reader's language, as
 * its screens show them; `undefined` while they load, so that a saved custom field is not taken
 * for one the list dropped.
 */
const useDesignedList = (def: ConsoleDef | undefined) => {
  const locale = useLocale();
  const call = def?.api.customFields?.call;
  const mount = call ? def.api.mounts.find((m) => m.side === 'operator' && call in m.calls) : undefined;
  const extended = useQuery({
    queryKey: ['custom-fields', 'designer', def?.name, locale],
    enabled: !!mount,
    queryFn: async () => {
      // The extension loads with the zod rules it carries, as the screens' do (src/console/CustomFields.tsx).
      const [{ fields, off }, { withCustomLists }] = await Promise.all([
        post<{ fields: CustomField[]; off: string[] }>(`${mount!.base}/${call}`, {}, { silent: true }),
        import('../../resources/custom-fields.ts'),
      ]);
      return withCustomLists(def!, fields.map((f) => ({ ...f, display_name: displayNameIn(f, locale) })), off);
    },
  });
  if (!mount) return def;
  return extended.isError ? def : extended.data;
};

/** Real rows of the list, as its screen reads them (joined columns too), shown with the columns being designed. */
const Preview = ({ def, settings }: { def: ConsoleDef; settings: readonly ColumnSetting[] }) => {
  const translate = useTranslate();
  const locale = useLocale() as Lang;
  const dataProvider = useDataProvider();
  const route = listScreenRoute(def);
  const rows = useQuery({
    queryKey: ['designer-preview', route],
    queryFn: async () => (await dataProvider.getList(route, { pagination: { page: 1, perPage: PREVIEW_ROWS }, sort: defaultSort(def), filter: {} })).data,
    retry: false,
  });
  const list = useList({ data: rows.data ?? [], isPending: rows.isPending, perPage: PREVIEW_ROWS });
  const columns = resolveColumns(def, { columns: [...settings] }, [], locale);
  const widths: Record<string, unknown> = Object.fromEntries(columns.filter((c) => c.width).map((c) => [`& .column-${c.field}`, { width: c.width }]));
  return (
    <Paper variant="outlined" sx={{ mt: 2, overflowX: 'auto' }} data-testid="designer-preview">
      <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1 }}>
        {translate('views.preview')}
      </Typography>
      {rows.isError && (
        <Typography variant="body2" sx={{ px: 2 }} data-testid="preview-no-rows">
          {translate('views.preview_no_rows')}
        </Typography>
      )}
      <ListContextProvider value={list}>
        {/* References read as the list's own screen reads them (an order's BU through the order staff's mount). */}
        <RouteOfContext.Provider value={(target) => referenceRoute(resourceCalls(route), target)}>
          {/* Remade when a title or sorting changes: react-admin's header cells do not redraw for a new label. */}
          <Datagrid key={columns.map((c) => `${c.label ?? ''}:${c.sortable}`).join('|')} bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }} variant="body2">{translate('views.preview_empty')}</Typography>} sx={widths}>
            {columns.map((c) => renderColumn(def, c))}
          </Datagrid>
        </RouteOfContext.Provider>
      </ListContextProvider>
    </Paper>
  );
};

/** Who sees the set being edited, and who sees another one instead (docs/views.md precedence). */
const Precedence = ({ def, roleGuid, visible }: { def: ConsoleDef; roleGuid: string | null; visible: string[] }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const others = useQuery({
    queryKey: ['designer-sets', def.name],
    queryFn: async () => (await dataProvider.getList<ConfigRow & { id: string }>(routeOf(columnConfig), { pagination: { page: 1, perPage: 100 }, sort: { field: 'resource', order: 'ASC' }, filter: { resource: def.name } })).data,
  });
  const roles = (others.data ?? []).filter((r) => r.role_guid && r.role_guid !== roleGuid).map((r) => r.role_name ?? '');
  return (
    <Alert severity="info" sx={{ my: 1 }} data-testid="designer-precedence">
      <div>{translate(roleGuid ? 'views.sees_role' : 'views.sees_everyone', { roles: roles.join(', ') || translate('views.none') })}</div>
      <div>{translate('views.sees', { columns: visible.join(', ') || translate('views.none') })}</div>
      <div>{translate('views.precedence')}</div>
    </Alert>
  );
};

/**
 * The column designer (docs/views.md): the list's fields by their labels, dragged (or moved with
 * the arrow buttons) into order, shown or hidden, titled in each language, sized, pinned, with
 * sorting and filtering turned off where the definition allows them; a live preview of real rows
 * below. Every column the list offers is listed — the definition's and its screens' joined ones
 * (`useFormList`); those `off` start hidden — and fields it no longer has are flagged and dropped. The last visible column cannot be hidden (the server refuses
 * a set showing none, too).
 */
export const ColumnDesigner = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const locale = useLocale() as Lang;
  const formList = useFormList();
  const def = useDesignedList(formList);
  const roleGuid = (useWatch({ name: 'role_guid' }) as string | null | undefined) ?? null;
  const { field } = useInput({ source });
  // A new set's form may start the field empty ('' or null) before the list is picked.
  const value = Array.isArray(field.value) ? (field.value as ColumnSetting[]) : [];
  const [dropped, setDropped] = useState<string[]>([]);
  const [dragging, setDragging] = useState<number>();
  const shaped = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!def) return;
    const first = shaped.current === undefined;
    if (shaped.current === def.name) return;
    // Another list picked in a new set: its defaults. The saved set of this list: completed, and what is gone flagged.
    const rows = first ? rowsFor(def, value) : rowsFor(def, []);
    if (first) setDropped(value.filter((s) => !def.admin.columns.some((c) => c.field === s.field)).map((s) => s.field));
    shaped.current = def.name;
    if (JSON.stringify(rows) !== JSON.stringify(value)) field.onChange(rows);
  }, [def, value, field]);
  if (!formList) return <Alert severity="info">{translate('views.pick_list_first')}</Alert>;
  if (!def) return <CircularProgress size={24} sx={{ m: 2 }} aria-label={translate('ra.page.loading')} />;
  const rows = rowsFor(def, value);
  const set = (i: number, patch: Partial<ColumnSetting>) => field.onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const byField = new Map(def.admin.columns.map((c) => [c.field, c]));
  const filters = new Set((def.api.filters ?? []).map((f) => f.field));
  // A custom field's label is its display name already (no translation key).
  const labelOf = (f: string) => def.admin.labels?.[f] ?? translate(fieldLabel(def, f), { _: f });
  // A column gone from the list, by the label it had where one is left, its field name beside it (what a set saved).
  const droppedName = (f: string) => {
    const shown = labelOf(f);
    return shown === f ? f : `${shown} (${f})`;
  };
  const hint = (f: string) => translate(`views.kinds.${byField.get(f)?.render ?? fieldSchemaOf(def, f)?.type ?? 'text'}`, { _: byField.get(f)?.render ?? 'text' });
  const visibleCount = rows.filter((r) => r.visible !== false).length;
  return (
    <Box sx={{ width: '100%', my: 1 }} data-testid="column-designer">
      <Typography variant="subtitle1" component="h2">
        {translate(label)}
      </Typography>
      <Precedence def={def} roleGuid={roleGuid} visible={resolveColumns(def, { columns: rows }, [], locale).map((c) => labelOf(c.field))} />
      {dropped.length > 0 && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="designer-dropped">
          {translate('views.dropped', { fields: dropped.map(droppedName).join(translate('views.list_separator')) })}
        </Alert>
      )}
      <Button size="small" startIcon={<RestartIcon />} onClick={() => field.onChange(rowsFor(def, []))} data-testid="designer-reset" sx={{ minHeight: 32 }}>
        {translate('views.reset')}
      </Button>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(label)} sx={COMPACT}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('views.order')}</TableCell>
              <TableCell>{translate('resources.column-config.fields.field')}</TableCell>
              <TableCell>{translate('resources.column-config.fields.visible')}</TableCell>
              <TableCell>{translate('views.titles')}</TableCell>
              <TableCell>{translate('resources.column-config.fields.width')}</TableCell>
              <TableCell>{translate('resources.column-config.fields.pin')}</TableCell>
              <TableCell>{translate('resources.column-config.fields.sortable')}</TableCell>
              <TableCell>{translate('resources.column-config.fields.filterable')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => {
              const name = labelOf(r.field);
              const sortAllowed = !!byField.get(r.field)?.sortable;
              const last = r.visible !== false && visibleCount === 1;
              return (
                <TableRow
                  key={r.field}
                  draggable
                  onDragStart={() => setDragging(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => (dragging !== undefined && dragging !== i && field.onChange(move(rows, dragging, i)), setDragging(undefined))}
                  sx={{ opacity: dragging === i ? 0.5 : 1 }}
                  data-testid={`designer-row-${r.field}`}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <DragIcon fontSize="small" sx={{ cursor: 'grab', verticalAlign: 'middle', color: 'text.secondary' }} aria-hidden />
                    <IconButton size="small" disabled={i === 0} onClick={() => field.onChange(move(rows, i, i - 1))} aria-label={translate('views.move_up', { name })} data-testid={`designer-up-${r.field}`}>
                      <ArrowUpIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" disabled={i === rows.length - 1} onClick={() => field.onChange(move(rows, i, i + 1))} aria-label={translate('views.move_down', { name })} data-testid={`designer-down-${r.field}`}>
                      <ArrowDownIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                  <TableCell sx={{ maxWidth: 180, overflowWrap: 'anywhere' }}>
                    <Stack>
                      <span>{name}</span>
                      <Typography variant="caption" color="text.secondary">
                        {r.field} · {hint(r.field)}
                      </Typography>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {last ? (
                      <Tooltip title={translate('views.last_visible')} describeChild>
                        {/* A disabled control takes no pointer events: the tooltip hangs on its wrapper. */}
                        <span data-testid={`designer-last-${r.field}`}>
                          <Checkbox checked disabled slotProps={{ input: { 'aria-label': translate('views.show', { name }) } }} data-testid={`designer-visible-${r.field}`} />
                        </span>
                      </Tooltip>
                    ) : (
                      <Checkbox checked={r.visible !== false} onChange={(e) => set(i, { visible: e.target.checked })} slotProps={{ input: { 'aria-label': translate('views.show', { name }) } }} data-testid={`designer-visible-${r.field}`} />
                    )}
                  </TableCell>
                  <TableCell>
                    <Stack spacing={0.5}>
                      {LANGS.map((l) => (
                        <TextField
                          key={l}
                          size="small"
                          value={r.title?.[l] ?? ''}
                          placeholder={`${l} · ${name}`}
                          onChange={(e) => set(i, { title: { ...r.title, [l]: e.target.value || undefined } })}
                          slotProps={{ htmlInput: { maxLength: 30, 'aria-label': translate('views.title_of', { name, lang: translate(`lang.${l}`, { _: l }) }), 'data-testid': `designer-title-${l}-${r.field}`, style: { padding: '4px 8px' } } }}
                          sx={{ width: 150 }}
                        />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {/* Checked here and by the server, in the reader's language: no browser tooltip (no min, max or step). */}
                    <TextField
                      size="small"
                      value={r.width ?? ''}
                      onChange={(e) => set(i, { width: e.target.value.trim() === '' ? undefined : Number(e.target.value.replace(/\D/g, '')) })}
                      error={r.width !== undefined && !(r.width >= 40 && r.width <= 1000)}
                      helperText={r.width !== undefined && !(r.width >= 40 && r.width <= 1000) ? translate('views.width_range') : undefined}
                      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': translate('views.width_of', { name }) } }}
                      sx={{ width: 72 }}
                    />
                  </TableCell>
                  <TableCell>
                    <Select
                      size="small"
                      value={r.pin ?? ''}
                      displayEmpty
                      onChange={(e) => set(i, { pin: (e.target.value || undefined) as ColumnSetting['pin'] })}
                      inputProps={{ 'aria-label': translate('views.pin_of', { name }) }}
                      data-testid={`designer-pin-${r.field}`}
                    >
                      <MenuItem value="">{translate('views.no_pin')}</MenuItem>
                      <MenuItem value="left">{translate('resources.column-config.values.pin.left')}</MenuItem>
                      <MenuItem value="right">{translate('resources.column-config.values.pin.right')}</MenuItem>
                    </Select>
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={sortAllowed && r.sortable !== false}
                      disabled={!sortAllowed}
                      onChange={(e) => set(i, { sortable: e.target.checked ? undefined : false })}
                      slotProps={{ input: { 'aria-label': translate('views.sortable_of', { name }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={filters.has(r.field) && r.filterable !== false}
                      disabled={!filters.has(r.field)}
                      onChange={(e) => set(i, { filterable: e.target.checked ? undefined : false })}
                      slotProps={{ input: { 'aria-label': translate('views.filterable_of', { name }) } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Preview def={def} settings={rows} />
    </Box>
  );
};

export default ColumnDesigner;
