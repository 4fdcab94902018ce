import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { LangProvider, useLang } from './LangContext.tsx';
import { withMuiTexts } from './muiTexts.ts';
import { SessionProvider } from './SessionContext.tsx';
import { themeOptions } from './theme.ts';
import { Toaster } from './Toaster.tsx';

/** The product's theme, MUI's own words in the reader's language. */
const LocalisedTheme = ({ children }: { children: ReactNode }) => {
  const { t } = useLang();
  const theme = useMemo(() => createTheme({ ...themeOptions, components: withMuiTexts(themeOptions.components, t) }), [t]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
};

/**
 * Everything around the routes, the same in the browser (src/main.tsx) and on the server
 * (src/entry-server.tsx): hydration needs one tree. Styles go to `cache` (key `css` on both sides,
 * so the browser adopts the server's style tags).
 */
export const Providers = ({ cache, lang, children }: { cache: EmotionCache; lang?: Lang; children: ReactNode }) => (
  <CacheProvider value={cache}>
    <LangProvider initial={lang}>
      <LocalisedTheme>
        <SessionProvider>
          {children}
          <Toaster />
        </SessionProvider>
      </LocalisedTheme>
    </LangProvider>
  </CacheProvider>
);
