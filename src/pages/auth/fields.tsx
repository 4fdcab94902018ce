import '../../../i18n/messages.ts';
import { Button, Stack, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { CallError, post } from '../../../dataProvider/http.ts';
import { emailCodeInput } from '../../../schemas/tenant-auth.ts';
import { issueMessage } from '../../console/validate.ts';

export type Errors = Record<string, string>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The schema's issues as one message per field, naming the field as the server's answer does (its labels of `user`). */
export const check = (schema: z.ZodType, values: Record<string, unknown>, t: Translate): Errors => {
  const r = schema.safeParse(values);
  const errors: Errors = {};
  if (!r.success) {
    for (const i of r.error.issues) {
      const field = String(i.path[0] ?? '_');
      errors[field] ??= t('validation.field_error', { field: t(`resources.user.fields.${field}`), message: issueMessage(t, i) });
    }
  }
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
export const Field = ({ name, errors, helperText, ...props }: TextFieldProps & { name: string; errors: Errors }) => (
  <TextField name={name} error={!!errors[name]} helperText={errors[name] || helperText} fullWidth size="small" {...props} slotProps={{ htmlInput: { 'data-testid': `field-${name}` } }} />
);

export const formValues = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));

/**
 * A form's `onInput`: each field shown with an error loses it as soon as the form's own check
 * (`errorsOf`) passes it — as the sign-in forms' `clearOnInput` does — not at the next submit.
 * Fields still failing keep the message they were given.
 */
export const clearPassed = (errorsOf: (form: HTMLFormElement) => Errors, setErrors: (f: (e: Errors) => Errors) => void) => (e: FormEvent<HTMLFormElement>) => {
  const now = errorsOf(e.currentTarget);
  setErrors((shown) => (Object.keys(shown).some((f) => shown[f] && !now[f]) ? Object.fromEntries(Object.entries(shown).filter(([f, m]) => m && now[f])) : shown));
};

/** Seconds until a new code may be asked for, counting down once a second. */
const useCountdown = () => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return [left, setLeft] as const;
};

/** The body that mails a code to `email`, or null with the address's error shown (a `CodeRow`'s `body`). */
export const emailCodeBody = (email: string, t: Translate, setErrors: (f: (e: Errors) => Errors) => void) => {
  const e = check(emailCodeInput, { email }, t);
  setErrors((x) => ({ ...x, email: e.email ?? '' }));
  return e.email ? null : { email };
};

/**
 * The code field and its send button: `body()` checks what the call needs (null = not ready) and
 * `call` mails the code; the button then counts down to when another may be asked for.
 */
export const CodeRow = ({ call, body, errors, setErrors, t }: { call: string; body(): Record<string, unknown> | null; errors: Errors; setErrors(f: (e: Errors) => Errors): void; t: Translate }) => {
  const [left, setLeft] = useCountdown();
  const send = async () => {
    const b = body();
    if (!b) return;
    try {
      const r = await post<{ resend_after: number }>(call, b);
      setLeft(r.resend_after ?? 60);
    } catch (err) {
      const wait = err instanceof CallError ? (err.data as { resend_after?: number } | undefined)?.resend_after : undefined;
      if (wait) setLeft(wait);
      setErrors((x) => ({ ...x, ...serverErrors(err) }));
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Field name="code" label={t('register.code')} errors={errors} autoComplete="one-time-code" />
      <Button variant="outlined" onClick={send} disabled={left > 0} sx={{ flexShrink: 0, height: 40, minWidth: 120 }} data-testid="send-code">
        {left > 0 ? t('register.resend_in', { seconds: left }) : t('register.send_code')}
      </Button>
    </Stack>
  );
};
