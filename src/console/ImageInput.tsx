import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Box, Button, CircularProgress, FormHelperText, FormLabel, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { post } from '../../dataProvider/http.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { HEADER_BYTES, imageInfo } from '../../schemas/image-size.ts';
import { IMAGE_EXTENSIONS, imageHint, imageRefusal, type ImageRule } from '../../schemas/image.ts';
import type { UploadedFile } from './markdown.ts';
import { StoredImage } from './StoredImage.tsx';

/** The one call that takes an image for a definition's image field (server/handlers/files.ts `uploadImage`). */
const IMAGE_UPLOAD = '/open/file/image-upload';

/**
 * What the picked file is, judged by its own bytes as the server will judge it (schemas/image-size.ts,
 * schemas/image.ts): the format by its magic bytes, the pixels from its header, never its name.
 */
export const judgeImage = async (rule: ImageRule, file: Blob) => {
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  const info = imageInfo(head);
  return imageRefusal(rule, { bytes: file.size, format: info?.format ?? null, width: info?.width, height: info?.height });
};

/** The hint under the button: the types, the size and the pixels the rule asks for. */
const hintOf = (translate: (k: string, p?: Record<string, unknown>) => string, rule: ImageRule) => {
  const h = imageHint(rule);
  const types = h.types.toUpperCase();
  if (h.min) return translate('images.hint_min', { types, limit: h.limit, size: h.min });
  if (h.max) return translate('images.hint_max', { types, limit: h.limit, size: h.max });
  return translate('images.hint', { types, limit: h.limit });
};

/** An image shown from its address (`StoredImage`: a private one, a licence, reaches only its readers), a just-picked one from the browser's copy. */
const Preview = ({ address, local, alt }: { address: string; local?: string; alt: string }) => (
  <Box sx={{ width: 96, height: 96, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'action.hover' }}>
    <StoredImage address={address} local={local} alt={alt} sx={{ maxWidth: '100%', maxHeight: '100%' }} testId="image-preview" />
  </Box>
);

/**
 * An image field (`image()`, schemas/common.ts): the current image(s) previewed, a button that
 * picks a file, checks it here by the field's rule (a refusal is the server's sentence, before
 * anything is sent), uploads it through `file/image-upload` and keeps its address. A list of images
 * (`multiple`) adds and removes them one by one.
 */
export const ImageInput = ({ def, field, source, label, rule, multiple, required }: {
  def: ConsoleDef;
  /** The definition's field: the server checks the upload by its rule. */
  field: string;
  source: string;
  label: string;
  rule: ImageRule;
  multiple?: boolean;
  required?: boolean;
}) => {
  const translate = useTranslate();
  const { field: input, fieldState } = useInput({ source, isRequired: required });
  const value = input.value as string | string[] | null | undefined;
  const images = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Picked files shown from the browser's copy, by the address the upload answered.
  const [local, setLocal] = useState<Record<string, string>>({});
  const id = useId();
  const set = (next: string[]) => input.onChange(multiple ? next : (next[0] ?? null));
  const shown = translate(label);

  const chosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(undefined);
    const refused = await judgeImage(rule, file);
    if (refused) return setError(translate(refused.key, refused.params));
    setBusy(true);
    const form = new FormData();
    form.append('resource', def.origin.name);
    form.append('field', field);
    form.append('file', file, file.name);
    try {
      const saved = await post<UploadedFile>(IMAGE_UPLOAD, form, { headers: { 'Content-Type': 'multipart/form-data' } });
      setLocal((l) => ({ ...l, [saved.url]: URL.createObjectURL(file) }));
      set(multiple ? [...images, saved.url] : [saved.url]);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : translate('http.error'));
    } finally {
      setBusy(false);
    }
  };

  const invalid = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Box sx={{ mb: 2 }} data-testid={`image-${source}`}>
      <FormLabel component="div" id={`${id}-label`} required={required} error={!!(error || invalid)} sx={{ mb: 1 }}>
        {shown}
      </FormLabel>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-labelledby={`${id}-label`}>
        {images.map((address, i) => (
          <Box key={address} sx={{ position: 'relative' }}>
            <Preview address={address} local={local[address]} alt={translate('images.preview', { label: shown, n: i + 1 })} />
            <IconButton size="small" onClick={() => set(images.filter((a) => a !== address))} aria-label={translate('images.remove', { n: i + 1 })} sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper', boxShadow: 1 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        <input
          ref={picker}
          type="file"
          hidden
          accept={IMAGE_EXTENSIONS.map((x) => `.${x}`).join(',')}
          onChange={chosen}
          aria-label={shown}
          aria-required={required || undefined}
          data-testid={`image-${source}-input`}
        />
        <Button
          variant="outlined"
          size="small"
          disabled={busy}
          aria-busy={busy}
          aria-describedby={`${id}-hint${error || invalid ? ` ${id}-error` : ''}`}
          onClick={() => picker.current?.click()}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <AddPhotoAlternateIcon />}
          data-testid={`image-${source}-pick`}
        >
          {translate(busy ? 'images.uploading' : multiple ? 'images.add' : images.length ? 'images.replace' : 'images.upload')}
        </Button>
      </Stack>
      <FormHelperText id={`${id}-hint`}>{hintOf(translate, rule)}</FormHelperText>
      {(error || invalid) && (
        <FormHelperText id={`${id}-error`} error role="alert" data-testid={`image-${source}-error`}>
          {error ?? invalid}
        </FormHelperText>
      )}
    </Box>
  );
};
