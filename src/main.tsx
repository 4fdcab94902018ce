import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadUiMessages } from '../i18n/client.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { language } from '../dataProvider/session.ts';
import { App } from './App.tsx';
import { LangProvider } from './shell/LangContext.tsx';
import { SessionProvider } from './shell/SessionContext.tsx';
import { themeOptions } from './shell/theme.ts';
import { Toaster } from './shell/Toaster.tsx';

/** The light entry: public pages render from here; the console is a lazy chunk (src/App.tsx). */
const theme = createTheme(themeOptions);
document.documentElement.lang = LANGUAGES[language()];

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '') || '/'}>
          <LangProvider>
            <SessionProvider>
              <App />
              <Toaster />
            </SessionProvider>
          </LangProvider>
        </BrowserRouter>
      </ThemeProvider>
    </StrictMode>,
  );
// The default language's messages are in this entry; another stored language is fetched first
// (if that fails, the default language's words show).
void loadUiMessages(language()).finally(render);
