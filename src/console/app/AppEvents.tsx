import { Stack } from '@mui/material';
import { AppEventLog } from './AppEventLog.tsx';
import { EventEndpoint } from './EventEndpoint.tsx';
import { EventSubscriptions } from './EventSubscriptions.tsx';
import type { AppRecord } from './useApp.ts';

/** `/business/app/:id/eventSubscriptions`: where the app's events go, which it receives, and what happened to each push. */
export const AppEvents = ({ app }: { app: AppRecord }) => (
  <Stack spacing={2} data-testid="app-events">
    <EventEndpoint app={app} />
    <EventSubscriptions app={app} />
    <AppEventLog app={app} />
  </Stack>
);
