import { createContext, useCallback, useContext, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LANGUAGES, type Lang } from '../../i18n/languages.ts';
import { loadLanguage, messagesArrived, onMessagesArrive, tr } from '../../i18n/client.ts';
import { language, rememberLanguage } from '../../dataProvider/session.ts';

interface LangValue {
  lang: Lang;
  setLang(lang: Lang): void;
  t(key: string, params?: Record<string, unknown>): string;
}

const Ctx = createContext<LangValue | null>(null);

/**
 * The chosen language: remembered in storage, sent as Accept-Language by the http client. A switch
 * first loads that language's messages (only the current language's are fetched), then re-renders.
 */
export const LangProvider = ({ initial, children }: { initial?: Lang; children: ReactNode }) => {
  const [lang, set] = useState<Lang>(() => initial ?? language());
  const latest = useRef<Lang>(lang);
  const setLang = useCallback((l: Lang) => {
    latest.current = l;
    void loadLanguage(l).then(() => {
      if (latest.current !== l) return; // a later switch wins
      rememberLanguage(l);
      document.documentElement.lang = LANGUAGES[l];
      set(l);
    }, () => undefined); // not fetched (offline): the page stays in the current language
  }, []);
  // A new `t` once the console's messages arrive: what read a key before they did reads it again.
  const arrived = useSyncExternalStore(onMessagesArrive, messagesArrived, messagesArrived);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback((key: string, params?: Record<string, unknown>) => tr(lang, key, params), [lang, arrived]);
  const value = useMemo(() => ({ lang, setLang, t }), [lang, setLang, t]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
};

export const useLang = () => {
  const v = useContext(Ctx);
  if (!v) throw new Error('useLang outside LangProvider');
  return v;
};
