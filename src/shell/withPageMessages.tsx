import { use, type ComponentType } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { useLang } from './LangContext.tsx';

/**
 * A page that renders once its own messages (`pageMessages`) are in for the current language. It
 * suspends until then: the page's Suspense fallback shows, a server-rendered page keeps its HTML
 * while hydrating, and the server waits for them.
 */
export const withPageMessages = (messages: { pending(lang: Lang): Promise<void> | null }, Page: ComponentType) => {
  const WithMessages = () => {
    const { lang } = useLang();
    const pending = messages.pending(lang);
    if (pending) use(pending);
    return <Page />;
  };
  return WithMessages;
};
