import EditIcon from '@mui/icons-material/Create';
import ViewIcon from '@mui/icons-material/RemoveRedEye';
import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, Button as MuiButton, Typography } from '@mui/material';
import {
  BulkDeleteButton, Button, CreateButton, Datagrid, EditButton, FilterButton, Loading, Pagination, ShowButton, TopToolbar,
  useBasename, useListContext, usePermissions, useRecordContext, useTranslate,
} from 'react-admin';
import { lazy, Suspense, useContext, useEffect, useRef, type ComponentProps } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Permissions } from '../../dataProvider/authProvider.ts';
import { definition } from '../../dataProvider/definitions.ts';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { resourceCalls, routeOf } from '../../dataProvider/calls.ts';
import type { ListAction, Scope } from '../../resources/types.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { ListActions } from './ListActions.tsx';
import { ImportHost, TransferButtons } from './TransferButtons.tsx';
import { renderColumn } from './fields.tsx';
import { MyColumnsButton } from './MyColumnsButton.tsx';
import { defaultSort, fieldLabel, fieldSchemaOf, referenceOf } from './registry.ts';
import { shapedScreen, useColumnSettings, type ConfigRow } from './columnSettings.ts';
import { ViewBar } from './ViewBar.tsx';
import type { ColumnView } from './columnSettings.ts';
import { hasTransitions, StatusButtons } from './StatusButtons.tsx';
import { RecordActions, ScreenActionsContext } from './RecordActions.tsx';
import { ListFrame } from './ListFrame.tsx';

const columnConfig = definition('column-config');
const publishedView = definition('published-view');

const columnConfigCalls = resourceCalls(columnConfig.name);
const publishedViewCalls = resourceCalls(publishedView.name);

/** A permission code of the definition's mount, e.g. `admin:role:add`; no code on the mount = allowed. */
export const useCan = (rc: ResourceCalls) => {
  const { permissions } = usePermissions<Permissions>();
  // A singleton is created by its save call (an app's store listing), which checks the update code.
  const codeOf = (action: string) => (action === 'add' && rc.def.relations?.singletonPer && rc.verbs.add === rc.verbs.save ? 'update' : action);
  return (action: string) => !rc.mount.perm || !permissions || permissions.codes.includes(`${rc.mount.perm}:${codeOf(action)}`);
};

/**
 * Filters from the definition: `like` ones are text, `eq` ones take the field's own input. A filter
 * other than the search shows only once someone adds it (or it is remembered), so its inputs (text,
 * autocomplete, select, switch, ...) load then and do not delay the list: the element's props stay
 * those react-admin reads (source, label, alwaysOn).
 */
const SchemaInput = lazy(() => import('./inputs.tsx').then((m) => ({ default: m.SchemaInput })));
const FilterInput = (props: ComponentProps<typeof SchemaInput>) => (
  <Suspense fallback={null}>
    <SchemaInput {...props} />
  </Suspense>
);
/** A switch (always on) and a number filter load with the few lists that have one. */
const BooleanInput = lazy(() => import('./filterInputs.ts').then((m) => ({ default: m.BooleanInput })));
const BooleanFilter = (props: ComponentProps<typeof BooleanInput>) => (
  <Suspense fallback={null}>
    <BooleanInput {...props} />
  </Suspense>
);
const DateTimeInput = lazy(() => import('./filterInputs.ts').then((m) => ({ default: m.DateTimeInput })));
/** An instant picked in the person's zone, sent as ISO 8601 (a log's window). */
const DateTimeFilter = (props: ComponentProps<typeof DateTimeInput>) => (
  <Suspense fallback={null}>
    <DateTimeInput {...props} parse={(v: string) => (v ? new Date(v).toISOString() : undefined)} />
  </Suspense>
);
const WindowInput = lazy(() => import('./WindowInput.tsx').then((m) => ({ default: m.WindowInput })));
/** One end of a search window (a log's): refused inline past the definition's days. */
const WindowFilter = (props: ComponentProps<typeof WindowInput>) => (
  <Suspense fallback={null}>
    <WindowInput {...props} parse={(v: string) => (v ? new Date(v).toISOString() : undefined)} />
  </Suspense>
);
const NumberInput = lazy(() => import('./filterInputs.ts').then((m) => ({ default: m.NumberInput })));
const NumberFilter = (props: ComponentProps<typeof NumberInput>) => (
  <Suspense fallback={null}>
    <NumberInput {...props} />
  </Suspense>
);
const TextInput = lazy(() => import('./filterInputs.ts').then((m) => ({ default: m.TextInput })));
/** A text filter (`like`), shown once someone adds it. */
const TextFilter = (props: ComponentProps<typeof TextInput>) => (
  <Suspense fallback={null}>
    <TextInput {...props} />
  </Suspense>
);

