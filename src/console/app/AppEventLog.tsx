import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Alert, Box, Button, Card, CardContent, Chip, Collapse, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, MenuItem, Stack, TableCell, TableRow, TextField, Typography,
} from '@mui/material';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { eventName, useEventTypes } from './eventTypes.ts';
import { DAY, LINKED_SPAN, local, WINDOW_DAYS, windowOf } from './logWindow.ts';
import { KeysetResults } from './KeysetResults.tsx';
import { useTotalText, WindowFields } from './logFields.tsx';
import type { AppRecord } from './useApp.ts';
import { formatInstant, zoneName } from '../../shell/dates.ts';
import { STORE_APP_TYPE } from '../../../schemas/app.ts';

const PAGE_SIZE = 20;

type State = 'delivered' | 'retrying' | 'failed' | 'paused';
interface Attempt {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  /** 0: no HTTP answer (`failure` says why). */
  http_status: number;
  ms: number;
  answer: string;
  failure: string | null;
  created_at: string;
  state: State | null;
  next_attempt_at: string | null;
}
interface LogPage {
  list: Attempt[];
  next: string | null;
  count?: number;
  count_capped?: boolean;
}
/** No `from`/`to`: the server's default, the last 24 hours up to each query (so a refetch shows what came since). */
interface Search {
  from?: string;
  to?: string;
  event_type?: string;
  event_id?: string;
  result?: 'ok' | 'failed';
  /** One buyer's deliveries (a store app's): the key its installation names the buyer by. */
  tenant_key?: string;
}
const STATE_TONE = { delivered: 'success', retrying: 'warning', failed: 'error', paused: 'default' } as const;
/** Replaying "what failed" is the usual wish: the result searched suggests the state to replay. */
const STATE_OF_RESULT = { ok: 'delivered', failed: 'failed' } as const;

const logKey = (appGuid: string) => ['event-log', appGuid];

