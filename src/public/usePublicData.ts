import { useEffect, useState } from 'react';
import { useLang } from '../shell/LangContext.tsx';
import { publicRead } from './call.ts';

/** Answers kept for the session by language, path and body: going back to a page shows it at once. */
const cache = new Map<string, { at: number; value: unknown }>();

/**
 * A public read as page state: the data, the error to show in place, or loading. A kept answer
 * shows at once and is read again behind it, unless it is younger than `maxAgeMs` (the API
 * table's ten minutes, spec §9).
 */
export const usePublicData = <T,>(path: string | null, body: unknown = {}, maxAgeMs = 0) => {
  const { lang } = useLang();
  const key = path ? `${lang} ${path} ${JSON.stringify(body)}` : '';
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ key: string; data?: T; error?: string }>({ key: '' });
  useEffect(() => {
    if (!path) return;
    const hit = cache.get(key);
    if (hit && round === 0) {
      setState({ key, data: hit.value as T });
      if (Date.now() - hit.at < maxAgeMs) return;
    }
    let live = true;
    publicRead<T>(path, body, lang).then(
      (data) => {
        cache.set(key, { at: Date.now(), value: data });
        if (live) setState({ key, data });
      },
      (e: Error) => live && setState((s) => ({ key, data: s.key === key ? s.data : undefined, error: e.message })),
    );
    return () => {
      live = false;
    };
  }, [key, round]); // `key` stands for the path, the body and the language
  const mine: { data?: T; error?: string } = state.key === key ? state : { data: cache.get(key)?.value as T | undefined };
  return { data: mine.data, error: mine.error, loading: !!path && mine.data === undefined && !mine.error, reload: () => setRound((n) => n + 1) };
};
