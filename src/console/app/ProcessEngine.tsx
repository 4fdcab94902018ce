import { Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { Link } from 'react-router-dom';
import { post } from '../../../dataProvider/http.ts';
import { useLang } from '../../shell/LangContext.tsx';
import type { AppRecord } from './useApp.ts';
import { formatInstant } from '../../shell/dates.ts';

interface Process {
  guid: string;
  name: string;
  code: string;
  steps: { name: string }[];
}
interface Run {
  guid: string;
  title: string;
  process_name: string;
  step_name: string | null;
  state: number;
  created_at: string;
}

const ABILITY = 'process-engine';

/**
 * `/business/app/:id/ability/processEngine`: whether the app bound the process engine, the BU's
 * processes it may start (their codes), the open-API calls, and the runs it started
 * (docs/tenant-console.md "Approval processes").
 */
export const ProcessEngine = ({ app }: { app: AppRecord }) => {
  const { t } = useLang();
  const bound = (app.ability_codes ?? []).includes(ABILITY);
  const processes = useQuery({ queryKey: ['open-api-processes'], queryFn: () => post<Process[]>('/open/system/process/list', { trigger: 'open_api', status: 0 }, { silent: true }) });
  const runs = useQuery({ queryKey: ['app-runs', app.guid], queryFn: () => post<{ list: Run[] }>('/open/system/process/instance/page', { app_guid: app.guid, page: 1, page_size: 20 }, { silent: true }) });
  return (
    <Stack spacing={2} data-testid="process-engine">
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">{t('apps.process_engine.title')}</Typography>
            <Typography variant="body2">{t('apps.process_engine.intro')}</Typography>
            {bound ? (
              <Chip color="success" label={t('apps.process_engine.bound')} sx={{ alignSelf: 'flex-start' }} data-testid="engine-bound" />
            ) : (
              <Alert severity="info" action={<Button component={Link} to={`/business/app/${app.guid}/ability`}>{t('apps.process_engine.bind')}</Button>} data-testid="engine-unbound">
                {t('apps.process_engine.not_bound')}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>{t('apps.process_engine.processes')}</Typography>
          {processes.isPending ? <PageLoading /> : processes.isError ? <Alert severity="warning">{t('apps.process_engine.no_access')}</Alert> : !processes.data?.length ? (
            <Typography color="text.secondary" data-testid="engine-no-processes">
              {t('apps.process_engine.none')} <Link to="/business/process">{t('apps.process_engine.manage')}</Link>
            </Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('resources.process.fields.name')}</TableCell>
                  <TableCell>{t('resources.process.fields.code')}</TableCell>
                  <TableCell>{t('resources.process.fields.steps')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {processes.data.map((p) => (
                  <TableRow key={p.guid}>
                    <TableCell>{p.name}</TableCell>
                    <TableCell><code>{p.code}</code></TableCell>
                    <TableCell>{p.steps.map((s) => s.name).join(' → ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Typography variant="subtitle2" sx={{ mt: 2 }}>{t('apps.process_engine.calls')}</Typography>
          <Box component="pre" sx={{ bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto', fontSize: 13 }}>
            {`POST /open/api/v1/process/start\n{ "process_code": "${processes.data?.[0]?.code ?? 'leave'}", "title": "…", "data": { } }\n\nPOST /open/api/v1/process/instance/get\n{ "guid": "…" }`}
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>{t('apps.process_engine.runs')}</Typography>
          {runs.isPending ? <PageLoading /> : !runs.data?.list.length ? (
            <Typography color="text.secondary">{t('apps.process_engine.no_runs')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('resources.process-instance.fields.title')}</TableCell>
                  <TableCell>{t('resources.process-instance.fields.process_name')}</TableCell>
                  <TableCell>{t('resources.process-instance.fields.step_name')}</TableCell>
                  <TableCell>{t('resources.process-instance.fields.state')}</TableCell>
                  <TableCell>{t('common.fields.created_at')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {runs.data.list.map((r) => (
                  <TableRow key={r.guid}>
                    <TableCell>{r.title}</TableCell>
                    <TableCell>{r.process_name}</TableCell>
                    <TableCell>{r.step_name ?? '—'}</TableCell>
                    <TableCell>{t(`resources.process-instance.values.state.${r.state}`)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(r.created_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
};
