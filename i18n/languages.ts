/**
 * Stored language keys and the Accept-Language each sends (spec §9). A module of its own so the
 * light public entry can name the languages without importing every dictionary (i18n/index.ts).
 */
export const LANGUAGES = { zh: 'zh-CN', hk: 'zh-HK', en: 'en-US' } as const;
export type Lang = keyof typeof LANGUAGES;
export const DEFAULT_LANG: Lang = 'zh';

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && Object.hasOwn(LANGUAGES, v);

/** One language tag as ours: zh-HK / zh-TW / zh-MO / zh-Hant… → hk, other zh… → zh, en… → en, else none. */
const ofTag = (raw: string): Lang | undefined => {
  const tag = raw.trim().toLowerCase();
  if (tag.startsWith('en')) return 'en';
  if (tag === 'zh-hk' || tag === 'zh-tw' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'hk';
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
  return undefined;
};

/**
 * The reader's best language from their preferences, most preferred first: the browser's
 * `navigator.languages` or an Accept-Language header's tags. The first tag we have wins; with
 * none, `fallback` (the default language unless a dialect says otherwise). The client and the server pick with this one rule, so a first visit's
 * server-rendered page and the browser's render agree.
 */
export const bestLanguage = (tags: readonly string[], fallback: Lang = DEFAULT_LANG): Lang => {
  for (const tag of tags) {
    const lang = ofTag(tag);
    if (lang) return lang;
  }
  return fallback;
};

/** An Accept-Language header's tags in the order of their weights (`q`), heaviest first. */
export const acceptedTags = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = Number(/^\s*q=([\d.]+)/.exec(params.find((p) => /^\s*q=/.test(p)) ?? '')?.[1] ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
