import { Box, Button, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useLang } from '../../shell/LangContext.tsx';
import type { HistoryEntry } from './history.ts';
import { formatInstant } from '../../shell/dates.ts';

/** The app's last calls, newest first; picking one fills the form with it again. */
export const HistoryList = ({ entries, onPick, onClear }: { entries: HistoryEntry[]; onPick(entry: HistoryEntry): void; onClear(): void }) => {
  const { t } = useLang();
  const time = (at: number) => formatInstant(at);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('debug.history_hint')}
        </Typography>
        <Button size="small" onClick={onClear} disabled={entries.length === 0} sx={{ flexShrink: 0 }}>
          {t('debug.history_clear')}
        </Button>
      </Stack>
      {entries.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('debug.history_empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {entries.map((e) => (
            <ListItem key={`${e.at}:${e.path}`} disablePadding divider>
              <ListItemButton onClick={() => onPick(e)}>
                <ListItemText
                  primary={<Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>POST {e.path}</Box>}
                  secondary={t('debug.history_item', { time: time(e.at), status: e.status, code: e.code ?? '-', ms: e.ms })}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};
