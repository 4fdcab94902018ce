import { DEFAULT_LANG } from '../../../i18n/languages.ts';
import { hasClientKey, tr } from '../../../i18n/client.ts';
import type { Lang } from '../../../i18n/languages.ts';

/**
 * A seeded row's text (a scope's or an ability's name) in the reader's language while the row
 * still holds its seeded text; once an operator has renamed it, their words are shown as written.
 */
export const seededText = (lang: Lang, kind: string, code: string, field: 'name' | 'description', value: string | null) => {
  const key = `resources.${kind}.seeded.${code}.${field}`;
  // The default language's messages come with the app pages (AppPages.tsx).
  return value !== null && hasClientKey(DEFAULT_LANG, key) && tr(DEFAULT_LANG, key) === value ? tr(lang, key) : value;
};
