import type { Lang } from './languages.ts';

/**
 * The form of a polyglot message (`one |||| other`) that `smart_count` asks for, as ra-i18n-polyglot
 * picks it in the console: English has two forms, Chinese one. The server and the light shell share
 * this rule, so a count reads "1 app" and "2 apps" wherever it is said.
 */
export const pluralForm = (lang: Lang, text: string, params: Record<string, unknown> = {}): string => {
  if (!text.includes('||||')) return text;
  const forms = text.split('||||').map((s) => s.trim());
  const count = params.smart_count;
  return (lang === 'en' && typeof count === 'number' && count !== 1 && forms[1]) || forms[0];
};
