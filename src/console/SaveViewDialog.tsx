import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { callsOf } from '../../dataProvider/calls.ts';
import { CallError, post } from '../../dataProvider/http.ts';
import { definition } from '../../dataProvider/definitions.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { AudienceSelect } from './AudiencePicker.tsx';
import type { ViewRow } from './columnSettings.ts';

const publishedView = definition('published-view');
const savedView = definition('saved-view');

const own = callsOf(savedView);
const published = callsOf(publishedView);

type Audience = 'me' | 'everyone' | 'role';

/**
 * Saves what the list shows now (columns, filters, sort, page size) as a view: the person's own, or
 * published by product staff. `onSaved` opens a view the person will see.
 */
const SaveViewDialog = ({ def, columns, canPublish, onClose, onSaved }: { def: ConsoleDef; columns: readonly string[]; canPublish: boolean; onClose(): void; onSaved(view: Pick<ViewRow, 'guid' | 'filters' | 'sort' | 'per_page'>): void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, perPage } = useListContext();
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<Audience>('me');
  const [role, setRole] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) return setError(translate('validation.field_error', { field: translate('views.name'), message: translate('validation.required') }));
    if (audience === 'role' && !role) return setError(translate('views.pick_role'));
    const body = { resource: def.name, name: name.trim(), columns, filters: filterValues, sort: sort.field ? sort : null, per_page: perPage };
    setBusy(true);
    try {
      const row = await post<ViewRow>(audience === 'me' ? own.verbs.add! : published.verbs.add!, audience === 'me' ? body : { ...body, role_guid: audience === 'role' ? role : null }, { silent: true });
      onClose();
      // A view for a role reaches its holders, not (unless they hold it) the person publishing it: they stay where they are.
      if (audience === 'role') notify(translate('views.published_for', { role: row.role_name ?? '' }), { type: 'success' });
      else onSaved({ ...body, guid: row.guid });
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

export default SaveViewDialog;
