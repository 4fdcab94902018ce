import KeyIcon from '@mui/icons-material/Key';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Autocomplete, Box, Button, Chip, CircularProgress, Link, ListSubheader, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type CoreForm from '@rjsf/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CallError, post } from '../../../dataProvider/http.ts';
import { pageMessages } from '../../../i18n/client.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { usePageMessages } from '../../shell/usePageMessages.ts';
import { readAnswer, type CallResult } from './answer.ts';
import { BodyForm } from './BodyForm.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { EventTools } from './EventTools.tsx';
import { clearHistory, pushHistory, readHistory, type HistoryEntry } from './history.ts';
import { HistoryList } from './HistoryList.tsx';
import { OPENAPI_PATH, operationsOf, type ApiOperation } from './openapi.ts';
import { ResponseView } from './ResponseView.tsx';
import { curlSnippet, fetchSnippet, requestHeaders, TOKEN_PLACEHOLDER } from './snippets.ts';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { formatInstant } from '../../shell/dates.ts';

/** What the page reads of the BU's apps, as `/open/app/debug/app-list` answers them (status 0 enabled, 1 disabled; type 0 store app). */
interface DebugApp {
  guid: string;
  name: string;
  app_id: string;
  status: number;
  type: number;
}

interface AppToken {
  token: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** The http client's API prefix: the open API is called where the console calls are. */
const API_BASE = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '';

/** Enough of the token to tell two apart; the whole of it is never shown. */
const mask = (token: string) => (token.length > 16 ? `${token.slice(0, 6)}…${token.slice(-4)}` : '…');

const Section = ({ title, area, testId, children }: { title: string; area?: string; testId?: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} data-testid={testId} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, gridArea: area }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
};

const Loading = ({ label }: { label: string }) => (
  <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
    <CircularProgress size={20} aria-label={label} />
    <Typography variant="body2">{label}</Typography>
  </Stack>
);

/**
 * The open API's debug console (/developer/console): call an API as one of the BU's apps. The app
 * token is fetched with the console's own session and lives in this component's state only; the
 * snippets carry a placeholder instead; each app's last calls are kept in this browser.
 */
/** The page's words come with it, not with every page of the site. */
const debugMessages = pageMessages({ zh: () => import('../../../i18n/ui/debug/zh.ts'), hk: () => import('../../../i18n/ui/debug/hk.ts'), en: () => import('../../../i18n/ui/debug/en.ts') });

