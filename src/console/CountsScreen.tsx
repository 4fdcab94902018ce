import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { post } from '../../dataProvider/http.ts';
import { useLang } from '../shell/LangContext.tsx';
import { Empty } from './EmptyState.tsx';
import { StatusValue } from './fields.tsx';
import { fieldLabel, titleOf } from './registry.ts';

/**
 * A call answering `{ counts }` (the enterprise panel) beside the BU (`bu`) and the definition's
 * record fields: the BU's name, the record's status (in its tone) and title, one card per count.
 */
export const CountsScreen = ({ rc, call }: { rc: ResourceCalls; call: string }) => {
  const { t } = useLang();
  const q = useQuery({ queryKey: [rc.route, call], queryFn: () => post<Record<string, unknown> & { bu?: { name?: string }; counts: Record<string, number> }>(rc.path(call), {}) });
  if (q.isPending) return <Loading />;
  if (!q.data) return <Empty text={t('page.not_available')} />;
  const status = rc.def.api.status?.field;
  const title = rc.def.admin.titleField && q.data[rc.def.admin.titleField] ? titleOf(rc.def, q.data) : undefined;
  return (
    <Stack spacing={2} data-testid="counts-screen">
      <Typography variant="h6">{q.data.bu?.name}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        {status && (
          <>
            <Typography>{t(fieldLabel(rc.def, status))}:</Typography>
            <StatusValue def={rc.def} field={status} value={q.data[status]} testId="counts-status" />
          </>
        )}
        {title && <Typography>{title}</Typography>}
      </Stack>
      <Grid container spacing={2}>
        {Object.entries(q.data.counts ?? {}).map(([k, v]) => (
          <Grid key={k} size={{ xs: 6, md: 3 }}>
            <Card variant="outlined" data-testid={`count-${k}`}>
              <CardContent>
                <Typography color="text.secondary" variant="body2">
                  {t(`panel.counts.${k}`)}
                </Typography>
                <Typography variant="h4">{v}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
};
