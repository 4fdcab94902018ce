import { Alert, Button, Card, CardContent, Checkbox, Chip, FormControlLabel, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { appSecuritySchema } from '../../../schemas/app.ts';
import { check, Field, formValues, serverErrors, type Errors } from '../../pages/auth/fields.tsx';
import { useLang } from '../../shell/LangContext.tsx';
import type { AppRecord } from './useApp.ts';
import { useAppScopes } from './eventTypes.ts';
import { seededText } from './seeded.ts';
import { CopyButton } from './CopyButton.tsx';
import { SCOPE } from '../../../schemas/app-scope.ts';

interface Security {
  guid: string | null;
  ip_whitelist: string[];
  redirect_urls: string[];
  oauth_public: boolean;
  oauth_disabled: boolean;
}
/** One entry per line; blank lines are ignored. */
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const label = (field: string) => `resources.app-security.fields.${field}`;
const HINTS = { ip_whitelist: 'apps.ip_hint', redirect_urls: 'apps.redirect_hint' } as const;

/** `/business/app/:id/security`: where the app's calls may come from and where sign-ins return. */
export const AppSecurity = ({ app }: { app: AppRecord }) => {
  const { t, lang } = useLang();
  const client = useQueryClient();
  const scopes = useAppScopes(app.guid);
  const key = ['app-security', app.guid];
  const q = useQuery({ queryKey: key, queryFn: () => post<Security>('/open/app/get-app-security', { app_guid: app.guid }) });
  const [errors, setErrors] = useState<Errors>({});
  if (q.isPending) return <PageLoading />;
  const current = q.data ?? { guid: null, ip_whitelist: [], redirect_urls: [], oauth_public: false, oauth_disabled: false };

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = formValues(e.currentTarget);
    const values = { app_guid: app.guid, ip_whitelist: lines(raw.ip_whitelist), redirect_urls: lines(raw.redirect_urls), oauth_public: raw.oauth_public === 'on' };
    const found = check(appSecuritySchema, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await post('/open/app/set-app-security', values);
      toast(t('tenant.saved'), 'success');
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };

  return (
    <Card variant="outlined" data-testid="app-security">
      <CardContent>
        <Stack component="form" spacing={2} onSubmit={save} noValidate sx={{ maxWidth: 640 }}>
          <Typography variant="h6" component="h2">
            {t('resources.app-security.name', { smart_count: 1 })}
          </Typography>
          {(['ip_whitelist', 'redirect_urls'] as const).map((field) => (
            <Field key={field} name={field} label={t(label(field))} defaultValue={current[field].join('\n')} errors={errors} multiline minRows={3} helperText={t(HINTS[field])} />
          ))}
          <FormControlLabel
            control={<Checkbox name="oauth_public" defaultChecked={current.oauth_public} slotProps={{ input: { 'data-testid': 'field-oauth_public' } as object }} />}
            label={t(label('oauth_public'))}
          />
          <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} data-testid="save-security">
            {t('tenant.save')}
          </Button>
        </Stack>
      </CardContent>
      <SignInWithPlatform app={app} disabled={current.oauth_disabled} scopes={(scopes.data ?? []).filter((x) => x.status === SCOPE.open).map((x) => seededText(lang, 'api-group', x.code, 'name', x.name)!)} />
    </Card>
  );
};

/** The OpenID client the app is (docs/oauth.md): where RPs discover the provider, its client_id, what it may ask for, and a trial sign-in. */
const SignInWithPlatform = ({ app, disabled, scopes }: { app: AppRecord; disabled: boolean; scopes: string[] }) => {
  const { t } = useLang();
  const discovery = `${window.location.origin}/.well-known/openid-configuration`;
  const start = async () => {
    const { location } = await post<{ location: string }>('/open/app/oauth/try-start', { app_guid: app.guid });
    window.location.assign(location);
  };
  return (
    <CardContent data-testid="app-oauth">
      <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
        <Typography variant="h6" component="h2">{t('oauth.section')}</Typography>
        {disabled && <Alert severity="warning">{t('oauth.disabled')}</Alert>}
        <Typography variant="body2" color="text.secondary">{t('oauth.section_hint')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ minWidth: 120 }}>{t('oauth.discovery')}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{discovery}</Typography>
          <CopyButton text={discovery} label={t('oauth.discovery')} testId="copy-discovery" />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ minWidth: 120 }}>{t('oauth.client_id')}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{app.app_id}</Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="oauth-may-request">
          <Typography variant="body2" sx={{ minWidth: 120 }}>{t('oauth.may_request')}</Typography>
          {['openid', 'profile', 'email', 'offline_access'].map((s) => <Chip key={s} size="small" label={s} />)}
          {scopes.map((s) => <Chip key={s} size="small" label={s} />)}
        </Stack>
        <Button variant="outlined" onClick={() => void start()} disabled={disabled} sx={{ alignSelf: 'flex-start' }} data-testid="oauth-try">{t('oauth.try')}</Button>
      </Stack>
    </CardContent>
  );
};
