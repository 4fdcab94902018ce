import { language } from '../dataProvider/session.ts';
import { loadUiMessages, registerLanguageLoader, registerSharedMessages, uiMessages } from './client.ts';
import type { Lang } from './languages.ts';

type LangModule = { shared: Record<string, unknown>; ra: object };
/** One chunk per language: only the current language's messages are fetched. */
const importers: Record<Lang, () => Promise<LangModule>> = {
  zh: () => import('./lang/zh.ts'),
  hk: () => import('./lang/hk.ts'),
  en: () => import('./lang/en.ts'),
};

/** Everything the browser shows, per loaded language: the shared messages (server, validation, resource labels) plus the UI's own. */
export const clientMessages: Partial<Record<Lang, Record<string, unknown>>> = {};
/** react-admin's own messages, per loaded language. */
export const raMessages: Partial<Record<Lang, object>> = {};

const pending = new Map<Lang, Promise<void>>();
/** Fetches a language's messages once; `tr` reads them as soon as they are in. */
export const loadMessages = (lang: Lang): Promise<void> => {
  let p = pending.get(lang);
  if (!p) {
    p = Promise.all([importers[lang](), loadUiMessages(lang)]).then(([m]) => {
      clientMessages[lang] = { ...m.shared, ...uiMessages[lang] };
      raMessages[lang] = m.ra;
      registerSharedMessages(lang, m.shared);
    });
    p.catch(() => pending.delete(lang));
    pending.set(lang, p);
  }
  return p;
};

/**
 * The messages of a loaded language. Asked during a render before they are in, it throws the
 * pending load, which suspends that component until they arrive (React Suspense), then renders again.
 */
export const messagesOf = (lang: Lang): Record<string, unknown> => {
  const m = clientMessages[lang];
  if (!m) throw loadMessages(lang);
  return m;
};

// From now on a language switch in the shell waits for that language's messages (i18n/client.ts).
registerLanguageLoader(loadMessages);
// Importing this module (the console, the tenant pages) starts fetching the current language at
// once. Not a top-level await: one in the build makes Rolldown give up merging chunks (~9 KB more).
void loadMessages(language());
