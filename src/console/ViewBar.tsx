import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PublicIcon from '@mui/icons-material/Groups';
import { Alert, Box, Button as MuiButton, IconButton, Tab, Tabs, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { callsOf } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import { definition } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { defaultSort } from './registry.ts';
import type { ViewRow } from './columnSettings.ts';

const savedView = definition('saved-view');
const own = callsOf(savedView);
/** The save dialog (its audience picker an autocomplete) loads when first opened. */
const SaveViewDialog = lazy(() => import('./SaveViewDialog.tsx'));

/** The list's address for a view (or the definition's default): shareable, and what react-admin reads its list from. */
export const viewSearch = (def: ConsoleDef, view?: Pick<ViewRow, 'guid' | 'filters' | 'sort' | 'per_page'>) => {
  const { field, order } = defaultSort(def);
  const filters = view?.filters ?? {};
  const params = new URLSearchParams({
    ...(view ? { view: view.guid } : {}),
    filter: JSON.stringify(filters),
    displayedFilters: JSON.stringify(Object.fromEntries(Object.keys(filters).map((k) => [k, true]))),
    sort: view?.sort?.field ?? field,
    order: view?.sort?.order ?? order,
    perPage: String(view?.per_page ?? 20),
    page: '1',
  });
  return `?${params}`;
};

/**
 * Views above a list (docs/views.md): the default, the person's own and those published to them,
 * as tabs; the address carries the chosen one (`?view=`), so a link shares it. A view named in the
 * address that this person cannot see still filters and sorts the list as the link says.
 */
export const ViewBar = ({ def, views, columns, canPublish }: { def: ConsoleDef; views: readonly ViewRow[]; columns: readonly string[]; canPublish: boolean }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const chosen = new URLSearchParams(useLocation().search).get('view');
  const current = views.find((v) => v.guid === chosen);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    await post(own.verbs.delete!, { guid: current!.guid });
    setDeleting(false);
    navigate({ search: viewSearch(def) });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }} data-testid="view-bar">
      <Tabs
        value={current?.guid ?? (chosen ? false : 'default')}
        onChange={(_, guid: string) => navigate({ search: viewSearch(def, views.find((v) => v.guid === guid)) })}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('views.title')}
        sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none' } }}
      >
        <Tab value="default" label={translate('views.default')} data-testid="view-tab-default" />
        {views.map((v) => (
          <Tab
            key={v.guid}
            value={v.guid}
            data-testid={`view-tab-${v.name}`}
            icon={v.published ? <PublicIcon fontSize="small" aria-label={translate('views.published_by_staff')} /> : undefined}
            iconPosition="start"
            label={v.name}
            title={v.published ? translate(v.role_name ? 'views.published_for' : 'views.published_all', { role: v.role_name ?? '' }) : undefined}
          />
        ))}
      </Tabs>
      <Box sx={{ flex: 1 }} />
      {current && !current.published && (
        <Tooltip title={translate('views.delete')}>
          <IconButton size="small" sx={{ minWidth: 32, minHeight: 32 }} onClick={() => setDeleting(true)} aria-label={translate('views.delete')} data-testid="view-delete">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <MuiButton size="small" sx={{ minHeight: 32 }} startIcon={<BookmarkAddIcon />} onClick={() => setSaving(true)} data-testid="view-save-open">
        {translate('views.save')}
      </MuiButton>
      {chosen && !current && (
        <Alert severity="info" sx={{ width: '100%', py: 0 }} data-testid="view-unavailable">
          {translate('views.unavailable')}
        </Alert>
      )}
      {saving && (
        <Suspense fallback={null}>
          <SaveViewDialog def={def} columns={columns} canPublish={canPublish} onClose={() => setSaving(false)} onSaved={(view) => navigate({ search: viewSearch(def, view) })} />
        </Suspense>
      )}
      <Confirm isOpen={deleting} title={translate('views.delete')} content={translate('views.delete_confirm', { name: current?.name ?? '' })} onConfirm={() => void remove()} onClose={() => setDeleting(false)} />
    </Box>
  );
};
