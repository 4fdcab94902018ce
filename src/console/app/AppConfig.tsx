import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { appSchema } from '../../../schemas/app.ts';
import { check, Field, formValues, serverErrors, type Errors } from '../../pages/auth/fields.tsx';
import { useLang } from '../../shell/LangContext.tsx';
import { SettingCard } from '../SettingCard.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { CopyButton } from './CopyButton.tsx';
import { takeRevealed } from './revealed.ts';
import { useRefreshApp, type AppRecord } from './useApp.ts';

const label = (field: string) => `resources.app.fields.${field}`;
/** What the developer edits here: the rest (code, type) is fixed at creation. */
const editable = appSchema.pick({ name: true, description: true, token_ttl: true });

/** A secret shown once: copy it now, it is never shown again. */
const Revealed = ({ secrets }: { secrets: Record<string, string> }) => {
  const { t } = useLang();
  return (
    <Alert severity="warning" data-testid="revealed">
      <Typography variant="subtitle2">{t('apps.secret_once')}</Typography>
      {Object.entries(secrets).map(([field, value]) => (
        <Stack key={field} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{t(label(field))}:</Typography>
          <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid={`revealed-${field}`}>
            {value}
          </Box>
          <CopyButton text={value} label={t('apps.copy_field', { field: t(label(field)) })} testId={`copy-${field}`} />
        </Stack>
      ))}
    </Alert>
  );
};

/** `/business/app/:id/config`: the credentials (app id, secret reset) and the app's own settings. */
export const AppConfig = ({ app }: { app: AppRecord }) => {
  const { t } = useLang();
  const refresh = useRefreshApp(app.guid);
  const [secrets, setSecrets] = useState(() => takeRevealed(app.guid));
  const [errors, setErrors] = useState<Errors>({});

  const reset = async () => {
    const answer = await post<{ app_secret: string }>('/open/app/reset-secret', { guid: app.guid });
    setSecrets({ app_secret: answer.app_secret });
  };
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = formValues(e.currentTarget);
    const values = { name: raw.name, description: raw.description || undefined, token_ttl: Number(raw.token_ttl) };
    const found = check(editable, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await post('/open/app/update-info', { guid: app.guid, ...values });
      toast(t('tenant.saved'), 'success');
      await refresh();
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
  const setStatus = async (status: number) => {
    await post('/open/app/update-status', { guid: app.guid, status });
    await refresh();
  };

  return (
    <Stack spacing={2} data-testid="app-config">
      {secrets && <Revealed secrets={secrets} />}
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              {t('apps.credentials')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ minWidth: 120 }}>{t(label('app_id'))}</Typography>
              <Box component="code" data-testid="app-id">
                {app.app_id}
              </Box>
              <CopyButton text={app.app_id} label={t('apps.copy_field', { field: t(label('app_id')) })} testId="copy-app-id" />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ minWidth: 120 }}>{t(label('app_secret'))}</Typography>
              <Box component="code" aria-label={t('apps.secret_hidden')}>
                ••••••••••••••••
              </Box>
              <ConfirmButton label={t('apps.reset_secret')} question={t('apps.reset_question')} onConfirm={reset} color="warning" testId="reset-secret" />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('apps.token_validity', { seconds: app.token_ttl })}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      <SettingCard testId="app-info-form" title={t('apps.basic')} onSubmit={save} maxWidth={560}>
        <Field name="name" label={t(label('name'))} defaultValue={app.name} errors={errors} required />
        <Field name="description" label={t(label('description'))} defaultValue={app.description ?? ''} errors={errors} multiline minRows={2} />
        <Field name="token_ttl" type="number" label={t(label('token_ttl'))} defaultValue={app.token_ttl} errors={errors} helperText={t('apps.token_ttl_hint')} />
      </SettingCard>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2">
              {t(label('status'))}
            </Typography>
            <Typography variant="body2">{t(app.status === 0 ? 'apps.enabled_text' : 'apps.disabled_text')}</Typography>
            {app.status === 0 ? (
              <ConfirmButton label={t('actions.disable')} question={t('apps.disable_question', { name: app.name })} onConfirm={() => setStatus(1)} color="error" variant="outlined" sx={{ alignSelf: 'flex-start' }} testId="disable-app" />
            ) : (
              <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => void setStatus(0).catch(() => undefined)} data-testid="enable-app">
                {t('actions.enable')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
};
