import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Button, Chip, CircularProgress, FormHelperText, FormLabel, Stack } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { MAX_FILES, uploadAccept } from '../../schemas/file.ts';
import { uploadRules, type UploadedFile } from './markdown.ts';
import { useUploadCall } from './useUploadCall.ts';

/**
 * A list of uploaded files (`.meta({ kind: 'files' })`, addresses `/open/file/{guid}`): an Attach
 * button that sends the chosen files through the definition's upload call (`form: true`) of this
 * side, and each attached file as a chip that can be removed. At most `MAX_FILES`.
 */
export const FilesInput = ({ def, source, label }: { def: ConsoleDef; source: string; label: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { rc, segment } = useUploadCall(def);
  const { setValue } = useFormContext();
  const files = (useWatch({ name: source }) as string[] | undefined) ?? [];
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Names of the files the record held (its get answers them) and of those uploaded here.
  const record = useRecordContext();
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  const names: Record<string, string> = { ...(record?.file_names as Record<string, string> | undefined), ...uploaded };
  const id = useId();
  const set = (next: string[]) => setValue(source, next, { shouldDirty: true, shouldValidate: true });

  const chosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])].slice(0, MAX_FILES - files.length);
    e.target.value = '';
    if (!picked.length || !rc || !segment) return;
    setBusy(true);
    setError(undefined);
    const form = new FormData();
    for (const f of picked) form.append('file', f, f.name);
    try {
      const saved = await dataProvider.call<UploadedFile[]>(rc.route, segment, form, { headers: { 'Content-Type': 'multipart/form-data' } });
      setUploaded((n) => ({ ...n, ...Object.fromEntries(saved.map((f) => [f.url, f.name])) }));
      set([...files, ...saved.map((f) => f.url)]);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : translate('http.error'));
    } finally {
      setBusy(false);
    }
  };

  if (!segment) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid={`files-${source}`}>
      <FormLabel component="div" id={`${id}-label`} sx={{ mb: 1 }}>
        {translate(label)}
      </FormLabel>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }} aria-labelledby={`${id}-label`}>
        {files.map((url, i) => (
          <Chip key={url} label={names[url] ?? translate('files.unnamed', { n: i + 1 })} onDelete={() => set(files.filter((f) => f !== url))} />
        ))}
        <input ref={picker} type="file" multiple hidden accept={uploadAccept()} onChange={chosen} aria-label={translate('files.attach')} data-testid={`files-${source}-input`} />
        <Button
          variant="outlined"
          size="small"
          disabled={busy || files.length >= MAX_FILES}
          aria-busy={busy}
          aria-describedby={`${id}-hint`}
          onClick={() => picker.current?.click()}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <AttachFileIcon />}
        >
          {translate(busy ? 'markdown.uploading' : 'files.attach')}
        </Button>
      </Stack>
      <FormHelperText id={`${id}-hint`}>{translate('files.hint', uploadRules())}</FormHelperText>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
};
