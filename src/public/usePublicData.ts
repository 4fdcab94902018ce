import { use, useContext, useEffect, useState } from 'react';
import { useLang } from '../shell/LangContext.tsx';
import { readKey, ServerRenderContext, type Answer } from '../ssr/context.ts';
import { publicRead } from './call.ts';

/**
 * Answers kept for the session by language, path and body: going back to a page shows it at once.
 * `served` marks an answer the server rendered the page with: it is not read again on hydration.
 */
const cache = new Map<string, { at: number; value?: unknown; error?: string; served?: boolean }>();

/** The answers a server-rendered page was rendered with (src/main.tsx, before hydrating). */
export const seedPublicData = (answers: Record<string, Answer>) => {
  for (const [key, a] of Object.entries(answers)) cache.set(key, { at: Date.now(), value: a.data, error: a.error, served: true });
};

/**
 * A public read as page state: the data, the error to show in place, or loading. A kept answer
 * shows at once and is read again behind it, unless it is younger than `maxAgeMs` (the API
 * table's ten minutes, spec §9). On the server the page waits for the answer instead.
 */
export const usePublicData = <T,>(path: string | null, body: unknown = {}, maxAgeMs = 0) => {
  const { lang } = useLang();
  const server = useContext(ServerRenderContext);
  const key = path ? readKey(lang, path, body) : '';
  const rendered = server && path ? use(server.read(key, path, body)) : undefined;
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ key: string; data?: T; error?: string }>({ key: '' });
  useEffect(() => {
    if (!path) return;
    const hit = cache.get(key);
    if (hit && round === 0) {
      setState({ key, data: hit.value as T, error: hit.error });
      if (hit.served) {
        hit.served = false;
        return;
      }
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
  const kept = cache.get(key);
  const mine: { data?: T; error?: string } = rendered
    ? { data: rendered.data as T, error: rendered.error }
    : state.key === key ? state : { data: kept?.value as T | undefined, error: kept?.error };
  return { data: mine.data, error: mine.error, loading: !!path && mine.data === undefined && !mine.error, reload: () => setRound((n) => n + 1) };
};
