import { Chip, Stack, Typography } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { useLocation } from 'react-router-dom';
import { Redirect } from '../../shell/Redirect.tsx';
import { ROUTES } from '../../routes/table.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { usePageMessages } from '../../shell/usePageMessages.ts';
import { AppAbility } from './AppAbility.tsx';
import { AppConfig } from './AppConfig.tsx';
import { AppEvents } from './AppEvents.tsx';
import { AppLog } from './AppLog.tsx';
import { AppPermission } from './AppPermission.tsx';
import { AppSecurity } from './AppSecurity.tsx';
import { ProcessEngine } from './ProcessEngine.tsx';
import { appMessages } from './messages.ts';
import { useApp, type AppRecord } from './useApp.ts';

const PAGES: Record<string, (p: { app: AppRecord }) => React.ReactNode> = {
  config: AppConfig,
  security: AppSecurity,
  permission: AppPermission,
  ability: AppAbility,
  'ability/processEngine': ProcessEngine,
  log: AppLog,
  eventSubscriptions: AppEvents,
};
/** Whether the route table offers an app's page for its type (permission and abilities: self-built and company-built apps only). */
const offeredFor = (sub: string, type: number) => {
  const route = ROUTES.find((r) => r.path === `/business/app/:id/${sub}`);
  return !!route && (!route.appTypes || route.appTypes.includes(type));
};

const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });


const AppPage = () => {
  const { t } = useLang();
  const [, , , guid, ...rest] = useLocation().pathname.split('/');
  const sub = rest.join('/');
  const app = useApp(guid);
  if (app.isPending) return <PageLoading />;
  // Not one of the caller's BU's apps (or gone): back to the list, where the server's sentence was shown.
  if (!app.data) return <Redirect to="/business/app" />;
  const Page = PAGES[sub];
  if (!Page || !offeredFor(sub, app.data.type)) return <Redirect to={`/business/app/${guid}/config`} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-testid="app-title">
          {app.data.name}
        </Typography>
        <Chip size="small" label={t(`resources.app.values.type.${app.data.type}`)} />
        <Chip size="small" color={app.data.status === 0 ? 'success' : 'default'} label={t(`resources.app.values.status.${app.data.status}`)} data-testid="app-status" />
      </Stack>
      <Page app={app.data} />
    </Stack>
  );
};

/** An app's own pages (`/business/app/:id/...`), beside the app sidebar, once their words are in. */
const AppPages = () => {
  const { lang } = useLang();
  return <QueryClientProvider client={queries}>{usePageMessages(appMessages, lang) ? <AppPage /> : <PageLoading />}</QueryClientProvider>;
};

export default AppPages;
