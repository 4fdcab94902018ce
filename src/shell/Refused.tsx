import { Box, Button, Stack, Typography } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { authorised, type Refusal } from '../routes/guard.ts';
import { useLang } from './LangContext.tsx';
import { useSession } from './SessionContext.tsx';
import { CERTIFICATION, useConsoleNav } from './useConsoleNav.ts';

/** Why a page is not shown: the guard's reasons, and a console path that names no page. */
export type RefusalReason = Refusal | 'no_page';

/**
 * A page the person may not open, explained where they are (inside the console's frame) in their
 * console's words, with a way on: back, to certification when that is what is missing, or to the
 * start of their own console.
 */
export const Refused = ({ reason }: { reason: RefusalReason }) => {
  const { t } = useLang();
  const session = useSession();
  const navigate = useNavigate();
  const { start } = useConsoleNav();
  const certify = reason === 'unverified' && !session.operator && authorised(session.permissions.urls, CERTIFICATION, session.permissions.pages);
  // The first page of a visit has no page to go back to.
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Box data-testid="refused" data-reason={reason} sx={{ py: 4, maxWidth: 640 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('guard.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t(session.operator ? `guard.operator.${reason}` : `guard.${reason}`)}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {certify && (
          <Button variant="contained" component={Link} to={CERTIFICATION} data-testid="refused-certify">
            {t('guard.to_certification')}
          </Button>
        )}
        {canGoBack && (
          <Button variant={certify ? 'outlined' : 'contained'} onClick={() => navigate(-1)} data-testid="refused-back">
            {t('guard.back')}
          </Button>
        )}
        <Button variant="outlined" component={Link} to={start} data-testid="refused-console">
          {t(session.operator ? 'guard.to_operation' : 'guard.to_console')}
        </Button>
      </Stack>
    </Box>
  );
};
