import { Box, Button, Link as MuiLink, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '../../dataProvider/authProvider.ts';
import { LanguageMenu } from '../../layouts/LanguageMenu.tsx';
import { safeRedirect } from '../routes/guard.ts';
import { useLang } from '../shell/LangContext.tsx';
import { useSession } from '../shell/SessionContext.tsx';

/** Tenant login (`/login`) and operator login (`/adminLogin`); failures are toasted by the http client. */
export const LoginPage = ({ operator }: { operator: boolean }) => {
  const { t } = useLang();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    try {
      await login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? ''), operator });
      refresh();
      navigate(safeRedirect(params.get('redirect')) ?? (operator ? '/operation' : '/'), { replace: true });
    } catch {
      setBusy(false);
    }
  };
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
          <MuiLink component={Link} to={operator ? '/login' : '/adminLogin'} variant="body2">
            {t(operator ? 'login.to_tenant' : 'login.to_operator')}
          </MuiLink>
        </Stack>
      </Paper>
    </Box>
  );
};
