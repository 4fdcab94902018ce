import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { clientMessages } from '../../i18n/messages.ts';
import type { Lang } from '../../i18n/index.ts';
import raHk from '../../i18n/ui/ra-hk.ts';
import raZh from '../../i18n/ui/ra-zh.ts';
import { resources } from '../../resources/index.ts';
import { routeOf } from '../../dataProvider/calls.ts';

const ra: Record<Lang, object> = { zh: raZh, hk: raHk, en: englishMessages };

/**
 * react-admin names a resource by its route (`columns`), the labels by definition (`column-config`):
 * each route gets its definition's labels as an alias.
 */
export const consoleMessages = (lang: Lang) => {
  const base = clientMessages[lang] as { resources: Record<string, unknown> };
  const aliases = Object.fromEntries(resources.filter((d) => routeOf(d) !== d.name).map((d) => [routeOf(d), base.resources[d.name]]));
  return { ...ra[lang], ...base, resources: { ...base.resources, ...aliases } } as unknown as TranslationMessages;
};

export const i18nProviderFor = (lang: Lang) =>
  polyglotI18nProvider((l) => consoleMessages(l as Lang), lang, [
    { locale: 'zh', name: '简体中文' },
    { locale: 'hk', name: '繁體中文' },
    { locale: 'en', name: 'English' },
  ], { allowMissing: true });
