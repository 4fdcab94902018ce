import { Alert, Box, Button, Card, CardContent, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { CallError, post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { eventConfigSchema } from '../../../schemas/event.ts';
import { check, serverErrors } from '../../pages/auth/fields.tsx';
import { useLang } from '../../shell/LangContext.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { CopyButton } from './CopyButton.tsx';
import type { AppRecord } from './useApp.ts';
import { formatInstant } from '../../shell/dates.ts';

type Mode = 'push' | 'long_connection';
interface EventConfig {
  request_url: string | null;
  /** How the events go (server/lark/ws/): pushed to the URL, or over the app's long connection. */
  delivery_mode?: Mode;
  verification_token: string;
  encrypt_key: string | null;
  signing_secret: string;
  /** The signing secret as Standard Webhooks' libraries take it (`whsec_…`). */
  webhook_secret: string;
  /** Until when the signing secret before the last reset signs too. */
  previous_secret_until: string | null;
  verified_at: string | null;
  failing_since: string | null;
  paused_at: string | null;
}
interface Challenge {
  ok: boolean;
  ms: number;
  budget_ms: number;
}
type Key = 'verification_token' | 'encrypt_key' | 'signing_secret';

const CALLS = '/open/app/event/subscribe-config';
const urlOnly = eventConfigSchema.pick({ request_url: true });
const field = (name: string) => `resources.event-config.fields.${name}`;

/** One key with copy and reset; the Encrypt Key may also be absent (pushes unencrypted) or removed. */
const KeyRow = ({ name, value, onReset }: { name: Key; value: string | null; onReset(clear?: boolean): Promise<unknown> }) => {
  const { t } = useLang();
  const label = t(field(name));
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }} data-testid={`key-${name}`}>
      <Typography sx={{ minWidth: 160 }}>{label}</Typography>
      {value ? (
        <>
          <Box component="code" sx={{ wordBreak: 'break-all' }}>
            {value}
          </Box>
          <CopyButton text={value} label={t('apps.copy_field', { field: label })} testId={`copy-${name}`} />
          <ConfirmButton label={t('apps.events.reset')} aria-label={t('apps.events.reset_key', { field: label })} question={t('apps.events.reset_question', { field: label })} onConfirm={() => onReset()} color="warning" testId={`reset-${name}`} />
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('apps.events.no_encrypt_key')}
          </Typography>
          <ConfirmButton label={t('apps.events.generate')} aria-label={t('apps.events.generate_key')} question={t('apps.events.generate_question')} onConfirm={() => onReset()} testId={`reset-${name}`} />
        </>
      )}
      {name === 'encrypt_key' && value && (
        <ConfirmButton label={t('apps.events.remove')} aria-label={t('apps.events.remove_key')} question={t('apps.events.remove_question')} onConfirm={() => onReset(true)} color="error" testId="remove-encrypt_key" />
      )}
    </Stack>
  );
};

