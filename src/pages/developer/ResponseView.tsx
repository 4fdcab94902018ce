import { Alert, Box, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLang } from '../../shell/LangContext.tsx';
import type { CallResult } from './answer.ts';
import { preSx } from './CodeBlock.tsx';

/** The answer to the last call: HTTP status, envelope code, time, request id, the server's sentence and the body. */
export const ResponseView = ({ result }: { result: CallResult }) => {
  const { t } = useLang();
  const { status, code, message, ms, requestId, retryAfter, text, apply } = result;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" data-testid="debug-status" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip color={status >= 200 && status < 300 ? 'success' : 'error'} label={t('debug.http_status', { status })} />
        {code !== null && <Chip variant="outlined" color={code === 200 ? 'success' : 'warning'} label={t('debug.code', { code })} />}
        <Chip variant="outlined" label={t('debug.elapsed', { ms })} />
      </Stack>
      {requestId && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('debug.request_id')} <Box component="code">{requestId}</Box>
        </Typography>
      )}
      {apply ? (
        <Alert severity="warning" data-testid="debug-scope-missing">
          {message}{' '}
          <Link component={RouterLink} to={apply.to}>
            {t('debug.apply_for', { scope: apply.scope })}
          </Link>
        </Alert>
      ) : (
        code !== 200 && message && <Alert severity="warning">{message}</Alert>
      )}
      {status === 429 && retryAfter && <Alert severity="info">{t('debug.retry_after', { seconds: retryAfter })}</Alert>}
      <Box component="pre" data-testid="debug-response" tabIndex={0} role="region" aria-label={t('debug.response_body')} sx={preSx}>
        {text}
      </Box>
    </Stack>
  );
};
