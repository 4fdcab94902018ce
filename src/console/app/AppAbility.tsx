import { Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { seededText } from './seeded.ts';
import { useRefreshApp, type AppRecord } from './useApp.ts';

interface Ability {
  guid: string;
  code: string;
  name: string;
  description: string | null;
}

/** `/business/app/:id/ability`: the platform's abilities, each switched on or off for this app, saved together. */
export const AppAbility = ({ app }: { app: AppRecord }) => {
  const { t, lang } = useLang();
  const refresh = useRefreshApp(app.guid);
  const abilities = useQuery({ queryKey: ['abilities'], queryFn: () => post<Ability[]>('/open/app/ability/list', {}) });
  const [bound, setBound] = useState(() => new Set(app.ability_codes ?? []));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await post('/open/app/ability/bind', { guid: app.guid, ability_codes: [...bound] });
      toast(t('tenant.saved'), 'success');
      await refresh();
    } catch {
      // The http client has shown the server's sentence.
    } finally {
      setBusy(false);
    }
  };
  if (abilities.isPending) return <PageLoading />;
  return (
    <Card variant="outlined" data-testid="app-ability">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {t('resources.ability.name', { smart_count: 2 })}
          </Typography>
          {(abilities.data ?? []).map((a) => (
            <Stack key={a.code}>
              <FormControlLabel
                control={
                  <Switch
                    checked={bound.has(a.code)}
                    onChange={(e) =>
                      setBound((b) => {
                        const next = new Set(b);
                        if (e.target.checked) next.add(a.code);
                        else next.delete(a.code);
                        return next;
                      })
                    }
                    data-testid={`ability-${a.code}`}
                  />
                }
                label={seededText(lang, 'ability', a.code, 'name', a.name)}
              />
              {a.description && (
                <Typography variant="body2" color="text.secondary" sx={{ pl: 6 }}>
                  {seededText(lang, 'ability', a.code, 'description', a.description)}
                </Typography>
              )}
            </Stack>
          ))}
          <Button variant="contained" onClick={save} disabled={busy} sx={{ alignSelf: 'flex-start' }} data-testid="save-abilities">
            {t('tenant.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
