import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import type { ReactNode } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { LangProvider } from './LangContext.tsx';
import { SessionProvider } from './SessionContext.tsx';
import { themeOptions } from './theme.ts';
import { Toaster } from './Toaster.tsx';

const theme = createTheme(themeOptions);

/**
 * Everything around the routes, the same in the browser (src/main.tsx) and on the server
 * (src/entry-server.tsx): hydration needs one tree. Styles go to `cache` (key `css` on both sides,
 * so the browser adopts the server's style tags).
 */
export const Providers = ({ cache, lang, children }: { cache: EmotionCache; lang?: Lang; children: ReactNode }) => (
  <CacheProvider value={cache}>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LangProvider initial={lang}>
        <SessionProvider>
          {children}
          <Toaster />
        </SessionProvider>
      </LangProvider>
    </ThemeProvider>
  </CacheProvider>
);
