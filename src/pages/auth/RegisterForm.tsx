import { Button, Checkbox, FormControlLabel, FormHelperText, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signInWith } from '../../../dataProvider/authProvider.ts';
import { post } from '../../../dataProvider/http.ts';
import type { StoredUser } from '../../../dataProvider/session.ts';
import { registerInput } from '../../../schemas/tenant-auth.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { useSession } from '../../shell/SessionContext.tsx';
import { check, checkConfirm, clearPassed, CodeRow, emailCodeBody, Field, formValues, serverErrors, type Errors } from './fields.tsx';
import { agreementLink } from '../../shell/agreements.ts';

/** Registration (reached from /login): mailed 6-digit code with a resend countdown, agreement (spec §5). */
export const RegisterForm = () => {
  const { t } = useLang();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [email, setEmail] = useState('');
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailBody = () => emailCodeBody(email, t, setErrors);
  const errorsOf = (form: HTMLFormElement) => {
    const values: Record<string, unknown> = { ...formValues(form), agree };
    return { ...check(registerInput, values, t), ...checkConfirm(values, t) };
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values: Record<string, unknown> = { ...formValues(e.currentTarget), agree };
    const found = errorsOf(e.currentTarget);
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
    <Stack component="form" spacing={2} onSubmit={submit} onInput={clearPassed(errorsOf, setErrors)} noValidate data-testid="register-form">
      <Typography variant="h5" component="h1">
        {t('register.title')}
      </Typography>
      <Field name="username" label={t('login.username')} errors={errors} autoComplete="username" helperText={t('register.username_hint')} />
      <Field name="password" label={t('login.password')} type="password" errors={errors} autoComplete="new-password" helperText={t('register.password_hint')} />
      <Field name="confirm_password" label={t('register.confirm_password')} type="password" errors={errors} autoComplete="new-password" />
      <Field name="email" label={t('register.email')} errors={errors} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      <CodeRow call="/open/system/user/send-email-verification-code" body={emailBody} errors={errors} setErrors={setErrors} t={t} />
      <div>
        <FormControlLabel
          control={<Checkbox checked={agree} onChange={(e) => (setAgree(e.target.checked), e.target.checked && setErrors(({ agree: _, ...rest }) => rest))} slotProps={{ input: { 'data-testid': 'agree' } as object }} />}
          label={
            <Typography variant="body2">
              {t('register.agree')}{' '}
              <MuiLink component={Link} to={agreementLink('service')} target="_blank">
                {t('footer.service')}
              </MuiLink>{' '}
              {t('register.agree_and')}{' '}
              <MuiLink component={Link} to={agreementLink('privacy')} target="_blank">
                {t('footer.privacy')}
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
