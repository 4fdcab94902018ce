import SendIcon from '@mui/icons-material/Send';
import { Box, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Button, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { referenceRoute, type ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { defByName, fieldLabel, valueLabel } from './registry.ts';
import { formatInstant } from '../shell/dates.ts';

interface Entry {
  guid: string;
  kind: number;
  side: string;
  author_name: string | null;
  content: string;
  attachments: string[];
  from_state: number | null;
  to_state: number | null;
  created_at: string;
}

/**
 * A record's conversation (a definition with `conversation`): the entries its `get` answers as
 * `records`, oldest first — replies, and moves between states in the record's own words — and a
 * reply form sent through the conversation's call on this side. What was typed stays on a refusal.
 */
export const Conversation = ({ rc }: { rc: ResourceCalls }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const conv = rc.def.admin.conversation!;
  const target = defByName(conv.resource)!;
  const route = useMemo(() => referenceRoute(rc, target), [rc, target]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const status = rc.def.api.status?.field;
  const entries = (record.records ?? []) as Entry[];
  const when = (iso: string) => formatInstant(iso);
  const state = (v: number | null) => (v === null || !status ? '' : translate(valueLabel(rc.def, status, v)));

  const send = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      await dataProvider.call(route, conv.reply, { [conv.field]: record.id, content: text.trim() });
      setText('');
      refresh();
    } catch {
      // The http client showed the server's sentence; the reply stays in the box.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={translate(fieldLabel(rc.def, 'records'))} sx={{ mt: 2 }} data-testid="conversation">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(fieldLabel(rc.def, 'records'))}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((e) => (
          <Paper component="li" key={e.guid} variant="outlined" data-testid="conversation-entry" sx={{ p: 1.5, bgcolor: e.kind === 0 && e.side !== (conv.side ?? rc.mount.side) ? 'action.hover' : undefined }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: e.content ? 0.5 : 0 }}>
              <Chip size="small" label={translate(valueLabel(target, 'side', e.side))} color={e.side === 'operator' ? 'primary' : 'default'} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {e.author_name ?? ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {when(e.created_at)}
              </Typography>
              {e.kind === 1 && (
                <Typography variant="body2" color="text.secondary" data-testid="conversation-move">
                  {e.from_state === null ? state(e.to_state) : `${state(e.from_state)} → ${state(e.to_state)}`}
                </Typography>
              )}
            </Stack>
            {e.content && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{e.content}</Typography>}
          </Paper>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
        <TextField
          label={translate(fieldLabel(target, 'content'))}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
          }}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'conversation-reply' } }}
          helperText={translate('conversation.hint')}
        />
        <Button label="conversation.send" variant="contained" disabled={busy || !text.trim()} onClick={() => void send()} startIcon={<SendIcon />} sx={{ whiteSpace: "nowrap", flexShrink: 0 }} data-testid="conversation-send" />
      </Stack>
    </Box>
  );
};
