import { DEFAULT_LANG, sharedMessages, type Lang } from './index.ts';
import uiEn from './ui/en.ts';
import uiHk from './ui/hk.ts';
import uiZh from './ui/zh.ts';

/** What the browser shows: the shared messages (server, validation, resource labels) plus the UI's own. */
export const clientMessages: Record<Lang, Record<string, unknown>> = {
  zh: { ...sharedMessages.zh, ...uiZh },
  hk: { ...sharedMessages.hk, ...uiHk },
  en: { ...sharedMessages.en, ...uiEn },
};

const lookup = (messages: Record<string, unknown>, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in (node as object)) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
};

/**
 * Translation for code outside react-admin (the light public pages, the http client). Menu codes
 * such as `admin:role` contain no dot, so a dotted path walks the nested messages safely.
 */
export const tr = (lang: Lang, key: string, params: Record<string, unknown> = {}): string => {
  const found = lookup(clientMessages[lang], key) ?? lookup(clientMessages[DEFAULT_LANG], key) ?? key;
  const count = typeof params.smart_count === 'number' ? params.smart_count : 1;
  const forms = found.split('||||').map((s) => s.trim());
  const text = forms.length > 1 && count !== 1 && lang === 'en' ? forms[1] : forms[0];
  return text.replace(/%\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
};

export const hasClientKey = (lang: Lang, key: string) => lookup(clientMessages[lang], key) !== undefined;
