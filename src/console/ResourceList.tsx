import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Typography } from '@mui/material';
import {
  BooleanInput, BulkDeleteButton, Button, CreateButton, Datagrid, EditButton, FilterButton, List, Loading, Pagination, SearchInput, ShowButton, TextInput, TopToolbar,
  NumberInput, useBasename, usePermissions, useRecordContext, useTranslate,
} from 'react-admin';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Permissions } from '../../dataProvider/authProvider.ts';
import { columnConfig } from '../../resources/column-config.ts';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { resourceCalls, routeOf } from '../../dataProvider/calls.ts';
import type { ListAction, ResourceDef, Scope } from '../../resources/types.ts';
import { ListActions } from './ListActions.tsx';
import { TransferButtons } from './TransferButtons.tsx';
import { renderColumn } from './fields.tsx';
import { MyColumnsButton } from './MyColumnsButton.tsx';
import { fieldLabel, fieldSchemaOf, referenceOf } from './registry.ts';
import { resolveColumns, useColumnSettings, type ConfigRow } from './columnSettings.ts';
import { hasTransitions, StatusButtons } from './StatusButtons.tsx';
import { RecordActions } from './RecordActions.tsx';

const columnConfigCalls = resourceCalls(columnConfig.name);

/** A permission code of the definition's mount, e.g. `admin:role:add`; no code on the mount = allowed. */
export const useCan = (rc: ResourceCalls) => {
  const { permissions } = usePermissions<Permissions>();
  return (action: string) => !rc.mount.perm || !permissions || permissions.codes.includes(`${rc.mount.perm}:${action}`);
};

/** Filters from the definition: `like` ones are text, `eq` ones take the field's own input. */
/**
 * A filter other than text shows only once someone adds it (or it is remembered), so its inputs
 * (autocomplete, select, switch, ...) load then and do not delay the list: the element's props stay
 * those react-admin reads (source, label, alwaysOn).
 */
const SchemaInput = lazy(() => import('./inputs.tsx').then((m) => ({ default: m.SchemaInput })));
const FilterInput = (props: ComponentProps<typeof SchemaInput>) => (
  <Suspense fallback={null}>
    <SchemaInput {...props} />
  </Suspense>
);

export const filterInputs = (def: ResourceDef, scope?: Scope) => [
  // A search box only where the server searches (`keyword` fields).
  ...(def.keyword?.length ? [<SearchInput key="q" source="q" alwaysOn />] : []),
  // A BU's own screens are of one BU already: no BU filter there.
  ...(def.filters ?? []).filter((f) => !(scope === 'bu' && f.field === 'bu_guid')).map((f) => {
    const schema = fieldSchemaOf(def, f.field);
    const label = fieldLabel(def, f.field);
    // `source` and `label` on the element itself: react-admin's filter menu reads them from it.
    if (f.type === 'boolean') return <BooleanInput key={f.field} source={f.field} label={label} alwaysOn />;
    if (f.op === 'age') return <NumberInput key={f.field} source={f.field} label={label} min={0} step={1} />;
    // A managed reference (an operator's BU filter) picks from its rows like a schema field.
    const input = schema ?? (referenceOf(def, f.field) ? { type: 'string', format: 'uuid' } : undefined);
    return f.op === 'like' || !input ? <TextInput key={f.field} source={f.field} label={label} /> : <FilterInput key={f.field} def={def} name={f.field} schema={input} source={f.field} label={label} />;
  }),
];

/** Opens the resource's column configuration, or a new one filled with the definition's defaults. */
const ConfigureColumns = ({ def, config }: { def: ResourceDef; config?: ConfigRow }) => {
  const navigate = useNavigate();
  const basename = useBasename();
  const target = `${basename}/${routeOf(columnConfig)}`;
  const defaults = { resource: def.name, columns: def.columns.map((c) => ({ field: c.field, visible: true, ...(c.width ? { width: c.width } : {}) })) };
  return (
    <Button
      label="list.configure_columns"
      data-testid="configure-columns"
      onClick={() => navigate(config ? `${target}/${config.guid}` : `${target}/create`, config ? undefined : { state: { record: defaults } })}
    >
      <SettingsIcon />
    </Button>
  );
};

const GrantsButton = ({ rc }: { rc: ResourceCalls }) => {
  const record = useRecordContext();
  const navigate = useNavigate();
  const basename = useBasename();
  if (!record) return null;
  return <Button label="list.grants" data-testid="grants" onClick={(e) => (e.stopPropagation(), navigate(`${basename}/${rc.route}/${record.id}/grants`))} />;
};

const HistoryButton = ({ rc }: { rc: ResourceCalls }) => {
  const record = useRecordContext();
  const navigate = useNavigate();
  const basename = useBasename();
  if (!record) return null;
  return <Button label="history.open" data-testid="history" onClick={(e) => (e.stopPropagation(), navigate(`${basename}/${rc.route}/${record.id}/history`))} />;
};

