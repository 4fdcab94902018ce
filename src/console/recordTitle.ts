import { hasClientKey, tr } from '../../i18n/client.ts';
import { LANGUAGES, type Lang } from '../../i18n/languages.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { scopeLabelKey } from '../../resources/scopes.ts';
import { labelKeyOf, textIn, titleFieldOf, titleOf } from './registry.ts';

/** A title of scopes (a scope application's): their names where the language has them, else their codes, as a list in that language. */
const scopeNames = (codes: unknown[], lang: Lang) =>
  new Intl.ListFormat(LANGUAGES[lang], { type: 'conjunction' }).format(codes.map((c) => (hasClientKey(lang, scopeLabelKey(String(c), 'name')) ? tr(lang, scopeLabelKey(String(c), 'name')) : String(c))));

/**
 * A record's name in a language: its `labelKeys` message where that language has one (a seeded
 * menu named in the reader's words), else its stored title, in that language where it is
 * translated and written (schemas/translated.ts). Outside React too: react-admin's
 * `recordRepresentation` (page headings) and the breadcrumb name records without hooks.
 */
export const recordTitle = (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined, lang: Lang) => {
  const key = labelKeyOf(def, record, (k) => hasClientKey(lang, k));
  if (key) return tr(lang, key);
  const title = record?.[titleFieldOf(def)];
  if (Array.isArray(title) && def?.admin.columns.some((c) => c.field === titleFieldOf(def) && c.render === 'scopes')) return scopeNames(title, lang);
  const own = textIn(def, record, titleFieldOf(def), lang);
  return own === undefined || own === null ? titleOf(def, record) : String(own);
};
