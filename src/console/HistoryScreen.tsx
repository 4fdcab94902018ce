import { Box, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Loading, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { fieldLabel } from './registry.ts';
import { formatInstant } from '../shell/dates.ts';
import { useTitle } from './useTitle.ts';

interface Version {
  guid: string;
  version: number;
  action: string;
  title: string;
  author: string | null;
  created_by: string | null;
  created_at: string;
}
type Diff = { op: '=' | '+' | '-'; text: string }[];
interface VersionDetail extends Version {
  body: string;
  title_before: string | null;
  diff: Diff;
  /** The line diffs of the record's other texts (a document's other languages), by field. */
  diffs: Record<string, Diff>;
  /** What restoring this version writes back. */
  restore: Record<string, unknown>;
}

const DIFF_COLOURS = { '+': { bgcolor: '#e6f4ea', color: '#0d5b1f' }, '-': { bgcolor: '#fdecea', color: '#8a1c1c' }, '=': {} } as const;

/** A text's line diff: removed lines red, added green. */
const DiffView = ({ diff, label, testId }: { diff: Diff; label: string; testId: string }) => {
  const translate = useTranslate();
  return (
    <Box component="pre" tabIndex={0} data-testid={testId} aria-label={label} sx={{ m: 0, p: 1, fontSize: 13, fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word', border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '65vh', overflow: 'auto' }}>
      {diff.every((l) => l.op === '=') && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {translate('history.no_changes')}
        </Typography>
      )}
      {diff.map((l, i) => (
        <Box key={i} component="span" data-op={l.op} sx={{ display: 'block', px: 1, ...DIFF_COLOURS[l.op] }}>
          {`${l.op === '=' ? ' ' : l.op} ${l.text}`}
        </Box>
      ))}
    </Box>
  );
};

/**
 * A record's versions (a definition with `history`): who saved what and when, each version's line
 * diff against the one before, and restoring one — which saves it again as the newest version.
 */
export const HistoryScreen = ({ rc }: { rc: ResourceCalls }) => {
  const title = useTitle();
  const history = rc.def.admin.history!;
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const queries = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: record, refetch } = useGetOne(rc.route, { id: id! });
  const versions = useQuery({ queryKey: [rc.route, id, history.list], queryFn: () => dataProvider.call<Version[]>(rc.route, history.list, { guid: id }) });
  const [picked, setPicked] = useState<string>();
  const current = picked ?? versions.data?.[0]?.guid;
  const detail = useQuery({ queryKey: [rc.route, current, history.one], enabled: !!current, queryFn: () => dataProvider.call<VersionDetail>(rc.route, history.one, { guid: current }) });
  const [asking, setAsking] = useState(false);
  if (versions.isPending || !record) return <Loading />;
  const restore = async () => {
    const v = detail.data!;
    try {
      await dataProvider.update(rc.route, { id: id!, data: { ...record, ...v.restore }, previousData: record });
      notify('history.restored', { type: 'success', messageArgs: { version: v.version } });
      setAsking(false);
      setPicked(undefined);
      await Promise.all([refetch(), queries.invalidateQueries({ queryKey: [rc.route, id, history.list] })]);
    } catch {
      // The http client has shown the server's message.
    }
  };
  const when = (iso: string) => formatInstant(iso);
  const latest = versions.data?.[0]?.guid;
  return (
    <Paper sx={{ p: 3 }} data-testid="history-screen">
      <Typography variant="h6" component="h1" gutterBottom>
        {translate('history.title', { name: title(rc.def, record) })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <List dense aria-label={translate('history.versions')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '70vh', overflow: 'auto' }}>
          {versions.data?.map((v) => (
            <ListItem key={v.guid} disablePadding>
              <ListItemButton selected={v.guid === current} onClick={() => setPicked(v.guid)} data-testid="history-version">
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{translate('history.version', { version: v.version })}</span>
                      <Chip size="small" label={translate(`history.actions.${v.action}`, { _: v.action })} />
                    </Stack>
                  }
                  secondary={`${v.author ?? translate(v.created_by ? 'history.deleted_author' : 'history.platform_author')} · ${when(v.created_at)}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Box sx={{ minWidth: 0 }}>
          {detail.data && (
            <>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
                <Typography variant="subtitle1" component="h2">
                  {detail.data.title_before && detail.data.title_before !== detail.data.title
                    ? translate('history.renamed', { from: detail.data.title_before, to: detail.data.title })
                    : detail.data.title}
                </Typography>
                {current !== latest && <Button label="history.restore" variant="outlined" onClick={() => setAsking(true)} data-testid="history-restore" />}
              </Stack>
              <DiffView diff={detail.data.diff} label={translate('history.diff')} testId="history-diff" />
              {Object.entries(detail.data.diffs).map(([field, diff]) => (
                <Box key={field} sx={{ mt: 2 }}>
                  <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>{translate(fieldLabel(rc.def, field))}</Typography>
                  <DiffView diff={diff} label={`${translate('history.diff')}: ${translate(fieldLabel(rc.def, field))}`} testId={`history-diff-${field}`} />
                </Box>
              ))}
            </>
          )}
        </Box>
      </Box>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="restore-title">
        <DialogTitle id="restore-title">{translate('history.restore')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('history.restore_question', { version: detail.data?.version ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setAsking(false)} />
          <Button label="history.restore" variant="contained" onClick={restore} data-testid="history-restore-confirm" />
        </DialogActions>
      </Dialog>
    </Paper>
  );
};
