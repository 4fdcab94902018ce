import { Alert, Box, Button, CircularProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../dataProvider/events.ts';
import { CallError, post } from '../../../dataProvider/http.ts';
import { LanguageMenu } from '../../../layouts/LanguageMenu.tsx';
import { newPasswordInput, resetRequestInput } from '../../../schemas/tenant-auth.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { check, checkConfirm, clearPassed, Field, formValues, serverErrors, type Errors } from './fields.tsx';

export { RegisterForm } from './RegisterForm.tsx';

/** The card the public account pages share: title, language switch, content. */
export const AuthCard = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', py: 4 }}>
    <Paper sx={{ p: 4, width: 420, maxWidth: '95vw' }} data-testid={testId}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <LanguageMenu color="primary" />
        </Stack>
        {children}
      </Stack>
    </Paper>
  </Box>
);

const isExpired = (e: unknown) => e instanceof CallError && (e.data as { expired?: boolean } | undefined)?.expired === true;

/** New password and its confirmation, checked as the server does; `call` sends `{ token, password, confirm_password }`. */
const SetPasswordForm = ({ token, call, done, onExpired }: { token: string; call: string; done: string; onExpired(): void }) => {
  const { t } = useLang();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const errorsOf = (form: HTMLFormElement) => {
    const values = formValues(form);
    return { ...check(newPasswordInput, values, t), ...checkConfirm(values, t) };
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const found = errorsOf(e.currentTarget);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await post(call, { token, ...values });
      toast(t(done), 'success');
      navigate('/login', { replace: true });
    } catch (err) {
      if (isExpired(err)) return onExpired();
      setErrors(serverErrors(err));
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} onInput={clearPassed(errorsOf, setErrors)} noValidate data-testid="set-password-form">
      <Field name="password" label={t('register.new_password')} type="password" errors={errors} autoComplete="new-password" />
      <Field name="confirm_password" label={t('register.confirm_password')} type="password" errors={errors} autoComplete="new-password" />
      <Button type="submit" variant="contained" disabled={busy} data-testid="set-password-submit">
        {t('register.save_password')}
      </Button>
    </Stack>
  );
};

/** `/resetPassword`: ask for a link by e-mail; with `?token=` check the link, then set a new password. */
const ResetPassword = () => {
  const { t } = useLang();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<'checking' | 'valid' | 'ask' | 'sent'>(token ? 'checking' : 'ask');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!token) return;
    post<{ username: string }>('/open/sys-auth/verify-reset-password-link', { token }, { silent: true })
      .then((r) => (setUsername(r.username), setState('valid')))
      .catch(() => navigate('/resetExpire', { replace: true }));
  }, [token, navigate]);
  const askErrors = (form: HTMLFormElement) => check(resetRequestInput, formValues(form), t);
  const ask = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const found = askErrors(e.currentTarget);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await post('/open/sys-auth/send-email-reset-password', values);
      setState('sent');
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
  return (
    <AuthCard title={t('route.reset_password')} testId="reset-password">
      {state === 'checking' && <CircularProgress aria-label={t('loading')} />}
      {state === 'valid' && (
        <>
          <Typography color="text.secondary">{t('reset.for_user', { username })}</Typography>
          <SetPasswordForm token={token!} call="/open/sys-auth/reset-password" done="reset.done" onExpired={() => navigate('/resetExpire', { replace: true })} />
        </>
      )}
      {state === 'ask' && (
        <Stack component="form" spacing={2} onSubmit={ask} onInput={clearPassed(askErrors, setErrors)} noValidate>
          <Typography color="text.secondary">{t('reset.ask_hint')}</Typography>
          <Field name="email" label={t('register.email')} errors={errors} autoComplete="email" />
          <Button type="submit" variant="contained" data-testid="reset-send">
            {t('reset.send_link')}
          </Button>
        </Stack>
      )}
      {state === 'sent' && <Alert severity="success">{t('reset.sent')}</Alert>}
      <MuiLink component={Link} to="/login" variant="body2">
        {t('register.to_login')}
      </MuiLink>
    </AuthCard>
  );
};

/** `/resetExpire`: the link is used or too old. */
const ResetExpire = () => {
  const { t } = useLang();
  return (
    <AuthCard title={t('route.reset_expire')} testId="reset-expire">
      <Alert severity="warning">{t('reset.expired')}</Alert>
      <Button component={Link} to="/resetPassword" variant="contained">
        {t('reset.again')}
      </Button>
      <MuiLink component={Link} to="/login" variant="body2">
        {t('register.to_login')}
      </MuiLink>
    </AuthCard>
  );
};

/** `/account-active?token=`: a sub-account sets its password and becomes normal. */
const AccountActive = () => {
  const { t } = useLang();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<'checking' | 'valid' | 'expired'>(token ? 'checking' : 'expired');
  const setExpired = () => setState('expired');
  // The link is checked on opening: an expired one says so before any password is typed.
  useEffect(() => {
    if (!token) return;
    post('/open/sys-auth/verify-activation-link', { token }, { silent: true }).then(
      () => setState('valid'),
      () => setState('expired'),
    );
  }, [token]);
  return (
    <AuthCard title={t('route.account_active')} testId="account-active">
      {state === 'checking' ? (
        <CircularProgress aria-label={t('activate.checking')} />
      ) : state === 'expired' ? (
        <Alert severity="warning">{t('activate.expired')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('activate.hint')}</Typography>
          <SetPasswordForm token={token!} call="/open/system/user/child-set" done="activate.done" onExpired={setExpired} />
        </>
      )}
      <MuiLink component={Link} to="/login" variant="body2">
        {t('register.to_login')}
      </MuiLink>
    </AuthCard>
  );
};

/** One call per link, even when React runs the effect twice: the link works once. */
const unlocking = new Map<string, Promise<unknown>>();

/** `/unlockAccount?token=`: the mailed link that lifts a login lockout, used once on opening. */
const UnlockAccount = () => {
  const { t } = useLang();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<'busy' | 'done' | 'expired'>(token ? 'busy' : 'expired');
  useEffect(() => {
    if (!token) return;
    if (!unlocking.has(token)) unlocking.set(token, post('/open/sys-auth/unlock-account', { token }, { silent: true }));
    unlocking.get(token)!.then(
      () => setState('done'),
      () => setState('expired'),
    );
  }, [token]);
  return (
    <AuthCard title={t('route.unlock_account')} testId="unlock-account">
      {state === 'busy' && <CircularProgress aria-label={t('unlock.busy')} />}
      {state === 'done' && (
        <Alert severity="success" data-testid="unlock-done">
          {t('unlock.done')}
        </Alert>
      )}
      {state === 'expired' && (
        <Alert severity="warning" data-testid="unlock-expired">
          {t('unlock.expired')}
        </Alert>
      )}
      <MuiLink component={Link} to="/login" variant="body2">
        {t('register.to_login')}
      </MuiLink>
    </AuthCard>
  );
};

const AuthPages = ({ path }: { path: string }) =>
  path === '/resetExpire' ? <ResetExpire /> : path === '/account-active' ? <AccountActive /> : path === '/unlockAccount' ? <UnlockAccount /> : <ResetPassword />;

export default AuthPages;
