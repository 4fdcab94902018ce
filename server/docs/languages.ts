import { DEFAULT_LANG, type Lang } from '../../i18n/languages.ts';
import { documentSchema } from '../../schemas/document.ts';
import { readIn, translatedFields, translationColumns } from '../../schemas/translated.ts';

/** A document's translated fields (title, summary, body: schemas/document.ts). */
const FIELDS = translatedFields(documentSchema.shape);
/** Their other languages' columns. */
export const TRANSLATED = translationColumns(FIELDS);
/** Those a version keeps (the summary is not versioned, as in the default language). */
export const VERSIONED = TRANSLATED.filter((c) => !c.startsWith('summary'));

/**
 * A document as a reader of `lang` reads it (`readIn`); `text_lang` says which language the title
 * and body are in, so the page can say when it fell back (a missing summary is no fallback).
 */
export const inReaderLanguage = <T extends Record<string, unknown>>(row: T, lang: Lang): T & { text_lang: Lang } => {
  const { row: out, fellBack } = readIn(row, lang, FIELDS);
  return { ...out, text_lang: fellBack.some((f) => f !== 'summary') ? DEFAULT_LANG : lang };
};

/** The columns a read selects to answer in every language (`title, title_hk, title_en`). */
export const withTranslations = (...fields: ('title' | 'summary' | 'body')[]) => fields.flatMap((f) => [f, ...translationColumns([f])]).join(', ');
