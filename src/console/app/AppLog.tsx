import { Alert, Box, Button, Card, CardContent, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { post } from '../../../dataProvider/http.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { DAY, LINKED_SPAN, local, WINDOW_DAYS, windowOf } from './logWindow.ts';
import { KeysetResults } from './KeysetResults.tsx';
import { StatusChip, StatusSelect, useTotalText, WindowFields } from './logFields.tsx';
import type { AppRecord } from './useApp.ts';
import { formatInstant, zoneName } from '../../shell/dates.ts';

const PAGE_SIZE = 20;

interface LogRow {
  id: string;
  api_code: string;
  http_status: number;
  code: number | null;
  ms: number;
  request_id: string;
  created_at: string;
}
interface LogPage {
  list: LogRow[];
  next: string | null;
  count?: number;
  count_capped?: boolean;
}
interface Search {
  from: string;
  to: string;
  api_code?: string;
  http_status?: number;
  request_id?: string;
}

/** `/business/app/:id/log`: the app's open-API calls, searched by time, API, status and request id; newest first. */
export const AppLog = ({ app }: { app: AppRecord }) => {
  const { t } = useLang();
  // The developer log links here with one call's request id.
  const linked = useSearchParams()[0].get('request_id') ?? undefined;
  const [search, setSearch] = useState<Search>(() => ({ from: new Date(Date.now() - (linked ? LINKED_SPAN : DAY)).toISOString(), to: new Date().toISOString(), request_id: linked }));
  // The cursors of the pages seen so far: back goes to the previous one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [total, setTotal] = useState<{ count: number; capped: boolean }>();
  const [error, setError] = useState('');
  // The end the form first shows means "now" until the person changes it.
  const [initial] = useState(() => ({ from: local(new Date(search.from)), to: local(new Date(search.to)) }));
  const cursor = cursors.at(-1);
  const q = useQuery({
    queryKey: ['api-log', app.guid, search, cursor],
    queryFn: async () => {
      const page = await post<LogPage>('/open/app/api-log/page', { app_guid: app.guid, ...search, page_size: PAGE_SIZE, cursor, with_total: !cursor });
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
    const status = String(f.get('http_status') ?? '');
    setSearch({
      ...window,
      api_code: String(f.get('api_code') ?? '').trim() || undefined,
      http_status: status ? Number(status) : undefined,
      request_id: String(f.get('request_id') ?? '').trim() || undefined,
    });
    setCursors([undefined]);
  };
  const shown = useTotalText('apps.log_total')(total);

  return (
    <Stack spacing={2} data-testid="app-log">
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('apps.log_title')}
          </Typography>
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="log-search">
            <WindowFields from={initial.from} to={initial.to} />
            <TextField name="api_code" size="small" label={t('apps.api_code')} />
            <StatusSelect all={t('list.all')} />
            <TextField name="request_id" size="small" label={t('apps.request_id')} defaultValue={linked ?? ''} />
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
            empty={t('apps.log_empty')}
            total={shown}
            cursors={cursors}
            setCursors={setCursors}
            testId="log"
            head={
              <>
                <TableCell>{t('dates.with_zone', { label: t('apps.log_time'), zone: zoneName() })}</TableCell>
                <TableCell>{t('apps.api_code')}</TableCell>
                <TableCell>{t('apps.http_status')}</TableCell>
                <TableCell>{t('apps.envelope_code')}</TableCell>
                <TableCell align="right">{t('apps.latency')}</TableCell>
                <TableCell>{t('apps.request_id')}</TableCell>
              </>
            }
            body={q.data?.list.map((r) => (
              <TableRow key={r.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(r.created_at)}</TableCell>
                <TableCell>
                  <code>{r.api_code}</code>
                </TableCell>
                <TableCell>
                  <StatusChip status={r.http_status} />
                </TableCell>
                <TableCell>{r.code ?? '—'}</TableCell>
                <TableCell align="right">{t('apps.elapsed', { ms: r.ms })}</TableCell>
                <TableCell>
                  <code>{r.request_id}</code>
                </TableCell>
              </TableRow>
            ))}
          />
        </CardContent>
      </Card>
    </Stack>
  );
};
