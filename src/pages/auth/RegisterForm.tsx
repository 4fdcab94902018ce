import { Button, Checkbox, FormControlLabel, FormHelperText, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signInWith } from '../../../dataProvider/authProvider.ts';
import { CallError, post } from '../../../dataProvider/http.ts';
import type { StoredUser } from '../../../dataProvider/session.ts';
import { emailCodeInput, registerInput } from '../../../schemas/tenant-auth.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { useSession } from '../../shell/SessionContext.tsx';
import { check, checkConfirm, Field, formValues, serverErrors, type Errors } from './fields.tsx';

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

/** Registration (reached from /login): mailed 6-digit code with a resend countdown, agreement (spec §5). */
export const RegisterForm = () => {
  const { t } = useLang();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [email, setEmail] = useState('');
  const [agree, setAgree] = useState(false);
  const [left, setLeft] = useCountdown();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    const e = check(emailCodeInput, { email }, t);
    setErrors((x) => ({ ...x, email: e.email ?? '' }));
    if (e.email) return;
    try {
      const r = await post<{ resend_after: number }>('/open/system/user/send-email-verification-code', { email });
      setLeft(r.resend_after ?? 60);
    } catch (err) {
      const wait = err instanceof CallError ? (err.data as { resend_after?: number } | undefined)?.resend_after : undefined;
      if (wait) setLeft(wait);
      setErrors((x) => ({ ...x, ...serverErrors(err) }));
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values: Record<string, unknown> = { ...formValues(e.currentTarget), agree };
    const found = { ...check(registerInput, values, t), ...checkConfirm(values, t) };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const r = await post<{ token: string; user: StoredUser }>('/open/sys-auth/register-account', values);
      // The login page's guard sends a signed-in visitor on to `redirect`: the enterprise panel.
      navigate(`/login?register=1&redirect=${encodeURIComponent('/account/enterprise-panel')}`, { replace: true });
      await signInWith(r.token, r.user);
      refresh();
    } catch (err) {
      setErrors(serverErrors(err));
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="register-form">
      <Typography variant="h5" component="h1">
        {t('register.title')}
      </Typography>
      <Field name="username" label={t('login.username')} errors={errors} autoComplete="username" helperText={t('register.username_hint')} />
      <Field name="password" label={t('login.password')} type="password" errors={errors} autoComplete="new-password" helperText={t('register.password_hint')} />
      <Field name="confirm_password" label={t('register.confirm_password')} type="password" errors={errors} autoComplete="new-password" />
      <Field name="email" label={t('register.email')} errors={errors} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Field name="code" label={t('register.code')} errors={errors} autoComplete="one-time-code" />
        <Button variant="outlined" onClick={sendCode} disabled={left > 0} sx={{ flexShrink: 0, height: 40, minWidth: 120 }} data-testid="send-code">
          {left > 0 ? t('register.resend_in', { seconds: left }) : t('register.send_code')}
        </Button>
      </Stack>
      <div>
        <FormControlLabel
          control={<Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} slotProps={{ input: { 'data-testid': 'agree' } as object }} />}
          label={
            <Typography variant="body2">
              {t('register.agree')}{' '}
              <MuiLink component={Link} to="/terms/agreement" target="_blank">
                {t('footer.agreement')}
              </MuiLink>
            </Typography>
          }
        />
        {errors.agree && <FormHelperText error>{errors.agree}</FormHelperText>}
      </div>
      <Button type="submit" variant="contained" disabled={busy} data-testid="register-submit">
        {t('register.submit')}
      </Button>
      <MuiLink component={Link} to="/login" variant="body2">
        {t('register.to_login')}
      </MuiLink>
    </Stack>
  );
};
