import { hasClientKey, tr } from '../../i18n/client.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { labelKeyOf, textIn, titleFieldOf, titleOf } from './registry.ts';

/**
 * A record's name in a language: its `labelKeys` message where that language has one (a seeded
 * menu named in the reader's words), else its stored title, in that language where it is
 * translated and written (schemas/translated.ts). Outside React too: react-admin's
 * `recordRepresentation` (page headings) and the breadcrumb name records without hooks.
 */
export const recordTitle = (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined, lang: Lang) => {
  const key = labelKeyOf(def, record, (k) => hasClientKey(lang, k));
  if (key) return tr(lang, key);
  const own = textIn(def, record, titleFieldOf(def), lang);
  return own === undefined || own === null ? titleOf(def, record) : String(own);
};
