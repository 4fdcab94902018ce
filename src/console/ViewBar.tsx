import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PublicIcon from '@mui/icons-material/Groups';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, Radio, RadioGroup, Stack, Tab, Tabs, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useListContext, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { callsOf } from '../../dataProvider/calls.ts';
import { CallError, post } from '../../dataProvider/http.ts';
import { publishedView, savedView } from '../../resources/column-config.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { AudienceSelect } from './AudiencePicker.tsx';
import { defaultSort } from './registry.ts';
import type { ViewRow } from './columnSettings.ts';

const own = callsOf(savedView);
const published = callsOf(publishedView);

/** The list's address for a view (or the definition's default): shareable, and what react-admin reads its list from. */
export const viewSearch = (def: ResourceDef, view?: Pick<ViewRow, 'guid' | 'filters' | 'sort' | 'per_page'>) => {
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

type Audience = 'me' | 'everyone' | 'role';

/** Saves what the list shows now (columns, filters, sort, page size) as a view: the person's own, or published by product staff. */
const SaveViewDialog = ({ def, columns, canPublish, onClose }: { def: ResourceDef; columns: readonly string[]; canPublish: boolean; onClose(): void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const { filterValues, sort, perPage } = useListContext();
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<Audience>('me');
  const [role, setRole] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) return setError(translate('validation.required'));
    if (audience === 'role' && !role) return setError(translate('views.pick_role'));
    const body = { resource: def.name, name: name.trim(), columns, filters: filterValues, sort: sort.field ? sort : null, per_page: perPage };
    setBusy(true);
    try {
      const row = await post<ViewRow>(audience === 'me' ? own.verbs.add! : published.verbs.add!, audience === 'me' ? body : { ...body, role_guid: audience === 'role' ? role : null }, { silent: true });
      onClose();
      // A view for a role reaches its holders, not (unless they hold it) the person publishing it: they stay where they are.
      if (audience === 'role') notify(translate('views.published_for', { role: row.role_name ?? '' }), { type: 'success' });
      else navigate({ search: viewSearch(def, { ...body, guid: row.guid }) });
    } catch (e) {
      setError(e instanceof CallError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-view-title" fullWidth maxWidth="xs">
      <DialogTitle id="save-view-title">{translate('views.save_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            autoFocus
            size="small"
            label={translate('views.name')}
            value={name}
            onChange={(e) => (setName(e.target.value), setError(undefined))}
            onKeyDown={(e) => e.key === 'Enter' && void save()}
            slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'view-name' } }}
            required
          />
          {canPublish && (
            <RadioGroup value={audience} onChange={(e) => setAudience(e.target.value as Audience)} aria-label={translate('views.audience')}>
              <FormControlLabel value="me" control={<Radio />} label={translate('views.only_me')} />
              <FormControlLabel value="everyone" control={<Radio />} label={translate('views.publish_everyone')} />
              <FormControlLabel value="role" control={<Radio />} label={translate('views.publish_role')} />
            </RadioGroup>
          )}
          {audience === 'role' && <AudienceSelect value={role} onChange={setRole} label={translate('views.role')} />}
          {error && <Alert severity="warning" data-testid="view-error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" onClick={() => void save()} disabled={busy} data-testid="view-save">
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

/**
 * Views above a list (docs/views.md): the default, the person's own and those published to them,
 * as tabs; the address carries the chosen one (`?view=`), so a link shares it. A view named in the
 * address that this person cannot see still filters and sorts the list as the link says.
 */
export const ViewBar = ({ def, views, columns, canPublish }: { def: ResourceDef; views: readonly ViewRow[]; columns: readonly string[]; canPublish: boolean }) => {
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
      {saving && <SaveViewDialog def={def} columns={columns} canPublish={canPublish} onClose={() => setSaving(false)} />}
      <Confirm isOpen={deleting} title={translate('views.delete')} content={translate('views.delete_confirm', { name: current?.name ?? '' })} onConfirm={() => void remove()} onClose={() => setDeleting(false)} />
    </Box>
  );
};
