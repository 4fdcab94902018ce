import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { LANGUAGES } from '../i18n/languages.ts';
import { language } from '../dataProvider/session.ts';
import { App } from './App.tsx';
import { LangProvider } from './shell/LangContext.tsx';
import { SessionProvider } from './shell/SessionContext.tsx';
import { Toaster } from './shell/Toaster.tsx';

/** The light entry: public pages render from here; the console is a lazy chunk (src/App.tsx). */
const theme = createTheme({ palette: { primary: { main: '#1f5fbf' } } });
document.documentElement.lang = LANGUAGES[language()];

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
