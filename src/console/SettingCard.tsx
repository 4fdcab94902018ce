import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useLang } from '../shell/LangContext.tsx';

/** One card of a settings page: a form with its title, its fields and a save button. */
export const SettingCard = ({ testId, title, onSubmit, children, maxWidth }: { testId: string; title: string; onSubmit(e: FormEvent<HTMLFormElement>): void; children: ReactNode; maxWidth?: number }) => {
  const { t } = useLang();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid={testId} sx={{ maxWidth }}>
          <Typography variant="subtitle1">{title}</Typography>
          {children}
          <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            {t('tenant.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
