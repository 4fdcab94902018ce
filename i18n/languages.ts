/**
 * Stored language keys and the Accept-Language each sends (spec §9). A module of its own so the
 * light public entry can name the languages without importing every dictionary (i18n/index.ts).
 */
export const LANGUAGES = { zh: 'zh-CN', hk: 'zh-HK', en: 'en-US' } as const;
export type Lang = keyof typeof LANGUAGES;
export const DEFAULT_LANG: Lang = 'zh';
