import { Box, Button, Link as MuiLink, Paper, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { currentSession, login } from '../../dataProvider/authProvider.ts';
import { LanguageMenu } from '../../layouts/LanguageMenu.tsx';
import { safeRedirect } from '../routes/guard.ts';
import { useLang } from '../shell/LangContext.tsx';
import { useSession } from '../shell/SessionContext.tsx';
import { landingAfterSignIn } from '../shell/useConsoleNav.ts';
import { clearOnInput, emptyFields, missingProps } from './login/required.ts';

/** Company sign-in and e-mail codes (docs/sso.md): loaded when chosen, and on the way back from the IdP. */
const CompanySignIn = lazy(() => import('./login/CompanySignIn.tsx').then((m) => ({ default: m.CompanySignIn })));
const CodeSignIn = lazy(() => import('./login/CodeSignIn.tsx').then((m) => ({ default: m.CodeSignIn })));
const SsoFinish = lazy(() => import('./login/SsoFinish.tsx').then((m) => ({ default: m.SsoFinish })));

/** The registration form loads only when asked for (it brings zod's rules). */
const RegisterForm = lazy(() => import('./auth/AuthPages.tsx').then((m) => ({ default: m.RegisterForm })));

/** Tenant login (`/login`) and operator login (`/adminLogin`); failures are toasted by the http client. */
export const LoginPage = ({ operator }: { operator: boolean }) => {
  const { t } = useLang();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const { pathname } = useLocation();
  const register = !operator && params.get('register') === '1';
  // The tenant page's ways in besides the password: the company's IdP, or a mailed code.
  const [way, setWay] = useState<'password' | 'company' | 'code'>('password');
  const [missing, setMissing] = useState<string[]>([]);
  const landed = async () => {
    const to = safeRedirect(params.get('redirect')) ?? landingAfterSignIn(await currentSession());
    refresh();
    navigate(to, { replace: true });
  };
  if (pathname === '/login/sso')
    return (
      <Suspense fallback={null}>
        <SsoFinish />
      </Suspense>
    );
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const empty = emptyFields(e.currentTarget, ['username', 'password']);
    setMissing(empty);
    if (empty.length) return;
    const form = new FormData(e.currentTarget);
    setBusy(true);
    try {
      const session = await login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? ''), operator });
      const to = safeRedirect(params.get('redirect')) ?? landingAfterSignIn(session);
      refresh();
      navigate(to, { replace: true });
    } catch {
      setBusy(false);
    }
  };
  if (register)
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', py: 4 }}>
        <Paper sx={{ p: 4, width: 420, maxWidth: '95vw' }}>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <LanguageMenu color="primary" />
          </Stack>
          <Suspense fallback={null}>
            <RegisterForm />
          </Suspense>
        </Paper>
      </Box>
    );
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      {/* The other ways in are forms of their own: the page is a form only for the password. */}
      <Paper
        component={way === 'password' ? 'form' : 'div'}
        {...(way === 'password' ? { onSubmit: submit, noValidate: true, onInput: clearOnInput(setMissing) } : {})}
        sx={{ p: 4, width: 360 }}
        data-testid="login-form"
      >
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h5" component="h1">
              {t(operator ? 'login.operator_title' : 'login.tenant_title')}
            </Typography>
            <LanguageMenu color="primary" />
          </Stack>
          {way === 'password' && (
            <>
              <TextField name="username" label={t('login.username')} autoComplete="username" required autoFocus {...missingProps(missing, 'username', t('login.required'))} />
              <TextField name="password" label={t('login.password')} type="password" autoComplete="current-password" required {...missingProps(missing, 'password', t('login.required'))} />
              <Button type="submit" variant="contained" disabled={busy} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </>
          )}
          {way !== 'password' && (
            <Suspense fallback={null}>
              {way === 'company' ? <CompanySignIn redirect={safeRedirect(params.get('redirect'))} /> : <CodeSignIn onSignedIn={landed} />}
            </Suspense>
          )}
          {!operator && (
            <Stack spacing={1}>
              {(['password', 'company', 'code'] as const).filter((w) => w !== way).map((w) => (
                <Button key={w} variant="outlined" onClick={() => setWay(w)} data-testid={`way-${w}`}>
                  {t(`login.way_${w}`)}
                </Button>
              ))}
            </Stack>
          )}
          {!operator && (
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <MuiLink component={Link} to="/login?register=1" variant="body2" data-testid="to-register">
                {t('login.register')}
              </MuiLink>
              <MuiLink component={Link} to="/resetPassword" variant="body2" data-testid="to-reset">
                {t('login.forgot')}
              </MuiLink>
            </Stack>
          )}
          <MuiLink component={Link} to={operator ? '/login' : '/adminLogin'} variant="body2">
            {t(operator ? 'login.to_tenant' : 'login.to_operator')}
          </MuiLink>
        </Stack>
      </Paper>
    </Box>
  );
};
