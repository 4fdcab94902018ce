import { Box, Button, Card, CardContent, Checkbox, Chip, Collapse, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { AUDIT, SCOPE } from '../../../schemas/app-scope.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { Empty } from '../EmptyState.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { appScopesKey, useAppScopes } from './eventTypes.ts';
import { seededText } from './seeded.ts';
import type { AppRecord } from './useApp.ts';
import { formatInstant } from '../../shell/dates.ts';

interface Scope {
  guid: string;
  code: string;
  name: string;
  description: string | null;
  status: number;
}
interface Application {
  guid: string;
  group_codes: string[];
  status: number;
  remark: string | null;
  created_at: string;
}
const SCOPE_TONE = { [SCOPE.closed]: 'default', [SCOPE.review]: 'warning', [SCOPE.open]: 'success' } as const;
const AUDIT_TONE = { [AUDIT.pending]: 'warning', [AUDIT.passed]: 'success', [AUDIT.rejected]: 'error', [AUDIT.complete]: 'default' } as const;

/** The APIs a scope unlocks (the public scope table), shown under its row. */
const ScopeApis = ({ scope }: { scope: Scope }) => {
  const { t } = useLang();
  const q = useQuery({ queryKey: ['scope-apis', scope.guid], queryFn: () => post<{ list: { name: string; api_code: string; path: string }[] }>('/open/api-field/group-api-detail', { guid: scope.guid, page: 1, page_size: 50 }) });
  if (q.isPending) return <PageLoading />;
  if (!q.data?.list.length) return <Typography variant="body2">{t('apps.no_apis')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {q.data.list.map((a) => (
        <li key={a.api_code}>
          <Typography variant="body2">
            <code>{a.path}</code> — {a.name}
          </Typography>
        </li>
      ))}
    </Box>
  );
};

const ScopeRow = ({ scope: row, checked, onCheck }: { scope: Scope; checked: boolean; onCheck(v: boolean): void }) => {
  const { t, lang } = useLang();
  const [open, setOpen] = useState(false);
  const scope = { ...row, name: seededText(lang, 'api-group', row.code, 'name', row.name)!, description: seededText(lang, 'api-group', row.code, 'description', row.description) };
  const state = t(`apps.scope_status.${scope.status}`);
  return (
    <>
      <TableRow data-testid={`scope-${scope.code}`}>
        <TableCell padding="checkbox">
          <Checkbox checked={checked} disabled={scope.status !== SCOPE.closed} onChange={(e) => onCheck(e.target.checked)} slotProps={{ input: { 'aria-label': t('apps.select_scope', { name: scope.name }) } }} />
        </TableCell>
        <TableCell>
          <Typography variant="body2">{scope.name}</Typography>
          <Typography variant="caption" component="code">
            {scope.code}
          </Typography>
        </TableCell>
        <TableCell>{scope.description}</TableCell>
        <TableCell>
          <Chip size="small" label={state} color={SCOPE_TONE[scope.status as keyof typeof SCOPE_TONE]} data-testid={`scope-status-${scope.code}`} />
        </TableCell>
        <TableCell padding="checkbox">
          <IconButton size="small" onClick={() => setOpen(!open)} aria-expanded={open} aria-label={t(open ? 'apps.hide_apis' : 'apps.show_apis', { name: scope.name })}>
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={5} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ py: 1 }}>
              <ScopeApis scope={scope} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
};

