import { Alert, Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConsoleDef } from '../../resources/console-defs.ts';

/**
 * Secrets a create answered once (a store app's app secret and server secret), shown on the page the
 * new record opens: the server keeps only their hashes, so this is the one time they can be read.
 */
export const RevealedSecrets = ({ def, secrets }: { def: ConsoleDef; secrets: Record<string, string> }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" data-testid="revealed" sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{translate('record_page.secret_once')}</Typography>
      {Object.entries(secrets).map(([field, value]) => (
        <Stack key={field} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{translate(`resources.${def.name}.fields.${field}`)}:</Typography>
          <Box component="code" sx={{ wordBreak: 'break-all', userSelect: 'all' }} data-testid={`revealed-${field}`}>
            {value}
          </Box>
        </Stack>
      ))}
    </Alert>
  );
};
