import commonEn from './common/en.ts';
import commonHk from './common/hk.ts';
import commonZh from './common/zh.ts';
import resourcesEn from './resources/en.ts';
import resourcesHk from './resources/hk.ts';
import resourcesZh from './resources/zh.ts';
import serverEn from './server/en.ts';
import serverHk from './server/hk.ts';
import serverZh from './server/zh.ts';

import { acceptedTags, bestLanguage, DEFAULT_LANG, type Lang } from './languages.ts';
import { pluralForm } from './plural.ts';

export { DEFAULT_LANG, LANGUAGES, type Lang } from './languages.ts';

/** Messages shared by the server and the console: server answers, validation and resource labels. */
export const sharedMessages: Record<Lang, Record<string, unknown>> = {
  zh: { ...serverZh, ...commonZh, ...resourcesZh },
  hk: { ...serverHk, ...commonHk, ...resourcesHk },
  en: { ...serverEn, ...commonEn, ...resourcesEn },
};

/** The language of an Accept-Language header (i18n/languages.ts `bestLanguage`). */
export const langFromHeader = (header: string | undefined): Lang => bestLanguage(acceptedTags(header));

const lookup = (messages: Record<string, unknown>, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in (node as object)) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
};

/**
 * Message templates found in their own language, remembered: they never change once a language
 * has loaded, and the server looks the same few up on every call. Fallbacks are not remembered,
 * since the console may load the language later.
 */
const templates: Record<Lang, Map<string, string>> = { zh: new Map(), hk: new Map(), en: new Map() };
const templateOf = (lang: Lang, key: string) => {
  const known = templates[lang]?.get(key);
  if (known !== undefined) return known;
  const own = lookup(sharedMessages[lang], key);
  const found = own ?? lookup(sharedMessages[DEFAULT_LANG], key) ?? key;
  if (own !== undefined) templates[lang]?.set(key, found);
  return found;
};

/** Polyglot-style `%{name}` interpolation and `smart_count` plural forms, so the console's translations read the same files. */
export const translate = (lang: Lang, key: string, params: Record<string, unknown> = {}): string => {
  const text = pluralForm(lang, templateOf(lang, key), params);
  return text.includes('%{') ? text.replace(/%\{(\w+)\}/g, (_, name) => String(params[name] ?? '')) : text;
};

export const hasKey = (lang: Lang, key: string) => lookup(sharedMessages[lang], key) !== undefined;

