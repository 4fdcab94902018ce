import { Alert, Box, CircularProgress, Link as MuiLink, Paper, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { signInWith } from '../../../dataProvider/authProvider.ts';
import { CallError, post } from '../../../dataProvider/http.ts';
import type { StoredUser } from '../../../dataProvider/session.ts';
import { safeRedirect } from '../../routes/guard.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { useSession } from '../../shell/SessionContext.tsx';
import { landingAfterSignIn } from '../../shell/useConsoleNav.ts';
import { SSO_FLOW_KEY } from './CompanySignIn.tsx';

/**
 * Back from the company's IdP (`/login/sso?flow=…`): collects the session with the binding this tab
 * kept, then opens the deep link or the console; a refusal is the server's sentence, shown here.
 */
export const SsoFinish = () => {
  const { t } = useLang();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [refusal, setRefusal] = useState<string>();
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    const kept = JSON.parse(sessionStorage.getItem(SSO_FLOW_KEY) ?? '{}') as { binding?: string };
    sessionStorage.removeItem(SSO_FLOW_KEY);
    post<{ token: string; user: StoredUser; redirect: string | null }>('/open/sso/finish', { flow: params.get('flow') ?? '', binding: kept.binding ?? '-' }, { silent: true })
      .then(async (res) => {
        const session = await signInWith(res.token, res.user);
        const to = safeRedirect(res.redirect) ?? landingAfterSignIn(session);
        refresh();
        navigate(to, { replace: true });
      })
      .catch((e) => setRefusal(e instanceof CallError ? e.message : t('login.sso_failed')));
  }, [params, navigate, refresh, t]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Paper sx={{ p: 4, width: 420, maxWidth: '95vw' }}>
        {refusal ? (
          <Stack spacing={2}>
            <Alert severity="error" data-testid="sso-refusal">
              {refusal}
            </Alert>
            <MuiLink component={Link} to="/login">
              {t('login.back_to_login')}
            </MuiLink>
          </Stack>
        ) : (
          <CircularProgress aria-label={t('login.sso_finishing')} />
        )}
      </Paper>
    </Box>
  );
};
