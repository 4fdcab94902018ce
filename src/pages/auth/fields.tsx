import '../../../i18n/messages.ts';
import { TextField, type TextFieldProps } from '@mui/material';
import type { z } from 'zod';
import { CallError } from '../../../dataProvider/http.ts';
import { issueMessage } from '../../console/validate.ts';

export type Errors = Record<string, string>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The schema's issues as one message per field, in the words the server uses. */
export const check = (schema: z.ZodType, values: Record<string, unknown>, t: Translate): Errors => {
  const r = schema.safeParse(values);
  const errors: Errors = {};
  if (!r.success) for (const i of r.error.issues) errors[String(i.path[0] ?? '_')] ??= issueMessage(t, i);
  return errors;
};

/** Two passwords must match (spec §5). */
export const checkConfirm = (values: Record<string, unknown>, t: Translate): Errors =>
  values.password !== values.confirm_password ? { confirm_password: t('validation.passwords_differ') } : {};

/** A refused call's field errors (`data: [{ field, message }]`), shown under the fields. */
export const serverErrors = (e: unknown): Errors => {
  const data = e instanceof CallError ? e.data : undefined;
  return Array.isArray(data) ? Object.fromEntries(data.filter((d) => d?.field).map((d) => [d.field, d.message])) : {};
};

/** A text input showing its field's error. */
export const Field = ({ name, errors, ...props }: TextFieldProps & { name: string; errors: Errors }) => (
  <TextField name={name} error={!!errors[name]} helperText={errors[name] || props.helperText} fullWidth size="small" {...props} slotProps={{ htmlInput: { 'data-testid': `field-${name}` } }} />
);

export const formValues = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