/** A search box only where the server searches (`keyword` fields): ListFrame draws it, apart from the other filters. */
const hasSearch = (def: ConsoleDef) => !!def.api.keyword?.length;

/** The list's filters other than its search, as react-admin's filter form and filter menu take them. */
export const filterInputs = (def: ConsoleDef, scope?: Scope, off: ReadonlySet<string> = new Set()) =>
  // A BU's own screens are of one BU already: no BU filter there.
  // Nor those a column set turned off.
  (def.api.filters ?? []).filter((f) => !(scope === 'bu' && f.field === 'bu_guid') && !off.has(f.field)).map((f) => {
    const schema = fieldSchemaOf(def, f.field);
    const label = fieldLabel(def, f.field);
    // `source` and `label` on the element itself: react-admin's filter menu reads them from it.
    if (f.type === 'boolean') return <BooleanFilter key={f.field} source={f.field} label={label} alwaysOn />;
    const window = def.api.window && [def.api.window.from, def.api.window.to].includes(f.field) ? def.api.window : undefined;
    if (f.type === 'datetime' && window) return <WindowFilter key={f.field} source={f.field} label={label} window={window} alwaysOn />;
    if (f.type === 'datetime') return <DateTimeFilter key={f.field} source={f.field} label={label} alwaysOn />;
    if (f.op === 'age') return <NumberFilter key={f.field} source={f.field} label={label} min={0} step={1} />;
    // A managed reference (an operator's BU filter) picks from its rows like a schema field.
    const input = schema ?? (referenceOf(def, f.field) ? { type: 'string', format: 'uuid' } : undefined);
    return f.op === 'like' || !input ? <TextFilter key={f.field} source={f.field} label={label} /> : <FilterInput key={f.field} def={def} name={f.field} schema={input} source={f.field} label={label} />;
  });

/** Opens the resource's column configuration, or a new one filled with the definition's defaults. */
const ConfigureColumns = ({ def, config }: { def: ConsoleDef; config?: ConfigRow }) => {
  const navigate = useNavigate();
  const basename = useBasename();
  const target = `${basename}/${routeOf(columnConfig)}`;
  const defaults = { resource: def.name, columns: shapedScreen(def).admin.columns.map((c) => ({ field: c.field, visible: !c.off, ...(c.width ? { width: c.width } : {}) })) };
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

/** A row's View or Edit leading to the row's own pages (`opens`, `edits`), as a click on the row does, not to the generic record pages. */
const OwnPageButton = ({ to, action }: { to: string; action: 'show' | 'edit' }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button component={Link} to={to.replace(':id', String(record.id))} label={`ra.action.${action}`} onClick={(e) => e.stopPropagation()} data-testid={`row-${action}`}>
      {action === 'edit' ? <EditIcon /> : <ViewIcon />}
    </Button>
  );
};

