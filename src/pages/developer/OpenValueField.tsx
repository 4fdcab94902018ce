import { TextField } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import { useLang } from '../../shell/LangContext.tsx';

/** Text typed as JSON is that value (1, true, "1", {…}); any other text is a string; nothing is no value. */
const parse = (text: string): unknown => {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A string that would read back as itself is shown bare; anything else as JSON, so it reads back the same. */
const show = (value: unknown) => (value === undefined ? '' : typeof value === 'string' && parse(value) === value ? value : JSON.stringify(value));

/**
 * rjsf's field for a schema that names no type (a filter open to any value). Its own fallback asks
 * for a type, then a value, under labels that do not name the field; this is one labelled input.
 */
export const OpenValueField = ({ name, schema, formData, onChange, fieldPathId, required, disabled, readonly, rawErrors }: FieldProps) => {
  const { t } = useLang();
  const [text, setText] = useState(() => show(formData));
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <TextField
      id={fieldPathId.$id}
      label={schema.title ?? name}
      value={text}
      required={required}
      disabled={disabled}
      error={errors.length > 0}
      helperText={errors.length ? errors.join(' ') : t('debug.open_value')}
      slotProps={{ htmlInput: { readOnly: readonly } }}
      fullWidth
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value), fieldPathId.path);
      }}
    />
  );
};