/** Where the app's events go: the request URL (kept once it answers the challenge), its health and its keys. */
export const EventEndpoint = ({ app }: { app: AppRecord }) => {
  const { t } = useLang();
  const client = useQueryClient();
  const key = ['event-config', app.guid];
  const q = useQuery({ queryKey: key, queryFn: () => post<EventConfig>(`${CALLS}/get`, { app_guid: app.guid }) });
  // What is typed stays typed whatever the server answers: a refused URL is corrected, not retyped.
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState('');
  const [passed, setPassed] = useState<Challenge>();
  const [busy, setBusy] = useState(false);
  // Push chosen here shows the URL form; the mode changes once a URL is saved.
  const [chosen, setChosen] = useState<Mode>();
  if (q.isPending) return <PageLoading />;
  // The http client has shown why it could not be read.
  if (!q.data) return null;
  const config = q.data;
  const saved: Mode = config.delivery_mode ?? 'push';
  const mode = chosen ?? saved;
  const typed = url ?? config.request_url ?? '';
  const time = (at: string) => formatInstant(at);

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const request_url = typed.trim() || null;
    const found = check(urlOnly, { request_url }, t);
    setError(found.request_url ?? '');
    setPassed(undefined);
    if (found.request_url) return;
    setBusy(true);
    try {
      // Silent: the refusal (the challenge's sentence) is shown under the field rather than as a toast.
      const { challenge, ...saved } = await post<EventConfig & { challenge?: Challenge }>(`${CALLS}/save-update`, { app_guid: app.guid, request_url, delivery_mode: 'push' }, { silent: true });
      client.setQueryData(key, saved);
      setChosen(undefined);
      setPassed(challenge);
      toast(t('tenant.saved'), 'success');
    } catch (err) {
      setError(serverErrors(err).request_url ?? (err instanceof CallError ? err.message : t('http.error')));
    } finally {
      setBusy(false);
    }
  };
  const choose = (next: Mode) => {
    setChosen(next);
    if (next === 'long_connection' && saved !== next) void switchTo(next);
  };
  /** Saves the long connection as the mode (resuming it when paused). */
  const switchTo = async (next: Mode) => {
    try {
      client.setQueryData(key, await post<EventConfig>(`${CALLS}/save-update`, { app_guid: app.guid, delivery_mode: next }));
      toast(t('tenant.saved'), 'success');
    } catch {
      // The http client has said why; the choice shows what is saved.
    } finally {
      setChosen(undefined);
    }
  };
  const listen = `npx open-platform listen --app-id ${app.app_id} --app-secret <App Secret> --forward-to http://localhost:3000/webhook --domain ${window.location.origin}`;
  const reset = async (name: Key, clear?: boolean) => client.setQueryData(key, await post<EventConfig>(`${CALLS}/reset`, { app_guid: app.guid, key: name, ...(clear ? { clear } : {}) }));

  return (
    <Card variant="outlined" data-testid="event-endpoint">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('apps.events.endpoint')}
          </Typography>
          <RadioGroup row value={mode} onChange={(e) => choose(e.target.value as Mode)} aria-label={t('apps.events.mode')} data-testid="delivery-mode">
            <FormControlLabel value="push" control={<Radio />} label={t('apps.events.mode_push')} />
            <FormControlLabel value="long_connection" control={<Radio />} label={t('apps.events.mode_long')} />
          </RadioGroup>
          {config.paused_at ? (
            <Alert
              severity="warning"
              data-testid="endpoint-paused"
              action={
                saved === 'long_connection' && mode === saved ? (
                  <Button color="inherit" size="small" onClick={() => void switchTo('long_connection')} data-testid="resume-long">
                    {t('apps.events.resume')}
                  </Button>
                ) : undefined
              }
            >
              {t(saved === 'long_connection' ? 'apps.events.paused_long' : 'apps.events.paused', { time: time(config.paused_at) })}
            </Alert>
          ) : (
            config.failing_since && (
              <Alert severity="info" data-testid="endpoint-failing">
                {t('apps.events.failing', { time: time(config.failing_since) })}
              </Alert>
            )
          )}
          {mode === 'long_connection' ? (
            <Alert severity="info" data-testid="long-connection">
              <Typography variant="body2">{t('apps.events.long_hint')}</Typography>
              <Stack direction="row" sx={{ alignItems: 'center', mt: 1 }}>
                <Box component="code" sx={{ wordBreak: 'break-all', fontSize: 13 }}>
                  {listen}
                </Box>
                <CopyButton text={listen} label={t('apps.events.copy_listen')} testId="copy-listen" />
              </Stack>
            </Alert>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t(saved === 'long_connection' ? 'apps.events.push_switch' : 'apps.events.endpoint_hint')}
              </Typography>
              {/* How the challenge actually arrives: sealed by the Encrypt Key when there is one (the default). */}
              <Alert severity="info" data-testid="challenge-format">
                <Typography variant="body2">{t(config.encrypt_key ? 'apps.events.challenge_encrypted' : 'apps.events.challenge_plain')}</Typography>
                <Box component="pre" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>
                  {config.encrypt_key ? '{ "encrypt": "…" }\n→ { "challenge": "…", "token": "…", "type": "url_verification" }' : '{ "challenge": "…", "token": "…", "type": "url_verification" }'}
                  {'\n← { "challenge": "…" }'}
                </Box>
              </Alert>
              <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={save} noValidate sx={{ alignItems: 'flex-start', maxWidth: 800 }}>
                <TextField
                  name="request_url"
                  label={t(field('request_url'))}
                  value={typed}
                  onChange={(e) => setUrl(e.target.value)}
                  error={!!error}
                  helperText={error || (config.verified_at && typed === config.request_url ? t('apps.events.verified_at', { time: time(config.verified_at) }) : t('apps.events.request_url_hint'))}
                  placeholder="https://"
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { 'data-testid': 'field-request_url', inputMode: 'url' } }}
                />
                <Button type="submit" variant="contained" loading={busy} sx={{ flexShrink: 0 }} data-testid="save-request-url">
                  {t('tenant.save')}
                </Button>
              </Stack>
              {passed && (
                <Alert severity="success" data-testid="challenge-ok">
                  {t('apps.events.challenge_ok', { ms: passed.ms, budget: passed.budget_ms })}
                </Alert>
              )}
              {!config.request_url && !passed && (
                <Typography variant="body2" data-testid="endpoint-no-url">
                  {t('apps.events.no_url')}
                </Typography>
              )}
            </>
          )}
          <Typography variant="subtitle1" component="h3">
            {t('apps.events.keys')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('apps.events.keys_hint')}
          </Typography>
          {(['verification_token', 'encrypt_key', 'signing_secret'] as const).map((name) => (
            <KeyRow key={name} name={name} value={config[name]} onReset={(clear) => reset(name, clear)} />
          ))}
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }} data-testid="key-webhook_secret">
            <Typography sx={{ minWidth: 160 }}>{t(field('webhook_secret'))}</Typography>
            <Box component="code" sx={{ wordBreak: 'break-all' }}>
              {config.webhook_secret}
            </Box>
            <CopyButton text={config.webhook_secret} label={t('apps.copy_field', { field: t(field('webhook_secret')) })} testId="copy-webhook_secret" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('apps.events.webhook_secret_hint')}
          </Typography>
          {config.previous_secret_until && (
            <Alert severity="info" data-testid="previous-secret">
              {t('apps.events.previous_secret', { time: formatInstant(config.previous_secret_until) })}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