/** Which row actions the definition gives and the viewer may use (a named action may still be offered to some rows only). */
const useRowOffers = (rc: ResourceCalls) => {
  const can = useCan(rc);
  const named = useContext(ScreenActionsContext).get(rc.route) ?? [];
  return {
    edit: !!rc.verbs.update && can('update'),
    show: !!rc.opens || !!rc.verbs.get,
    status: hasTransitions(rc) && can('status'),
    grants: !!rc.def.admin.grants && can('auth'),
    history: !!rc.def.admin.history,
    named: named.length > 0,
  };
};

/** Whether a list has a row action for the viewer: a list without any renders no actions column. */
export const useHasRowActions = (rc: ResourceCalls) => Object.values(useRowOffers(rc)).some(Boolean);

/** Row actions: edit, details, status transitions and grants, each as the definition and permissions allow. `label` heads their column in a datagrid. */
export const RowActions = ({ rc }: { rc: ResourceCalls; label?: string }) => {
  const offers = useRowOffers(rc);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      {offers.edit && (rc.edits ? <OwnPageButton to={rc.edits} action="edit" /> : <EditButton />)}
      {offers.show && (rc.opens ? <OwnPageButton to={rc.opens} action="show" /> : <ShowButton />)}
      {offers.status && <StatusButtons rc={rc} />}
      {offers.grants && <GrantsButton rc={rc} />}
      {offers.history && <HistoryButton rc={rc} />}
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

const fitToWindow = {
  '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const;

/** The list's frame may shrink below its table's width (a flex child otherwise grows to fit it), and its toolbar wraps. */
const listFrame = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' }, '& .RaList-actions .MuiToolbar-root': { flexWrap: 'wrap' } } as const;

/** A list's delete in the definition's own words (`admin.deletes`), else react-admin's. */
const deleteWords = (def: ConsoleDef) => {
  const key = def.admin.deletes && `record_actions.${def.name}.${def.admin.deletes}`;
  return key ? { label: key, confirmTitle: `${key}_title`, confirmContent: `${key}_content` } : {};
};

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
      {/* Where its rows come from, when they are not made here (enterprise apps and orders: the store). */}
      {rc.next && (
        <MuiButton component={Link} to={rc.next.to} variant="contained" sx={{ mt: 1 }} data-testid="empty-next">
          {translate(rc.next.label)}
        </MuiButton>
      )}
      {/* A list with no rows may still be filled from a file, or exported as its headers. */}
      {rc.mount.transfer && <TransferButtons rc={rc} can={can} />}
    </Box>
  );
};

/**
 * A page the server refused (a remembered filter it no longer takes): its sentence in place of the
 * rows, and no pager, which would count the rows of the page before.
 */
const ListError = () => {
  const { error } = useListContext();
  return (
    <Alert severity="warning" sx={{ m: 2 }} data-testid="list-error">
      {error?.message}
    </Alert>
  );
};
const ListPagination = () => (useListContext().error ? null : <Pagination rowsPerPageOptions={[10, 20, 50, 100]} />);

/** Width of the row checkbox column, which pinned columns stay right of. */
const CHECKBOX_WIDTH = 48;
/** Width of a pinned column given none: a sticky column needs a known one, so the next knows where to stick. */
const PIN_WIDTH = 160;

/**
 * Column widths, and the left-pinned columns (with the row checkboxes) held at the left edge while
 * the list scrolls sideways, each right of the one before.
 */
const columnStyles = (columns: readonly ColumnView[], checkboxes: boolean) => {
  const styles: Record<string, unknown> = {};
  let left = checkboxes ? CHECKBOX_WIDTH : 0;
  const sticky = (offset: number) => ({ position: 'sticky', left: offset, bgcolor: 'background.paper', zIndex: 1, '&.MuiTableCell-head': { zIndex: 3 } });
  const pinned = columns.some((c) => c.pin === 'left');
  if (pinned && checkboxes) styles['& .MuiTableCell-paddingCheckbox'] = { ...sticky(0), width: CHECKBOX_WIDTH, minWidth: CHECKBOX_WIDTH };
  for (const c of columns) {
    if (c.pin === 'left') {
      const width = c.width ?? PIN_WIDTH;
      styles[`& .column-${c.field}`] = { ...sticky(left), width, minWidth: width, maxWidth: width, boxShadow: 'inset -1px 0 0 rgba(0,0,0,0.08)' };
      left += width;
    } else if (c.width) styles[`& .column-${c.field}`] = { width: c.width };
  }
  return styles;
};