/** The app's applications for scopes, with what the tenant may do with each. */
const Applications = ({ app, onChange }: { app: AppRecord; onChange(): void }) => {
  const { t } = useLang();
  const q = useQuery({ queryKey: ['applications', app.guid], queryFn: () => post<{ list: Application[] }>('/open/app/permissions/audit-record/page', { app_guid: app.guid, page: 1, page_size: 50 }) });
  const act = async (call: string, guid: string) => {
    await post(`/open/app/permissions/audit-record/${call}`, { guid });
    onChange();
  };
  if (q.isPending) return <PageLoading />;
  if (!q.data?.list.length) return <Empty text={t('apps.no_applications')} />;
  return (
    <Table size="small" data-testid="applications">
      <TableHead>
        <TableRow>
          <TableCell>{t('resources.audit-record.fields.group_codes')}</TableCell>
          <TableCell>{t('resources.audit-record.fields.status')}</TableCell>
          <TableCell>{t('resources.audit-record.fields.remark')}</TableCell>
          <TableCell>{t('apps.applied_at')}</TableCell>
          <TableCell>{t('list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {q.data.list.map((r) => (
          <TableRow key={r.guid} data-testid={`application-${r.status}`}>
            <TableCell>{r.group_codes.join(', ')}</TableCell>
            <TableCell>
              <Chip size="small" label={t(`resources.audit-record.values.status.${r.status}`)} color={AUDIT_TONE[r.status as keyof typeof AUDIT_TONE]} />
            </TableCell>
            <TableCell>{r.remark}</TableCell>
            <TableCell>{formatInstant(r.created_at)}</TableCell>
            <TableCell>
              {r.status === AUDIT.pending && <ConfirmButton label={t('actions.withdraw')} question={t('apps.withdraw_question')} onConfirm={() => act('close-audit', r.guid)} testId={`withdraw-${r.guid}`} />}
              {r.status === AUDIT.rejected && (
                <Button size="small" onClick={() => void act('open-audit', r.guid).catch(() => undefined)}>
                  {t('actions.reapply')}
                </Button>
              )}
              {r.status === AUDIT.passed && (
                <Button size="small" onClick={() => void act('sign-complete', r.guid).catch(() => undefined)}>
                  {t('actions.sign_complete')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** `/business/app/:id/permission`: each scope's state for this app, applying for several at once, and the applications. */
export const AppPermission = ({ app }: { app: AppRecord }) => {
  const { t } = useLang();
  const client = useQueryClient();
  const scopes = useAppScopes<Scope>(app.guid);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const reload = () => {
    void client.invalidateQueries({ queryKey: appScopesKey(app.guid) });
    void client.invalidateQueries({ queryKey: ['applications', app.guid] });
  };
  const apply = async () => {
    setBusy(true);
    try {
      await post('/open/app/permissions/audit-record/apply-permissions', { app_guid: app.guid, group_codes: [...picked] });
      toast(t('apps.applied', { smart_count: picked.size }), 'success');
      setPicked(new Set());
      reload();
    } catch {
      // The http client has shown the server's sentence.
    } finally {
      setBusy(false);
    }
  };
  if (scopes.isPending) return <PageLoading />;
  return (
    <Stack spacing={2} data-testid="app-permission">
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {t('apps.scopes')}
            </Typography>
            <Button variant="contained" disabled={!picked.size || busy} onClick={apply} data-testid="apply-scopes">
              {t('apps.apply', { count: picked.size })}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('apps.scopes_hint')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t('resources.api-group.fields.name')}</TableCell>
                  <TableCell>{t('resources.api-group.fields.description')}</TableCell>
                  <TableCell>{t('apps.scope_state')}</TableCell>
                  <TableCell padding="checkbox" />
                </TableRow>
              </TableHead>
              <TableBody>
                {(scopes.data ?? []).map((s) => (
                  <ScopeRow
                    key={s.code}
                    scope={s}
                    checked={picked.has(s.code)}
                    onCheck={(v) =>
                      setPicked((p) => {
                        const next = new Set(p);
                        if (v) next.add(s.code);
                        else next.delete(s.code);
                        return next;
                      })
                    }
                  />
                ))}
              </TableBody>
            </Table>
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('apps.applications')}
          </Typography>
          <Applications app={app} onChange={reload} />
        </CardContent>
      </Card>
    </Stack>
  );
};
