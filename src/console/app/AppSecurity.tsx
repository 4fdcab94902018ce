import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Loading } from 'react-admin';
import { post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { appSecuritySchema } from '../../../schemas/app.ts';
import { check, Field, formValues, serverErrors, type Errors } from '../../pages/auth/fields.tsx';
import { useLang } from '../../shell/LangContext.tsx';
import type { AppRecord } from './useApp.ts';

interface Security {
  guid: string | null;
  ip_whitelist: string[];
  redirect_urls: string[];
}
/** One entry per line; blank lines are ignored. */
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const label = (field: string) => `resources.app-security.fields.${field}`;
const HINTS = { ip_whitelist: 'apps.ip_hint', redirect_urls: 'apps.redirect_hint' } as const;

/** `/business/app/:id/security`: where the app's calls may come from and where sign-ins return. */
export const AppSecurity = ({ app }: { app: AppRecord }) => {
  const { t } = useLang();
  const client = useQueryClient();
  const key = ['app-security', app.guid];
  const q = useQuery({ queryKey: key, queryFn: () => post<Security>('/open/app/get-app-security', { app_guid: app.guid }) });
  const [errors, setErrors] = useState<Errors>({});
  if (q.isPending) return <Loading />;
  const current = q.data ?? { guid: null, ip_whitelist: [], redirect_urls: [] };

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = formValues(e.currentTarget);
    const values = { app_guid: app.guid, ip_whitelist: lines(raw.ip_whitelist), redirect_urls: lines(raw.redirect_urls) };
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
          <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} data-testid="save-security">
            {t('tenant.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
