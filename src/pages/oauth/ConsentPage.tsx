import { Alert, Avatar, Box, Button, CircularProgress, Link as MuiLink, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CallError, post } from '../../../dataProvider/http.ts';
import { LanguageMenu } from '../../../layouts/LanguageMenu.tsx';
import { useLang } from '../../shell/LangContext.tsx';

/** What `/open/oauth/interaction/get` answers (server/oauth/interactions.ts `interactionAnswer`). */
interface Request {
  app: { name: string; icon: string | null; developer: string };
  scopes: { code: string; name: string; description: string | null }[];
  signed_in: boolean;
  person: string | null;
  bu: string | null;
  available: boolean;
  remembered: boolean;
}

/**
 * "Sign in with Open Platform" (docs/oauth.md): the app, its developer and each scope it asks for,
 * with *Allow* and *Deny*. A person not signed in signs in first (any way the login page offers)
 * and comes back here; one who allowed all of it before goes on without asking again. Both
 * answers send the browser to the provider, which returns to the app's registered address.
 */
export const ConsentPage = () => {
  const { t, lang } = useLang();
  const { uid = '' } = useParams();
  const navigate = useNavigate();
  const [request, setRequest] = useState<Request>();
  const [refusal, setRefusal] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const asked = useRef(false);

  const go = async (call: 'allow' | 'deny', scopes?: string[]) => {
    setLeaving(true);
    try {
      const { location } = await post<{ location: string }>(`/open/oauth/interaction/${call}`, call === 'allow' ? { uid, scopes } : { uid }, { silent: true });
      window.location.assign(location);
    } catch (e) {
      setLeaving(false);
      setRefusal(e instanceof CallError ? e.message : t('oauth.failed'));
    }
  };

  useEffect(() => {
    post<Request>('/open/oauth/interaction/get', { uid }, { silent: true })
      .then((r) => {
        setRequest(r);
        // Allowed before, all of it, in this BU: on without asking again.
        if (r.remembered && !asked.current) {
          asked.current = true;
          void go('allow', r.scopes.map((s) => s.code));
        }
      })
      .catch((e) => setRefusal(e instanceof CallError ? e.message : t('oauth.failed')));
    // The answer's labels are in the page's language: asked again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid, lang]);

  const body = () => {
    if (refusal)
      return (
        <Stack spacing={2}>
          <Alert severity="error" data-testid="oauth-refusal">{refusal}</Alert>
          <MuiLink component={Link} to="/">{t('oauth.home')}</MuiLink>
        </Stack>
      );
    if (!request || leaving || request.remembered) return <CircularProgress aria-label={t('oauth.working')} />;
    const { app } = request;
    return (
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={app.icon ?? undefined} alt="" variant="rounded">{app.name.slice(0, 1)}</Avatar>
          <Box>
            <Typography component="h1" variant="h6">{t('oauth.title', { app: app.name })}</Typography>
            <Typography variant="body2" color="text.secondary">{t('oauth.developer', { developer: app.developer })}</Typography>
          </Box>
        </Stack>
        {!request.signed_in ? (
          <Typography>{t('oauth.sign_in_first', { app: app.name })}</Typography>
        ) : !request.available ? (
          <Alert severity="warning">{t('oauth.not_here', { app: app.name, bu: request.bu ?? '' })}</Alert>
        ) : (
          <>
            <Typography>{t('oauth.as', { person: request.person ?? '', bu: request.bu ?? '' })}</Typography>
            <List dense aria-label={t('oauth.scopes')} data-testid="oauth-scopes">
              {request.scopes.map((s) => (
                <ListItem key={s.code} disableGutters>
                  <ListItemText primary={s.name} secondary={s.description} />
                </ListItem>
              ))}
            </List>
          </>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void go('deny')}>{t('oauth.deny')}</Button>
          {!request.signed_in ? (
            <Button variant="contained" onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/oauth/${uid}`)}`)}>{t('oauth.sign_in')}</Button>
          ) : request.available ? (
            <Button variant="contained" onClick={() => void go('allow', request.scopes.map((s) => s.code))}>{t('oauth.allow')}</Button>
          ) : null}
        </Stack>
      </Stack>
    );
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Paper sx={{ p: 4, width: 440, maxWidth: '95vw' }} data-testid="oauth-consent">
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <LanguageMenu color="primary" />
        </Stack>
        {body()}
      </Paper>
    </Box>
  );
};
