import { Alert, Box, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { post } from '../../../dataProvider/http.ts';
import { useLang } from '../../shell/LangContext.tsx';

interface Check {
  request_url: string;
  ok: boolean;
  ms: number;
  budget_ms: number;
  reason_text?: string;
}
type Shown = { ok: true; text: string; eventId?: string } | { ok: false; text: string };

/**
 * The app's events from the debug console: the endpoint's self-test (the challenge against the
 * saved URL) and a sample event of a subscribed type, pushed like any other. Keyed by app.
 */
export const EventTools = ({ appGuid, sentenceOf }: { appGuid: string; sentenceOf(e: unknown): string }) => {
  const { t } = useLang();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'check' | 'send'>();
  const [checked, setChecked] = useState<Shown>();
  const [sent, setSent] = useState<Shown>();
  const page = `/business/app/${appGuid}/eventSubscriptions`;

  useEffect(() => {
    let live = true;
    post<{ list: { event_code: string }[] }>('/open/app/event/subscribe-rel/page', { app_guid: appGuid, page: 1, page_size: 100 }, { silent: true }).then(
      ({ list }) => {
        if (!live) return;
        setCodes(list.map((r) => r.event_code));
        setCode(list[0]?.event_code ?? '');
      },
      () => live && setCodes([]),
    );
    return () => {
      live = false;
    };
  }, [appGuid]);

  const run = async (part: 'check' | 'send', call: () => Promise<Shown>, show: (s: Shown) => void) => {
    setBusy(part);
    try {
      show(await call());
    } catch (e) {
      show({ ok: false, text: sentenceOf(e) });
    } finally {
      setBusy(undefined);
    }
  };
  const check = () =>
    run(
      'check',
      async () => {
        const r = await post<Check>('/open/app/event/subscribe-config/check', { app_guid: appGuid }, { silent: true });
        const figures = { ms: r.ms, budget: r.budget_ms, url: r.request_url };
        return r.ok ? { ok: true, text: t('debug.endpoint_ok', figures) } : { ok: false, text: t('debug.endpoint_failed', { ...figures, reason: r.reason_text ?? '' }) };
      },
      setChecked,
    );
  const send = () =>
    run(
      'send',
      async () => {
        const { event_id } = await post<{ event_id: string }>('/open/app/event/test-send', { app_guid: appGuid, event_code: code }, { silent: true });
        return { ok: true, text: t('debug.test_sent', { id: event_id }), eventId: event_id };
      },
      setSent,
    );

  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="outlined" onClick={check} loading={busy === 'check'} data-testid="debug-endpoint-check">
          {t('debug.endpoint_test')}
        </Button>
        {checked && (
          <Alert severity={checked.ok ? 'success' : 'error'} sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="debug-endpoint-result">
            {checked.text}
          </Alert>
        )}
      </Box>
      {codes?.length === 0 ? (
        <Alert severity="info">
          {t('debug.no_subscriptions')}{' '}
          <Link component={RouterLink} to={page}>
            {t('debug.subscribe')}
          </Link>
        </Alert>
      ) : (
        <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
          <TextField select fullWidth size="small" label={t('debug.event_type')} value={code} onChange={(e) => setCode(e.target.value)} disabled={!codes} data-testid="debug-event-type">
            {(codes ?? []).map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={send} disabled={!code} loading={busy === 'send'} data-testid="debug-test-send">
            {t('debug.test_send')}
          </Button>
        </Stack>
      )}
      {sent && (
        <Alert severity={sent.ok ? 'success' : 'error'} sx={{ overflowWrap: 'anywhere' }} data-testid="debug-test-result">
          <Typography variant="body2">{sent.text}</Typography>
          {sent.ok && sent.eventId && (
            <Link component={RouterLink} to={`${page}?event_id=${encodeURIComponent(sent.eventId)}`}>
              {t('debug.see_log')}
            </Link>
          )}
        </Alert>
      )}
    </Stack>
  );
};
