import { Alert, Box, CircularProgress, Link as MuiLink, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CallError, post } from '../../../dataProvider/http.ts';
import { useLang } from '../../shell/LangContext.tsx';

interface Finished {
  app_guid: string;
  claims: Record<string, unknown>;
  scope: string;
}

/**
 * Back from "Try sign-in" (server/oauth/try.ts): the code is exchanged as the app and the ID
 * token's claims shown, as the app itself would read them; a refusal or a denial says so.
 */
export const TryResult = () => {
  const { t } = useLang();
  const [params] = useSearchParams();
  const [done, setDone] = useState<Finished>();
  const [refusal, setRefusal] = useState<string>();
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    const denied = params.get('error');
    if (denied) return setRefusal(t('oauth.try_denied', { error: params.get('error_description') ?? denied }));
    post<Finished>('/open/app/oauth/try-finish', { state: params.get('state') ?? '', code: params.get('code') ?? '' }, { silent: true })
      .then(setDone)
      .catch((e) => setRefusal(e instanceof CallError ? e.message : t('oauth.failed')));
  }, [params, t]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Paper sx={{ p: 4, width: 560, maxWidth: '95vw' }}>
        <Stack spacing={2}>
          <Typography component="h1" variant="h6">{t('oauth.try_title')}</Typography>
          {refusal ? (
            <Alert severity="error" data-testid="oauth-try-refusal">{refusal}</Alert>
          ) : !done ? (
            <CircularProgress aria-label={t('oauth.working')} />
          ) : (
            <>
              <Alert severity="success">{t('oauth.try_done')}</Alert>
              <Table size="small" aria-label={t('oauth.try_claims')} data-testid="oauth-try-claims">
                <TableBody>
                  {Object.entries(done.claims).map(([name, value]) => (
                    <TableRow key={name}>
                      <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{typeof value === 'string' ? value : JSON.stringify(value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <MuiLink component={Link} to={`/business/app/${done.app_guid}/security`}>{t('oauth.try_back')}</MuiLink>
            </>
          )}
          {refusal && <MuiLink component={Link} to="/business/app">{t('oauth.try_apps')}</MuiLink>}
        </Stack>
      </Paper>
    </Box>
  );
};
