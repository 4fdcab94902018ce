import { Alert, Button, IconButton, Stack, Table, TableBody, TableCell, TableRow, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { toast } from '../../dataProvider/events.ts';
import { post } from '../../dataProvider/http.ts';
import { useLang } from '../shell/LangContext.tsx';

interface Check {
  ok: boolean;
  message: string;
  items: { label: string; value: string; copy?: boolean }[];
}

/**
 * A single row's live check (a definition screen's `check`: SSO's "Test connection"): the
 * server's sentence on what is right or wrong, and what it found, with copy buttons on the
 * addresses to register elsewhere.
 */
export const CheckPanel = ({ rc, call, bound }: { rc: ResourceCalls; call: string; bound: Record<string, unknown> }) => {
  const translate = useTranslate();
  const { t } = useLang();
  const [check, setCheck] = useState<Check>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setCheck(await post<Check>(rc.path(call), bound));
    } catch {
      // Toasted by the http client.
    } finally {
      setBusy(false);
    }
  };
  const copy = async (value: string) => {
    await navigator.clipboard.writeText(value);
    toast(t('check.copied'), 'success');
  };
  return (
    <Stack spacing={1} data-testid="check-panel">
      <Button variant="outlined" onClick={run} disabled={busy} sx={{ alignSelf: 'flex-start' }} data-testid="check-run">
        {translate(`resources.${rc.def.name}.actions.test`)}
      </Button>
      {check && (
        <Alert severity={check.ok ? 'success' : 'error'} data-testid="check-result">
          {check.message}
        </Alert>
      )}
      {check && check.items.length > 0 && (
        <Table size="small" data-testid="check-items">
          <TableBody>
            {check.items.map((item) => (
              <TableRow key={item.label}>
                <TableCell component="th" scope="row">
                  {item.label}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{item.value}</TableCell>
                <TableCell padding="checkbox">
                  {item.copy && (
                    <Tooltip title={t('check.copy')}>
                      <IconButton aria-label={`${t('check.copy')} ${item.label}`} onClick={() => copy(item.value)} size="small">
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
};
