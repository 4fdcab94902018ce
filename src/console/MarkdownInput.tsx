import { Box, Button, CircularProgress, FormHelperText, Stack } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { uploadAccept } from '../../schemas/file.ts';
import { insertAt, markdownLink, uploadRules, type UploadedFile } from './markdown.ts';
import { useUploadCall } from './useUploadCall.ts';

/**
 * A Markdown field (`.meta({ kind: 'markdown' })`): a text area, and when the definition's mount has
 * an upload call (`form: true`), an Upload button that sends the chosen files through the console's
 * http client and puts `![name](url)` (images) or `[name](url)` (other files) at the caret, or at the
 * end when the text area was never focused. Text typed while the upload runs is kept.
 */
export const MarkdownInput = ({ def, source, label }: { def: ConsoleDef; source: string; label: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { rc, segment } = useUploadCall(def);
  const { getValues, setValue } = useFormContext();
  const box = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  /** Where the caret was when the text area last lost focus (clicking Upload moves focus away). */
  const caret = useRef<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  /** After an insertion: the caret to put back once the text area shows the new text. */
  const [place, setPlace] = useState<number>();
  const id = useId();

  const textarea = () => box.current?.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden="true"])') ?? null;
  const remember = (e: FocusEvent<HTMLDivElement>) => {
    const el = textarea();
    if (el && (e.target as Element) === el) caret.current = el.selectionEnd;
  };

  useEffect(() => {
    if (place === undefined) return;
    setPlace(undefined);
    const el = textarea();
    const active = document.activeElement;
    // Back into the text after the link, unless the person has moved on to another field meanwhile.
    if (!el || (active && active !== document.body && active !== el && !box.current?.contains(active))) return;
    el.focus();
    el.setSelectionRange(place, place);
  }, [place]);

  const upload = async (files: File[]) => {
    if (!files.length || !rc || !segment) return;
    setBusy(true);
    setError(undefined);
    setProgress(undefined);
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    try {
      const saved = await dataProvider.call<UploadedFile[]>(rc.route, segment, form, {
        // Not JSON: the browser writes the multipart boundary itself.
        headers: { 'Content-Type': 'multipart/form-data' },
        onUploadProgress: (e) => setProgress(e.total ? Math.round((e.loaded * 100) / e.total) : undefined),
      });
      // The text as it is now: whatever was typed during the upload stays.
      const current = String(getValues(source) ?? '');
      const el = textarea();
      const at = el && document.activeElement === el ? el.selectionEnd : caret.current;
      const next = insertAt(current, at, saved.map(markdownLink).join('\n'));
      setValue(source, next.text, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      caret.current = next.caret;
      setPlace(next.caret);
    } catch (e) {
      // The http client has shown the server's sentence as a toast; it stays here, by the button, too.
      setError(e instanceof Error && e.message ? e.message : translate('http.error'));
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };

  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    // The same file may be chosen again later.
    e.target.value = '';
    void upload(files);
  };

  return (
    <Box ref={box} onBlur={remember} sx={{ width: '100%' }} data-testid={`markdown-${source}`}>
      <TextInput source={source} label={label} multiline minRows={6} />
      {segment && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: -0.5, mb: 2 }}>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            accept={uploadAccept()}
            onChange={chosen}
            aria-label={translate('markdown.upload')}
            data-testid={`markdown-${source}-file`}
          />
          <Button
            variant="outlined"
            size="small"
            disabled={busy}
            aria-busy={busy}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onClick={() => picker.current?.click()}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <UploadFileIcon />}
            data-testid={`markdown-${source}-upload`}
          >
            {busy
              ? progress !== undefined
                ? translate('markdown.uploading_percent', { percent: progress })
                : translate('markdown.uploading')
              : translate('markdown.upload')}
          </Button>
          <FormHelperText id={`${id}-hint`} sx={{ m: 0 }}>
            {translate('markdown.upload_hint', uploadRules())}
          </FormHelperText>
          {error && (
            <FormHelperText id={`${id}-error`} error sx={{ m: 0, flexBasis: '100%' }} data-testid={`markdown-${source}-error`}>
              {error}
            </FormHelperText>
          )}
        </Stack>
      )}
    </Box>
  );
};
