import { Box, Button, Link as MuiLink, Paper, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '../../dataProvider/authProvider.ts';
import { LanguageMenu } from '../../layouts/LanguageMenu.tsx';
import { safeRedirect } from '../routes/guard.ts';
import { useLang } from '../shell/LangContext.tsx';
import { useSession } from '../shell/SessionContext.tsx';

/** The registration form loads only when asked for (it brings zod's rules). */
const RegisterForm = lazy(() => import('./auth/AuthPages.tsx').then((m) => ({ default: m.RegisterForm })));

/** Tenant login (`/login`) and operator login (`/adminLogin`); failures are toasted by the http client. */
export const LoginPage = ({ operator }: { operator: boolean }) => {
  const { t } = useLang();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const register = !operator && params.get('register') === '1';
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    try {
      await login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? ''), operator });
      refresh();
      navigate(safeRedirect(params.get('redirect')) ?? (operator ? '/operation' : '/account/enterprise-panel'), { replace: true });
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
      <Paper component="form" onSubmit={submit} sx={{ p: 4, width: 360 }} data-testid="login-form">
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h5" component="h1">
              {t(operator ? 'login.operator_title' : 'login.tenant_title')}
            </Typography>
            <LanguageMenu color="primary" />
          </Stack>
          <TextField name="username" label={t('login.username')} autoComplete="username" required autoFocus />
          <TextField name="password" label={t('login.password')} type="password" autoComplete="current-password" required />
          <Button type="submit" variant="contained" disabled={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
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