/** Row actions: edit, details, status transitions and grants, each as the definition and permissions allow. `label` heads their column in a datagrid. */
export const RowActions = ({ rc }: { rc: ResourceCalls; label?: string }) => {
  const can = useCan(rc);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      {rc.verbs.update && can('update') && <EditButton />}
      {rc.verbs.get && <ShowButton />}
      {hasTransitions(rc) && can('status') && <StatusButtons rc={rc} />}
      {rc.def.grants && can('auth') && <GrantsButton rc={rc} />}
      {rc.def.history && <HistoryButton rc={rc} />}
      <RecordActions rc={rc} />
    </Box>
  );
};

/**
 * A list wider than the window scrolls inside its own frame, never the page, and keeps its row
 * actions in view: their column sticks to the right edge (paging sits below the frame).
 */
/** A table's last column (its row actions) stays at the right edge while the rest scrolls under it. */
export const stickyActions = {
  '& td:last-of-type, & th:last-of-type': { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1, boxShadow: '-1px 0 0 rgba(0,0,0,0.08)' },
  // Above the other header cells, which react-admin makes sticky at z-index 2.
  '& th:last-of-type': { zIndex: 3 },
} as const;

export const fitToWindow = {
  '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .RaDatagrid-table': stickyActions,
} as const;

/** The list's frame may shrink below its table's width (a flex child otherwise grows to fit it), and its toolbar wraps. */
const listFrame = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' }, '& .RaList-actions .MuiToolbar-root': { flexWrap: 'wrap' } } as const;

/** A list with no rows yet: says so at full contrast (react-admin's own is greyed out) and offers to add one. */
const ListEmpty = ({ rc }: { rc: ResourceCalls }) => {
  const translate = useTranslate();
  const can = useCan(rc);
  const name = translate(`resources.${rc.def.name}.name`, { smart_count: 0, _: rc.def.name });
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="list-empty">
      <Typography variant="body1" gutterBottom>
        {translate('ra.page.empty', { name })}
      </Typography>
      {rc.verbs.add && can('add') && (
        <>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('ra.page.invite')}
          </Typography>
          <CreateButton variant="contained" />
        </>
      )}
      {/* A list with no rows may still be filled from a file. */}
      {rc.mount.transfer?.import && can('import') && <TransferButtons rc={rc} can={(a) => a === 'import' && can(a)} />}
    </Box>
  );
};

/** The list screen of any definition: its columns (as configured), filters, sort, paging, bulk delete, row actions. */
export const ResourceList = ({ rc, listActions }: { rc: ResourceCalls; listActions?: readonly ListAction[] }) => {
  const { def } = rc;
  const settings = useColumnSettings(def);
  const can = useCan(rc);
  const columnAdmin = useCan(columnConfigCalls)('update');
  const [field, order] = def.sort?.startsWith('-') ? [def.sort.slice(1), 'DESC' as const] : [def.sort ?? 'created_at', 'ASC' as const];
  const actions = (
    // Buttons at least 32 px high: wrapped onto two lines, they stay apart enough to hit (WCAG 2.5.8).
    <TopToolbar sx={{ '& .MuiButton-root': { minHeight: 32 } }}>
      <FilterButton />
      <MyColumnsButton def={def} available={resolveColumns(def, settings.config)} hidden={settings.hidden} setHidden={settings.setHidden} />
      {columnAdmin && def.name !== columnConfig.name && <ConfigureColumns def={def} config={settings.config} />}
      {rc.verbs.add && can('add') && <CreateButton />}
      {listActions?.length ? <ListActions rc={rc} actions={listActions} /> : null}
      {rc.mount.transfer && <TransferButtons rc={rc} can={can} />}
    </TopToolbar>
  );
  const widths: Record<string, unknown> = { ...fitToWindow, ...Object.fromEntries(settings.columns.filter((c) => c.width).map((c) => [`& .column-${c.field}`, { width: c.width }])) };
  return (
    <List sx={listFrame} empty={<ListEmpty rc={rc} />} filters={filterInputs(def, rc.mount.scope)} sort={{ field, order }} actions={actions} perPage={20} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      {settings.ready ? (
        <Datagrid
          rowClick={rc.opens ? (id) => rc.opens!.replace(':id', String(id)) : rc.verbs.get ? 'show' : false}
          bulkActionButtons={rc.verbs.delete && can('delete') ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
          sx={widths}
          data-testid="resource-list"
        >
          {settings.columns.map((c) => renderColumn(def, c))}
          <RowActions rc={rc} label="list.actions" />
        </Datagrid>
      ) : (
        <Loading />
      )}
    </List>
  );
};
