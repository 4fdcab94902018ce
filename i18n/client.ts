import { DEFAULT_LANG, type Lang } from './languages.ts';
import uiEn from './ui/en.ts';
import uiHk from './ui/hk.ts';
import uiZh from './ui/zh.ts';

/**
 * The UI's own messages: all the light public shell needs. The shared messages (server answers,
 * validation, resource labels) are large and only the console uses them, so they join when the
 * console loads (i18n/messages.ts registers them); the namespaces of the two never overlap.
 */
export const uiMessages: Record<Lang, Record<string, unknown>> = { zh: uiZh, hk: uiHk, en: uiEn };

let shared: Record<Lang, Record<string, unknown>> | undefined;
/** Called by i18n/messages.ts: from then on `tr` also reads the shared messages. */
export const registerSharedMessages = (messages: Record<Lang, Record<string, unknown>>) => {
  shared = messages;
};

const lookup = (messages: Record<string, unknown> | undefined, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in (node as object)) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
};

const find = (lang: Lang, key: string) => lookup(uiMessages[lang], key) ?? lookup(shared?.[lang], key);

/**
 * Translation for code outside react-admin (the light public pages, the http client). Menu codes
 * such as `admin:role` contain no dot, so a dotted path walks the nested messages safely.
 */
export const tr = (lang: Lang, key: string, params: Record<string, unknown> = {}): string => {
  const found = find(lang, key) ?? find(DEFAULT_LANG, key) ?? key;
  const count = typeof params.smart_count === 'number' ? params.smart_count : 1;
  const forms = found.split('||||').map((s) => s.trim());
  const text = forms.length > 1 && count !== 1 && lang === 'en' ? forms[1] : forms[0];
  return text.replace(/%\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
};

export const hasClientKey = (lang: Lang, key: string) => find(lang, key) !== undefined;
