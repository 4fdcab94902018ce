import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CallError, post } from '../../dataProvider/http.ts';
import { useLang } from '../shell/LangContext.tsx';

/** The tab's own key: the round trip to the IdP comes back to this tab, which alone may collect it (server/sso/flows.ts). */
const SSO_LINK_KEY = 'open:sso-link';

interface LinkState {
  offered: boolean;
  linked: { issuer: string; protocol: string } | null;
}

/**
 * "Company sign-in" in personal settings (docs/sso.md, "Accounts"): when the BU offers it, the
 * account links its own subject at the BU's IdP (Link goes there; the way back lands here with
 * `?sso_link=`, collected with the binding this tab kept) or unlinks it.
 */
export const SsoLinkCard = () => {
  const { t } = useLang();
  const [params, setParams] = useSearchParams();
  const returned = params.get('sso_link');
  // Back from the IdP, the link's state is asked once the link is collected: asked alongside, it
  // could answer from before the link, and a refetch joins a first fetch still under way.
  const [collected, setCollected] = useState(!returned);
  const state = useQuery({ queryKey: ['sso-link'], queryFn: () => post<LinkState>('/open/sso/link/info', {}), enabled: collected });
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const once = useRef(false);
  const { refetch } = state;

  useEffect(() => {
    if (!returned || once.current) return;
    once.current = true;
    const kept = JSON.parse(sessionStorage.getItem(SSO_LINK_KEY) ?? '{}') as { binding?: string };
    sessionStorage.removeItem(SSO_LINK_KEY);
    post('/open/sso/link/finish', { flow: returned, binding: kept.binding ?? '-' }, { silent: true })
      .then(() => setResult({ ok: true, text: t('personal.sso_link_done') }))
      .catch((e) => setResult({ ok: false, text: e instanceof CallError ? e.message : t('login.sso_failed') }))
      .finally(() => {
        setParams((p) => (p.delete('sso_link'), p), { replace: true });
        setCollected(true);
      });
  }, [returned, setParams, t]);

  const link = async () => {
    setBusy(true);
    try {
      const started = await post<{ url: string; flow: string; binding: string }>('/open/sso/link/start', {});
      sessionStorage.setItem(SSO_LINK_KEY, JSON.stringify({ flow: started.flow, binding: started.binding }));
      window.location.assign(started.url);
    } catch {
      // Toasted by the http client.
      setBusy(false);
    }
  };
  const unlink = async () => {
    setBusy(true);
    try {
      await post('/open/sso/link/remove', {});
      setResult({ ok: true, text: t('personal.sso_unlinked') });
      await refetch();
    } catch {
      // Toasted by the http client.
    } finally {
      setBusy(false);
    }
  };

  if (!state.data?.offered && !result) return null;
  const linked = state.data?.linked;
  return (
    <Card variant="outlined" data-testid="personal-sso">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="subtitle1">{t('personal.sso_title')}</Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} data-testid="personal-sso-result">
              {result.text}
            </Alert>
          )}
          <Typography variant="body2">{linked ? t('personal.sso_linked', { issuer: linked.issuer }) : t('personal.sso_not_linked')}</Typography>
          {state.data?.offered && (
            <Button variant={linked ? 'outlined' : 'contained'} sx={{ alignSelf: 'flex-start' }} disabled={busy} onClick={linked ? unlink : link} data-testid="personal-sso-action">
              {t(linked ? 'personal.sso_unlink' : 'personal.sso_link')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
