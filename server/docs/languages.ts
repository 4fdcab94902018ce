import { DEFAULT_LANG, type Lang } from '../../i18n/languages.ts';
import { DOC_LANGS, inLanguage } from '../../schemas/document.ts';

/** The per-language columns of a document's texts (schemas/document.ts), besides the default language's. */
export const TRANSLATED = (['title', 'summary', 'body'] as const).flatMap((f) => DOC_LANGS.map((l) => inLanguage(f, l)));
/** Those a version keeps (the summary is not versioned, as in the default language). */
export const VERSIONED = TRANSLATED.filter((c) => !c.startsWith('summary'));

type Row = Record<string, unknown>;
const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * A document as a reader of `lang` reads it: each text in their language where it is written, else
 * the default language's; `text_lang` says which the title and body are in, so the page can say
 * when it fell back. The other languages' columns are left out.
 */
export const inReaderLanguage = <T extends Row>(row: T, lang: Lang): T & { text_lang: Lang } => {
  const out: Row = Object.fromEntries(Object.entries(row).filter(([k]) => !TRANSLATED.includes(k)));
  if (lang === DEFAULT_LANG) return { ...out, text_lang: lang } as T & { text_lang: Lang };
  let fellBack = false;
  for (const field of ['title', 'summary', 'body'] as const) {
    if (!(field in row)) continue;
    const own = row[inLanguage(field, lang)];
    if (has(own)) out[field] = own;
    // A missing summary is no fallback; a missing title, or a body the default language has, is.
    else if (field !== 'summary' && has(row[field])) fellBack = true;
  }
  return { ...out, text_lang: fellBack ? DEFAULT_LANG : lang } as T & { text_lang: Lang };
};

/** The columns a read selects to answer in every language (`title, title_hk, title_en`). */
export const withTranslations = (...fields: ('title' | 'summary' | 'body')[]) => fields.flatMap((f) => [f, ...DOC_LANGS.map((l) => inLanguage(f, l))]).join(', ');
