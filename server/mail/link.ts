import type { Lang } from '../../i18n/languages.ts';

/**
 * The address a mail links to: on the configured public address (`PUBLIC_URL`, never a request's
 * Host), carrying the mail's language as `lang`, so the page it opens reads as the mail did
 * (src/main.tsx shows it, and remembers it when the reader chose none).
 */
export const mailLink = (publicUrl: string, lang: Lang, path: string, query: Record<string, string> = {}) =>
  `${publicUrl}${path}?${new URLSearchParams({ ...query, lang })}`;
