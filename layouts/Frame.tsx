import { Box, Container } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteDef } from '../src/routes/table.ts';
import { FloatingBar } from './FloatingBar.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The console layouts (menus, breadcrumbs) load with the first console page, never on public ones. */
export const loadConsoleFrame = () => import('./ConsoleFrame.tsx');
const ConsoleFrame = lazy(loadConsoleFrame);

/** The five layout kinds of spec §2, chosen by the route. */
export const Frame = ({ route, children }: { route: RouteDef; children: ReactNode }) => {
  const scene = route.scene === 'open' || route.public ? 'open' : 'console';
  switch (route.layout) {
    case 'content':
      return <Box sx={{ minHeight: '100vh' }}>{children}</Box>;
    case 'top':
      return (
        <Box sx={{ minHeight: '100vh' }}>
          <Header scene={scene} />
          <Container sx={{ py: 3 }}>{children}</Container>
          <FloatingBar />
        </Box>
      );
    case 'topSidebar':
    case 'sidebar':
      return (
        <Suspense fallback={null}>
          <ConsoleFrame route={route}>{children}</ConsoleFrame>
        </Suspense>
      );
    default:
      return (
        <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
          <Header scene={scene} />
          <Box component="main" sx={{ flex: 1 }}>
            {children}
          </Box>
          <Footer />
          <FloatingBar />
        </Box>
      );
  }
};
