import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { loadMessages, messagesOf, raMessages } from '../../i18n/messages.ts';
import type { Lang } from '../../i18n/languages.ts';
import { resources } from '../../dataProvider/definitions.ts';
import { routeOf } from '../../dataProvider/calls.ts';

/**
 * react-admin names a resource by its route (`columns`), the labels by definition (`column-config`):
 * each route gets its definition's labels as an alias. The language must be loaded (i18n/messages.ts
 * loads the current one before the console renders; the shell loads another before switching).
 */
export const consoleMessages = (lang: Lang) => {
  const base = messagesOf(lang) as { resources: Record<string, unknown> };
  const aliases = Object.fromEntries(resources.filter((d) => routeOf(d) !== d.name).map((d) => [routeOf(d), base.resources[d.name]]));
  return { ...raMessages[lang], ...base, resources: { ...base.resources, ...aliases } } as unknown as TranslationMessages;
};

export const i18nProviderFor = (lang: Lang) =>
  polyglotI18nProvider(
    // The first language is loaded (synchronous, as ra-i18n-polyglot requires); a switch loads the next one first.
    (l) => (raMessages[l as Lang] ? consoleMessages(l as Lang) : loadMessages(l as Lang).then(() => consoleMessages(l as Lang))),
    lang,
    [
      { locale: 'zh', name: '简体中文' },
      { locale: 'hk', name: '繁體中文' },
      { locale: 'en', name: 'English' },
    ],
    { allowMissing: true },
  );
