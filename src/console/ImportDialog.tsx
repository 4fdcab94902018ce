import {
  Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { CallError, post } from '../../dataProvider/http.ts';
import { centsText } from '../../schemas/money.ts';
import { fieldLabel, valueLabel } from './registry.ts';
import { saveBlob } from './saveBlob.ts';

interface Preview {
  columns: string[];
  total: number;
  valid: number;
  error_count: number;
  rows: (Record<string, unknown> & { row: number; errors: string[] })[];
}

const multipart = { headers: { 'Content-Type': 'multipart/form-data' } };

/** Import's dialog: previews a CSV or XLSX file with its bad rows, then writes it all at once. */
const ImportDialog = ({ rc, call, template, open, onClose }: { rc: ResourceCalls; call: string; template?: string; open: boolean; onClose(): void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<Preview>();
  const [stage, setStage] = useState<'idle' | 'reading' | 'writing' | 'done'>('idle');
  const [percent, setPercent] = useState(0);
  const [imported, setImported] = useState(0);
  const send = (f: File, commit: boolean) => {
    const form = new FormData();
    if (commit) form.append('commit', 'true');
    form.append('file', f);
    setPercent(0);
    return post<Preview & { imported: number }>(rc.path(call), form, {
      ...multipart,
      onUploadProgress: (e) => setPercent(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    });
  };
  const downloadTemplate = async () => {
    try {
      saveBlob(await post<Blob>(rc.path(template!), {}, { responseType: 'blob' }), `${rc.route.replaceAll('/', '-')}-template.xlsx`);
    } catch {
      // The http client has shown the sentence.
    }
  };
  const chosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setFile(f);
    setPreview(undefined);
    setStage('reading');
    try {
      setPreview(await send(f, false));
    } catch {
      // The http client has shown the server's sentence (wrong format, too large, no rows).
    } finally {
      setStage('idle');
    }
  };
  const commit = async () => {
    if (!file) return;
    setStage('writing');
    try {
      const r = await send(file, true);
      setImported(r.imported);
      setStage('done');
      notify(translate('transfer.done', { smart_count: r.imported }), { type: 'success' });
    } catch (e) {
      setStage('idle');
      if (e instanceof CallError && e.data && typeof e.data === 'object' && 'errors' in e.data) setPreview(undefined);
    }
  };
  // The list reloads once the dialog closes (an empty list's dialog would go with its empty state).
  const close = () => {
    if (stage === 'done') refresh();
    onClose();
    setFile(undefined);
    setPreview(undefined);
    setStage('idle');
  };
  const busy = stage === 'reading' || stage === 'writing';
  const bad = preview ? preview.total - preview.valid : 0;
  return (
    <Dialog open={open} onClose={busy ? undefined : close} maxWidth="lg" fullWidth aria-labelledby="transfer-import-title">
      <DialogTitle id="transfer-import-title">{translate('transfer.title', { name: translate(`resources.${rc.def.name}.name`, { smart_count: 2 }) })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" gutterBottom>
          {translate('transfer.hint')}
        </Typography>
        <input ref={picker} type="file" hidden accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={chosen} aria-label={translate('transfer.choose')} data-testid="transfer-file" />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
          <MuiButton variant="outlined" disabled={busy} onClick={() => picker.current?.click()} data-testid="transfer-choose">
            {translate(file ? 'transfer.choose_again' : 'transfer.choose')}
          </MuiButton>
          {template && (
            <MuiButton disabled={busy} onClick={downloadTemplate} startIcon={<DownloadIcon />} data-testid="transfer-template">
              {translate('transfer.template')}
            </MuiButton>
          )}
          {file && <Typography variant="body2">{file.name}</Typography>}
        </Box>
        {busy && (
          <Box sx={{ my: 2 }} data-testid="transfer-progress">
            <Typography variant="body2">{translate(stage === 'reading' ? 'transfer.reading' : percent < 100 ? 'transfer.uploading' : 'transfer.writing', { percent })}</Typography>
            <LinearProgress variant={percent < 100 ? 'determinate' : 'indeterminate'} value={percent} aria-label={translate('transfer.progress')} />
          </Box>
        )}
        {stage === 'done' && (
          <Alert severity="success" data-testid="transfer-done">
            {translate('transfer.done', { smart_count: imported })}
          </Alert>
        )}
        {preview && stage !== 'done' && (
          <>
            <Alert severity={bad ? 'warning' : 'info'} sx={{ my: 1 }} data-testid="transfer-summary">
              {translate('transfer.summary', { smart_count: preview.total, valid: preview.valid, bad })}
              {bad ? ` ${translate('transfer.fix')}` : ''}
            </Alert>
            <PreviewTable rc={rc} preview={preview} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close} disabled={busy}>
          {translate(stage === 'done' ? 'transfer.close' : 'ra.action.cancel')}
        </MuiButton>
        {stage !== 'done' && (
          <MuiButton variant="contained" onClick={commit} disabled={busy || !preview || bad > 0 || !preview.valid} data-testid="transfer-commit">
            {/* Exactly the rows it will write: all of them, or none while any has an error (the button is off then). */}
            {translate('transfer.commit', { smart_count: preview?.valid ?? 0 })}
          </MuiButton>
        )}
      </DialogActions>
    </Dialog>
  );
};

/** The preview's rows (those with errors first), each field shown as the list shows it, and the row's errors. */
const PreviewTable = ({ rc, preview }: { rc: ResourceCalls; preview: Preview }) => {
  const translate = useTranslate();
  const money = new Set(rc.def.admin.columns.filter((c) => c.render === 'money').map((c) => c.field));
  const show = (field: string, row: Record<string, unknown>) => {
    const v = row[field];
    if (v === null || v === undefined) return '';
    if (money.has(field) && typeof v === 'number') return centsText(v);
    if (typeof v === 'number') return translate(valueLabel(rc.def, field, v), { _: String(v) });
    return String(v);
  };
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader data-testid="transfer-preview">
        <TableHead>
          <TableRow>
            <TableCell>{translate('transfer.row')}</TableCell>
            {preview.columns.map((c) => (
              <TableCell key={c}>{translate(fieldLabel(rc.def, c))}</TableCell>
            ))}
            <TableCell>{translate('transfer.errors')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.rows.map((r) => (
            <TableRow key={r.row} sx={r.errors.length ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
              <TableCell>{r.row}</TableCell>
              {preview.columns.map((c) => (
                <TableCell key={c}>{show(c, r)}</TableCell>
              ))}
              <TableCell sx={{ color: r.errors.length ? 'error.dark' : undefined }} data-testid={r.errors.length ? 'transfer-row-error' : undefined}>
                {r.errors.length ? r.errors.join(' ') : translate('transfer.ok')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

export default ImportDialog;
