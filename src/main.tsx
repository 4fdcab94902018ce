import createCache from '@emotion/cache';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadUiMessages } from '../i18n/client.ts';
import { isLang, LANGUAGES } from '../i18n/languages.ts';
import { chosenLanguage, language, rememberLanguage, showLanguage, validToken } from '../dataProvider/session.ts';
import { App } from './App.tsx';
import { seedPublicData } from './public/usePublicData.ts';
import { Providers } from './shell/Providers.tsx';
import { STATE_ID, type RenderedState } from './ssr/context.ts';

/** The light entry: public pages render from here; the console is a lazy chunk (src/App.tsx). */
const chosen = chosenLanguage();
// The server renders a page in the cookie's language: a choice stored before the cookie existed joins it.
if (chosen) rememberLanguage(chosen);
// A mailed link names the mail's language (server/mail/link.ts): shown, and remembered when nothing
// was chosen; the address then loses it, so a reload or a later switch is not overruled by it.
const address = new URL(window.location.href);
const linked = address.searchParams.get('lang');
if (isLang(linked)) {
  if (chosen) showLanguage(linked);
  else rememberLanguage(linked);
}
if (address.searchParams.has('lang')) {
  address.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', address);
}
const lang = language();
document.documentElement.lang = LANGUAGES[lang];
const basename = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';
const here = `${window.location.pathname.slice(basename === '/' ? 0 : basename.length) || '/'}${window.location.search}`;

const rendered = (): RenderedState | null => {
  const el = document.getElementById(STATE_ID);
  try {
    return el?.textContent ? (JSON.parse(el.textContent) as RenderedState) : null;
  } catch {
    return null;
  }
};

const start = () => {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <BrowserRouter basename={basename}>
        <Providers cache={createCache({ key: 'css' })}>
          <App />
        </Providers>
      </BrowserRouter>
    </StrictMode>
  );
  // A server-rendered page (server/http/page-render.ts) is hydrated when this browser would render
  // the same: same page, same language, nobody signed in. Otherwise it renders afresh.
  const state = rendered();
  if (state && state.url === here && state.lang === lang && !validToken()) {
    seedPublicData(state.answers);
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
};
// The default language's messages are in this entry; another stored language is fetched first
// (if that fails, the default language's words show).
void loadUiMessages(lang).finally(start);
