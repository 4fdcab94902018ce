import { DEFAULT_LANG, translate, type Lang } from '../../i18n/index.ts';

/**
 * A seeded row's text (a scope's, an event type's or a role's name) in the reader's language while
 * the row still holds the words it was seeded with (the default language's message `key`); once an
 * operator has changed them, their words are shown as written.
 */
export const seededText = <T extends string | null>(lang: Lang, value: T, key: string): T =>
  (value !== null && value === translate(DEFAULT_LANG, key) ? translate(lang, key) : value) as T;