/**
 * A list wider than the window scrolls sideways; its table's wrapper takes the keyboard focus (a
 * named region), so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
const KeyboardScroll = ({ label }: { label: string }) => {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const list = marker.current?.parentElement;
    if (!list) return;
    // The table appears once its rows arrive, after this effect: it is named when it does.
    const name = () => {
      const wrapper = list.querySelector<HTMLElement>('.RaDatagrid-tableWrapper');
      if (!wrapper || wrapper.getAttribute('aria-label') === label) return;
      wrapper.tabIndex = 0;
      wrapper.setAttribute('role', 'region');
      wrapper.setAttribute('aria-label', label);
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(list, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [label]);
  return <span ref={marker} hidden />;
};

/** The list screen of any definition: its views, columns (as configured), filters, sort, paging, bulk delete, row actions. */
export const ResourceList = ({ rc, listActions }: { rc: ResourceCalls; listActions?: readonly ListAction[] }) => {
  const { def } = rc;
  const settings = useColumnSettings(def, new URLSearchParams(useLocation().search).get('view'));
  const can = useCan(rc);
  const columnAdmin = useCan(columnConfigCalls)('update');
  const canPublish = useCan(publishedViewCalls)('add');
  const translate = useTranslate();
  const actions = (
    // Buttons at least 32 px high: wrapped onto two lines, they stay apart enough to hit (WCAG 2.5.8).
    <TopToolbar sx={{ '& .MuiButton-root': { minHeight: 32 } }}>
      <FilterButton />
      <MyColumnsButton def={def} available={settings.available} hidden={settings.hidden} setHidden={settings.setHidden} />
      {columnAdmin && def.name !== columnConfig.name && <ConfigureColumns def={def} config={settings.config} />}
      {rc.verbs.add && can('add') && <CreateButton />}
      {listActions?.length ? <ListActions rc={rc} actions={listActions} /> : null}
      {rc.mount.transfer && <TransferButtons rc={rc} can={can} />}
    </TopToolbar>
  );
  const bulk = !!rc.verbs.delete && can('delete');
  const rowActions = useHasRowActions(rc);
  // Only an actions column sticks to the right edge: without one, the last column is data like the rest.
  const styles = { ...fitToWindow, '& .RaDatagrid-table': { ...(rowActions ? stickyActions : {}), ...columnStyles(settings.columns, bulk) } };
  return (
    <ImportHost rc={rc}>
      <ListFrame
        sx={listFrame}
        empty={<ListEmpty rc={rc} />}
        search={hasSearch(def)}
        filters={filterInputs(def, rc.mount.scope, settings.filtersOff)}
        sort={defaultSort(def)}
        actions={actions}
        perPage={20}
        error={<ListError />}
        pagination={<ListPagination />}
      >
        {settings.ready ? (
          <>
            <ViewBar def={def} views={settings.views} columns={settings.columns.map((c) => c.field)} canPublish={canPublish} />
            <Datagrid
              rowClick={rc.opens ? (id) => rc.opens!.replace(':id', String(id)) : rc.verbs.get ? 'show' : false}
              bulkActionButtons={bulk ? <BulkDeleteButton mutationMode="pessimistic" {...deleteWords(def)} /> : false}
              sx={styles}
              data-testid="resource-list"
            >
              {settings.columns.map((c) => renderColumn(def, c))}
              {rowActions && <RowActions rc={rc} label="list.actions" />}
            </Datagrid>
            <KeyboardScroll label={translate(`resources.${def.name}.name`, { smart_count: 2, _: def.name })} />
          </>
        ) : (
          <Loading />
        )}
      </ListFrame>
    </ImportHost>
  );
};