/** One push attempt; its answer body opens below it. */
const AttemptRow = ({ row, typeName, onReplay }: { row: Attempt; typeName: string; onReplay(): Promise<unknown> }) => {
  const { t } = useLang();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const time = (at: string) => formatInstant(at);
  const ok = row.http_status >= 200 && row.http_status < 300;
  const replay = async () => {
    setBusy(true);
    await onReplay().catch(() => undefined);
    setBusy(false);
  };
  return (
    <>
      <TableRow data-testid={`attempt-${row.id}`} sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(row.created_at)}</TableCell>
        <TableCell>
          <Typography variant="body2">{typeName}</Typography>
          <Typography variant="caption" component="code">
            {row.event_type}
          </Typography>
        </TableCell>
        <TableCell>
          {/* Wrapped rather than cut: the whole id is what a receiver logs. */}
          <Typography variant="caption" component="code" sx={{ display: 'block', maxWidth: '17ch', wordBreak: 'break-all' }}>
            {row.event_id}
          </Typography>
        </TableCell>
        <TableCell>
          <Chip
            size="small"
            variant="outlined"
            color={ok ? 'success' : 'error'}
            label={row.http_status ? `HTTP ${row.http_status}` : t(`apps.events.failure.${row.failure ?? 'network'}`)}
          />
          <Typography variant="caption" component="div" sx={{ whiteSpace: 'nowrap' }}>
            {t('apps.events.attempt_ms', { attempt: row.attempt, ms: row.ms })}
          </Typography>
        </TableCell>
        <TableCell>
          {row.state ? <Chip size="small" color={STATE_TONE[row.state]} label={t(`apps.events.states.${row.state}`)} data-testid={`state-${row.id}`} /> : '—'}
          {row.state === 'retrying' && row.next_attempt_at && (
            <Typography variant="caption" component="div">
              {t('apps.events.next_attempt', { time: time(row.next_attempt_at) })}
            </Typography>
          )}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <Button size="small" onClick={replay} disabled={busy} aria-label={t('apps.events.replay_event', { id: row.event_id })} data-testid={`replay-${row.id}`}>
            {t('apps.events.replay')}
          </Button>
          <IconButton size="small" onClick={() => setOpen(!open)} aria-expanded={open} aria-label={t(open ? 'apps.events.hide_answer' : 'apps.events.show_answer', { id: row.event_id })} data-testid={`expand-${row.id}`}>
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={6} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ py: 1 }} data-testid={`answer-${row.id}`}>
              <Typography variant="caption" color="text.secondary">
                {t('apps.events.answer_text')}
              </Typography>
              {row.answer ? (
                <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>
                  {row.answer}
                </Box>
              ) : (
                <Typography variant="body2">{t('apps.events.no_answer')}</Typography>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
};

/** "Replay matching": the events of the search (time, type, id), in the state chosen, sent again under their own ids. */
const ReplayMatching = ({ app, search, onDone }: { app: AppRecord; search: Search; onDone(): void }) => {
  const { t } = useLang();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState('');
  const [busy, setBusy] = useState(false);
  const [range, setRange] = useState({ from: '', to: '' });
  const time = (at: string) => formatInstant(at);
  const go = async () => {
    setBusy(true);
    try {
      const r = await post<{ replayed: number }>('/open/app/event/log/replay', {
        app_guid: app.guid,
        ...range,
        event_type: search.event_type,
        event_ids: search.event_id ? [search.event_id] : undefined,
        state: state || undefined,
      });
      toast(t('apps.events.replayed', { smart_count: r.replayed }), 'success');
      setOpen(false);
      onDone();
    } catch {
      // The http client has shown the server's sentence (none match, or too many).
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setState(search.result ? STATE_OF_RESULT[search.result] : '');
          // The window as it is when asked: the default one is the 24 hours up to now, read once.
          const now = Date.now();
          setRange({ from: search.from ?? new Date(now - DAY).toISOString(), to: search.to ?? new Date(now).toISOString() });
          setOpen(true);
        }}
        data-testid="replay-matching"
      >
        {t('apps.events.replay_all')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="replay-matching-title">
        <DialogTitle id="replay-matching-title">{t('apps.events.replay_all')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('apps.events.replay_all_question', { from: time(range.from), to: time(range.to) })}</DialogContentText>
          <TextField
            select
            size="small"
            label={t('apps.events.replay_state')}
            value={state}
            onChange={(e) => setState(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 200 }}
            data-testid="replay-state"
          >
            <MenuItem value="">{t('apps.events.any_state')}</MenuItem>
            {(['failed', 'retrying', 'delivered'] as const).map((s) => (
              <MenuItem key={s} value={s}>
                {t(`apps.events.states.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('apps.cancel')}</Button>
          <Button variant="contained" onClick={go} loading={busy} data-testid="replay-matching-confirm">
            {t('apps.events.replay')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** The app's push attempts, searched by time (7 days at most), event type, event id and result; newest first, keyset paged. */
export const AppEventLog = ({ app }: { app: AppRecord }) => {
  const { t, lang } = useLang();
  const client = useQueryClient();
  const types = useEventTypes();
  // The debug console links here with the id of the test event it sent.
  const linked = useSearchParams()[0].get('event_id') ?? undefined;
  // A linked event may be up to the window's age: its search spans the whole window.
  const [search, setSearch] = useState<Search>(() => (linked ? { event_id: linked, from: new Date(Date.now() - LINKED_SPAN).toISOString() } : {}));
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [total, setTotal] = useState<{ count: number; capped: boolean }>();
  const [error, setError] = useState('');
  // The window the form first shows: the last 24 hours, up to "now" until the person changes the end.
  const [initial] = useState(() => ({ from: local(new Date(Date.now() - (linked ? LINKED_SPAN : DAY))), to: local(new Date()) }));
  const shownTo = initial.to;
  const card = useRef<HTMLDivElement>(null);
  const cursor = cursors.at(-1);
  const q = useQuery({
    queryKey: [...logKey(app.guid), search, cursor],
    queryFn: async () => {
      const page = await post<LogPage>('/open/app/event/log/page', { app_guid: app.guid, ...search, page_size: PAGE_SIZE, cursor, with_total: !cursor });
      if (page.count !== undefined) setTotal({ count: page.count, capped: !!page.count_capped });
      return page;
    },
  });
  // A store app's buyers, to read one buyer's deliveries (docs/store.md, "Service providers").
  const buyers = useQuery({
    queryKey: ['event-log-buyers', app.guid],
    enabled: app.type === STORE_APP_TYPE,
    queryFn: () => post<{ list: { tenant_key: string | null; buyer_name: string }[] }>('/open/service-provider/installation/page', { app_guid: app.guid, page_size: 100 }, { silent: true }).then((r) => r.list),
  });
  const reload = () => void client.invalidateQueries({ queryKey: logKey(app.guid) });
  // A linked event's log is brought into view once the whole page has loaded: the cards above would push it down again.
  const settled = useIsFetching() === 0 && q.isSuccess;
  const brought = useRef(false);
  useEffect(() => {
    if (!linked || !settled || brought.current) return;
    brought.current = true;
    card.current?.scrollIntoView?.({ block: 'start' });
  }, [linked, settled]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const range = windowOf(String(f.get('from') ?? ''), String(f.get('to') ?? ''), shownTo);
    if (!range) {
      setError(t('apps.log_window', { days: WINDOW_DAYS }));
      return;
    }
    setError('');
    const text = (name: string) => String(f.get(name) ?? '').trim() || undefined;
    setSearch({ ...range, event_type: text('event_type'), event_id: text('event_id'), result: text('result') as Search['result'], tenant_key: text('tenant_key') });
    setCursors([undefined]);
  };
  /** A row's event, found within the 7 days before its attempt (its message is older than any of its attempts). */
  const replayRow = async (row: Attempt) => {
    const to = new Date(new Date(row.created_at).getTime() + 1000);
    const r = await post<{ replayed: number }>('/open/app/event/log/replay', { app_guid: app.guid, event_ids: [row.event_id], from: new Date(to.getTime() - WINDOW_DAYS * DAY).toISOString(), to: to.toISOString() });
    toast(t('apps.events.replayed', { smart_count: r.replayed }), 'success');
    reload();
  };
  const shown = useTotalText('apps.events.log_total')(total);

  return (
    <Card variant="outlined" ref={card} data-testid="event-log">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('apps.events.log_title')}
          </Typography>
          <ReplayMatching app={app} search={search} onDone={reload} />
        </Stack>
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { maxWidth: '100%' } }} data-testid="event-log-search">
          <WindowFields from={initial.from} to={shownTo} />
          <TextField name="event_type" select size="small" label={t('apps.events.event_type')} defaultValue="" sx={{ width: 200 }}>
            <MenuItem value="">{t('list.all')}</MenuItem>
            {(types.data ?? []).map((e) => (
              <MenuItem key={e.code} value={e.code}>
                {eventName(lang, types.data, e.code)}
              </MenuItem>
            ))}
          </TextField>
          {buyers.data?.length ? (
            <TextField name="tenant_key" select size="small" label={t('apps.events.buyer')} defaultValue="" sx={{ width: 200 }} data-testid="event-log-buyer">
              <MenuItem value="">{t('list.all')}</MenuItem>
              {buyers.data.map((b) => (
                <MenuItem key={b.tenant_key} value={b.tenant_key ?? ''}>
                  {b.buyer_name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField name="event_id" size="small" label={t('apps.events.event_id')} defaultValue={search.event_id ?? ''} />
          <TextField name="result" select size="small" label={t('apps.events.result')} defaultValue="" sx={{ width: 160 }}>
            <MenuItem value="">{t('list.all')}</MenuItem>
            <MenuItem value="ok">{t('apps.events.result_ok')}</MenuItem>
            <MenuItem value="failed">{t('apps.events.result_failed')}</MenuItem>
          </TextField>
          <Button type="submit" variant="contained" data-testid="event-log-submit">
            {t('apps.search')}
          </Button>
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="event-log-error">
            {error}
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <KeysetResults
            pending={q.isPending}
            rows={q.data?.list.length ?? 0}
            next={q.data?.next}
            empty={t('apps.events.log_empty')}
            total={shown}
            cursors={cursors}
            setCursors={setCursors}
            testId="event-log"
            head={
              <>
                <TableCell>{t('dates.with_zone', { label: t('apps.log_time'), zone: zoneName() })}</TableCell>
                <TableCell>{t('apps.events.event_type')}</TableCell>
                <TableCell>{t('apps.events.event_id')}</TableCell>
                <TableCell>{t('apps.events.result')}</TableCell>
                <TableCell>{t('apps.events.state')}</TableCell>
                <TableCell>{t('list.actions')}</TableCell>
              </>
            }
            body={q.data?.list.map((r) => <AttemptRow key={r.id} row={r} typeName={eventName(lang, types.data, r.event_type)} onReplay={() => replayRow(r)} />)}
          />
        </Box>
      </CardContent>
    </Card>
  );
};