const DebugConsolePage = () => {
  const { t, lang } = useLang();
  const groupId = useId();
  const [apps, setApps] = useState<DebugApp[]>();
  const [appsError, setAppsError] = useState<unknown>();
  const [ops, setOps] = useState<ApiOperation[]>();
  const [opsFailed, setOpsFailed] = useState(false);
  const [appGuid, setAppGuid] = useState('');
  const [tokens, setTokens] = useState<Record<string, AppToken>>({});
  const [tokenBusy, setTokenBusy] = useState(false);
  const [tokenError, setTokenError] = useState<unknown>();
  const [opPath, setOpPath] = useState<string | null>(null);
  // Each API keeps what was typed for it while the person looks at another.
  const [bodies, setBodies] = useState<Record<string, unknown>>({});
  // Bumped when a history entry restores a body, so the form starts again from it.
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<CoreForm>(null);
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const [result, setResult] = useState<CallResult>();
  const [history, setHistory] = useState<HistoryEntry[]>([]);

  useEffect(() => {
    let live = true;
    post<DebugApp[]>('/open/app/debug/app-list', {}, { silent: true }).then(
      (list) => live && setApps(Array.isArray(list) ? list : []),
      (e) => live && setAppsError(e),
    );
    return () => {
      live = false;
    };
  }, []);

  // The document names each call in the page's language.
  useEffect(() => {
    let live = true;
    fetch(`${API_BASE}${OPENAPI_PATH}`, { headers: { 'accept-language': LANGUAGES[lang] } })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json();
      })
      .then(
        (doc) => live && setOps(operationsOf(doc)),
        () => live && setOpsFailed(true),
      );
    return () => {
      live = false;
    };
  }, [lang]);

  // The page shows errors itself (silent calls), in the server's sentence when there is one.
  const sentenceOf = (e: unknown) => (e instanceof CallError && e.message ? e.message : t('debug.failed'));
  const token = tokens[appGuid];
  const app = apps?.find((a) => a.guid === appGuid);
  const op = ops?.find((o) => o.path === opPath);

  const pickApp = (guid: string) => {
    setAppGuid(guid);
    setHistory(readHistory(guid));
    setTokenError(undefined);
    setResult(undefined);
  };

  const getToken = async () => {
    const guid = appGuid;
    setTokenBusy(true);
    setTokenError(undefined);
    try {
      const answer = await post<{ app_access_token: string; expire: number }>('/open/app/debug/app-token', { guid }, { silent: true });
      setTokens((all) => ({ ...all, [guid]: { token: answer.app_access_token, expiresAt: Date.now() + answer.expire * 1000 } }));
    } catch (e) {
      setTokenError(e);
    } finally {
      setTokenBusy(false);
    }
  };

  const send = async () => {
    if (!op || !token) return;
    if (formRef.current && !formRef.current.validateForm()) return;
    const guid = appGuid;
    // The form's own state holds the defaults the schema fills in, which onChange has not reported yet.
    const body = formRef.current?.state.formData ?? {};
    const request = { url: new URL(`${API_BASE}${op.path}`, window.location.origin).href, body, acceptLanguage: LANGUAGES[lang] };
    setSending(true);
    setSendFailed(false);
    const started = performance.now();
    try {
      const res = await fetch(`${API_BASE}${op.path}`, { method: 'POST', headers: requestHeaders(token.token, request.acceptLanguage), body: JSON.stringify(body) });
      const answer = await readAnswer(res, request, started, op.scope);
      setResult(answer);
      setHistory(pushHistory(guid, { path: op.path, body, status: answer.status, code: answer.code, ms: answer.ms, at: Date.now() }));
      // 401: the token no longer works (expired, or the app was disabled); the button offers a new one.
      if (res.status === 401) setTokens(({ [guid]: _, ...rest }) => rest);
    } catch {
      setResult(undefined);
      setSendFailed(true);
    } finally {
      setSending(false);
    }
  };

  const restore = (entry: HistoryEntry) => {
    setOpPath(entry.path);
    setBodies((all) => ({ ...all, [entry.path]: entry.body }));
    setFormKey((k) => k + 1);
  };

  const hint = !appGuid ? t('debug.hint_app') : !token ? t('debug.hint_token') : !op ? t('debug.hint_api') : undefined;

  const appPicker = appsError ? (
    <Alert severity="error">{sentenceOf(appsError)}</Alert>
  ) : !apps ? (
    <Loading label={t('debug.loading_apps')} />
  ) : apps.length === 0 ? (
    <Alert severity="info" data-testid="debug-app">
      {t('debug.no_apps')}{' '}
      <Link component={RouterLink} to="/business/app">
        {t('debug.create_app')}
      </Link>
    </Alert>
  ) : (
    <TextField select fullWidth label={t('debug.app')} value={appGuid} onChange={(e) => pickApp(e.target.value)} data-testid="debug-app">
      {apps.map((a) => (
        <MenuItem key={a.guid} value={a.guid}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap' }}>
            <span>{a.name}</span>
            <Typography component="span" variant="body2" color="text.secondary">
              {a.app_id}
            </Typography>
            {a.status !== 0 && <Chip size="small" label={t('debug.app_disabled')} />}
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );

  const apiPicker = opsFailed ? (
    <Alert severity="error">{t('debug.apis_failed')}</Alert>
  ) : (
    <Autocomplete
      data-testid="debug-api"
      options={ops ?? []}
      loading={!ops}
      value={op ?? null}
      onChange={(_, o) => setOpPath(o?.path ?? null)}
      groupBy={(o) => o.group}
      // MUI's default group is a bare <li> holding a <ul>, which breaks listbox > option for screen
      // readers (axe aria-required-children); this one is a labelled group of options.
      renderGroup={({ key, group, children }) => (
        <li key={key} role="group" aria-labelledby={`${groupId}-${group}`}>
          <ListSubheader id={`${groupId}-${group}`} component="div" role="presentation" sx={{ top: -8 }}>
            {group}
          </ListSubheader>
          <Box component="ul" role="none" sx={{ p: 0 }}>
            {children}
          </Box>
        </li>
      )}
      getOptionLabel={(o) => `${o.summary} (${o.path})`}
      isOptionEqualToValue={(a, b) => a.path === b.path}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{o.summary}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              POST {o.path}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {o.scope ? t('debug.scope', { scope: o.scope }) : t('debug.scope_none')}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={t('debug.api')} />}
      noOptionsText={t('debug.no_apis')}
      loadingText={t('debug.loading')}
      openText={t('debug.open')}
      closeText={t('debug.close')}
      clearText={t('debug.clear')}
      fullWidth
    />
  );

  return (
    <Box>
      <Typography variant="h5" component="h1">
        {t('debug.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('debug.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          // Narrow screens read request, answer, events, history in turn; wide ones put the answer beside the request.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gridTemplateRows: { lg: 'auto auto 1fr' },
          gridTemplateAreas: { xs: '"request" "response" "events" "history"', lg: '"request response" "events response" "history response"' },
        }}
      >
        <Section title={t('debug.request')} area="request">
          <Stack spacing={2}>
            {appPicker}
            <Box data-testid="debug-token">
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 1 }}>
                <Button variant="outlined" startIcon={<KeyIcon />} onClick={getToken} disabled={!appGuid} loading={tokenBusy} sx={{ flexShrink: 0 }}>
                  {token ? t('debug.token_renew') : t('debug.token_get')}
                </Button>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {token ? (
                    <>
                      <Box component="code">{mask(token.token)}</Box> {t('debug.token_expires', { time: formatInstant(token.expiresAt) })}
                    </>
                  ) : (
                    t('debug.token_none')
                  )}
                </Typography>
              </Stack>
              {tokenError !== undefined && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {sentenceOf(tokenError)}
                </Alert>
              )}
            </Box>
            {apiPicker}
            {op && (
              <Box>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                  <Typography variant="subtitle1" component="h3">
                    {t('debug.body')}
                  </Typography>
                  <Chip size="small" variant="outlined" label={op.scope ? t('debug.scope', { scope: op.scope }) : t('debug.scope_none')} />
                </Stack>
                {!Object.keys(op.schema.properties ?? {}).length && (
                  <Typography variant="body2" color="text.secondary">
                    {t('debug.no_fields')}
                  </Typography>
                )}
                <BodyForm
                  key={`${op.path}:${formKey}`}
                  formRef={formRef}
                  schema={op.schema}
                  formData={bodies[op.path]}
                  onChange={(data) => setBodies((all) => ({ ...all, [op.path]: data }))}
                />
              </Box>
            )}
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<SendIcon />} onClick={send} disabled={!op || !token} loading={sending} data-testid="debug-send">
                {t('debug.send')}
              </Button>
              {hint && (
                <Typography variant="body2" color="text.secondary">
                  {hint}
                </Typography>
              )}
            </Stack>
            {sendFailed && <Alert severity="error">{t('debug.network_error')}</Alert>}
          </Stack>
        </Section>
        <Stack spacing={2} sx={{ gridArea: 'response', minWidth: 0 }}>
          <Section title={t('debug.response')}>
            {result ? <ResponseView result={result} /> : <Typography variant="body2">{t('debug.response_none')}</Typography>}
          </Section>
          <Section title={t('debug.snippets')}>
            {result ? (
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  {t('debug.snippets_hint', { placeholder: TOKEN_PLACEHOLDER })}
                </Typography>
                <CodeBlock title={t('debug.snippet_curl')} text={curlSnippet(result.request)} testId="debug-curl" />
                <CodeBlock title={t('debug.snippet_fetch')} text={fetchSnippet(result.request)} testId="debug-fetch" />
              </Stack>
            ) : (
              <Typography variant="body2">{t('debug.snippets_none')}</Typography>
            )}
          </Section>
        </Stack>
        <Section title={t('debug.events')} area="events" testId="debug-events">
          {!app ? (
            <Typography variant="body2">{t('debug.events_pick_app')}</Typography>
          ) : (
            <EventTools key={app.guid} appGuid={app.guid} sentenceOf={sentenceOf} />
          )}
        </Section>
        <Section title={t('debug.history')} area="history" testId="debug-history">
          {appGuid ? (
            <HistoryList
              entries={history}
              onPick={restore}
              onClear={() => {
                clearHistory(appGuid);
                setHistory([]);
              }}
            />
          ) : (
            <Typography variant="body2">{t('debug.history_pick_app')}</Typography>
          )}
        </Section>
      </Box>
    </Box>
  );
};

/** The page, once its words are in. */
const DebugConsole = () => {
  const { lang } = useLang();
  return usePageMessages(debugMessages, lang) ? <DebugConsolePage /> : <PageLoading />;
};

export default DebugConsole;
