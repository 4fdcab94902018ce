import { Alert, Box, Button, Card, CardContent, Chip, Link as MuiLink, MenuItem, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { Link, useSearchParams } from 'react-router-dom';
import { post } from '../../../dataProvider/http.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { usePageMessages } from '../../shell/usePageMessages.ts';
import { KeysetResults } from './KeysetResults.tsx';
import { StatusChip, StatusSelect, useTotalText, WindowFields } from './logFields.tsx';
import { DAY, local, WINDOW_DAYS, windowOf } from './logWindow.ts';
import { appMessages } from './messages.ts';
import { formatInstant, zoneName } from '../../shell/dates.ts';

const PAGE_SIZE = 20;

interface Row {
  id: string;
  kind: 'api' | 'event';
  app_guid: string;
  app_name: string;
  /** A store app the BU installed: its own pages are its provider's. */
  installed: boolean;
  code: string;
  http_status: number;
  ref_id: string;
  ms: number;
  created_at: string;
}
interface Page {
  list: Row[];
  next: string | null;
  count?: number;
  count_capped?: boolean;
}
interface Search {
  from: string;
  to: string;
  kind?: 'api' | 'event';
  app_guid?: string;
  code?: string;
  http_status?: number;
  ref_id?: string;
}

/** Where a row opens: the app's own call log, or its event log, searching that one entry. */
const entryLink = (r: Row) =>
  r.kind === 'api' ? `/business/app/${r.app_guid}/log?request_id=${encodeURIComponent(r.ref_id)}` : `/business/app/${r.app_guid}/eventSubscriptions?event_id=${encodeURIComponent(r.ref_id)}`;

/** `/developer/log`: every app of the BU, its open-API calls and event pushes in one search (docs/apps.md, "Developer log"). */
const DeveloperLog = () => {
  const { t } = useLang();
  // An installed app's details open this page on that app (`?app_guid=`).
  const [params] = useSearchParams();
  const [search, setSearch] = useState<Search>(() => ({ from: new Date(Date.now() - DAY).toISOString(), to: new Date().toISOString(), app_guid: params.get('app_guid') ?? undefined }));
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [total, setTotal] = useState<{ count: number; capped: boolean }>();
  const [error, setError] = useState('');
  const [initial] = useState(() => ({ from: local(new Date(search.from)), to: local(new Date(search.to)) }));
  // The BU's own apps, then the store apps it installed (a person who may not see either list gets the other).
  const apps = useQuery({
    queryKey: ['developer-log-apps'],
    queryFn: async () => {
      const [own, installed] = await Promise.all([
        post<{ guid: string; name: string }[]>('/open/app/app-list', {}, { silent: true }).catch(() => []),
        post<{ app_guid: string; app_name: string }[]>('/open/installed-app/list', {}, { silent: true }).catch(() => []),
      ]);
      return [...own, ...installed.filter((i) => !own.some((a) => a.guid === i.app_guid)).map((i) => ({ guid: i.app_guid, name: i.app_name }))];
    },
  });
  const cursor = cursors.at(-1);
  const q = useQuery({
    queryKey: ['developer-log', search, cursor],
    queryFn: async () => {
      const page = await post<Page>('/open/developer/log/page', { ...search, page_size: PAGE_SIZE, cursor, with_total: !cursor });
      if (page.count !== undefined) setTotal({ count: page.count, capped: !!page.count_capped });
      return page;
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const window = windowOf(String(f.get('from')), String(f.get('to')), initial.to);
    if (!window) {
      setError(t('apps.log_window', { days: WINDOW_DAYS }));
      return;
    }
    setError('');
    const text = (name: string) => String(f.get(name) ?? '').trim() || undefined;
    const status = text('http_status');
    setSearch({ ...window, kind: text('kind') as Search['kind'], app_guid: text('app_guid'), code: text('code'), http_status: status ? Number(status) : undefined, ref_id: text('ref_id') });
    setCursors([undefined]);
  };
  const shown = useTotalText('apps.devlog.total')(total);

  return (
    <Stack spacing={2} data-testid="developer-log">
      <Typography variant="h5" component="h1">
        {t('route.developer_log')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('apps.devlog.hint')}
          </Typography>
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="log-search">
            <WindowFields from={initial.from} to={initial.to} />
            <TextField name="kind" select size="small" label={t('apps.devlog.kind')} defaultValue="" sx={{ minWidth: 140 }}>
              <MenuItem value="">{t('apps.devlog.all')}</MenuItem>
              <MenuItem value="api">{t('apps.devlog.kinds.api')}</MenuItem>
              <MenuItem value="event">{t('apps.devlog.kinds.event')}</MenuItem>
            </TextField>
            <TextField name="app_guid" select size="small" label={t('apps.devlog.app')} defaultValue={apps.data ? (search.app_guid ?? '') : ''} key={apps.data ? 'apps' : 'loading'} sx={{ minWidth: 180 }}>
              <MenuItem value="">{t('apps.devlog.all')}</MenuItem>
              {(apps.data ?? []).map((a) => (
                <MenuItem key={a.guid} value={a.guid}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField name="code" size="small" label={t('apps.devlog.code')} />
            <StatusSelect all={t('apps.devlog.all')} />
            <TextField name="ref_id" size="small" label={t('apps.devlog.ref_id')} />
            <Button type="submit" variant="contained" data-testid="log-submit">
              {t('apps.search')}
            </Button>
          </Box>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="log-error">
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <KeysetResults
            pending={q.isPending}
            rows={q.data?.list.length ?? 0}
            next={q.data?.next}
            empty={t('apps.devlog.empty')}
            total={shown}
            cursors={cursors}
            setCursors={setCursors}
            testId="log"
            head={
              <>
                <TableCell>{t('dates.with_zone', { label: t('apps.log_time'), zone: zoneName() })}</TableCell>
                <TableCell>{t('apps.devlog.app')}</TableCell>
                <TableCell>{t('apps.devlog.kind')}</TableCell>
                <TableCell>{t('apps.devlog.code')}</TableCell>
                <TableCell>{t('apps.http_status')}</TableCell>
                <TableCell align="right">{t('apps.latency')}</TableCell>
                <TableCell>{t('apps.devlog.ref_id')}</TableCell>
              </>
            }
            body={q.data?.list.map((r) => (
              <TableRow key={r.id} data-testid={`devlog-${r.kind}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(r.created_at)}</TableCell>
                <TableCell>{r.app_name}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={t(`apps.devlog.kinds.${r.kind}`)} />
                </TableCell>
                <TableCell>
                  <code>{r.code}</code>
                </TableCell>
                <TableCell>
                  <StatusChip status={r.http_status} />
                </TableCell>
                <TableCell align="right">{t('apps.elapsed', { ms: Math.round(r.ms) })}</TableCell>
                <TableCell>
                  {r.installed ? (
                    <code>{r.ref_id}</code>
                  ) : (
                    <MuiLink component={Link} to={entryLink(r)} aria-label={`${r.ref_id} — ${t('apps.devlog.open', { app: r.app_name })}`}>
                      <code>{r.ref_id}</code>
                    </MuiLink>
                  )}
                </TableCell>
              </TableRow>
            ))}
          />
        </CardContent>
      </Card>
    </Stack>
  );
};

const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The page, once its words are in (the app pages' own). */
const DeveloperLogPage = () => {
  const { lang } = useLang();
  return <QueryClientProvider client={queries}>{usePageMessages(appMessages, lang) ? <DeveloperLog /> : <PageLoading />}</QueryClientProvider>;
};

export default DeveloperLogPage;
