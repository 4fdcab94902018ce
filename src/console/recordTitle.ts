import { hasClientKey, tr } from '../../i18n/client.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { labelKeyOf, titleOf } from './registry.ts';

/**
 * A record's name in a language: its `labelKeys` message where that language has one (a seeded
 * menu named in the reader's words), else its stored title. Outside React too: react-admin's
 * `recordRepresentation` (page headings) and the breadcrumb name records without hooks.
 */
export const recordTitle = (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined, lang: Lang) => {
  const key = labelKeyOf(def, record, (k) => hasClientKey(lang, k));
  return key ? tr(lang, key) : titleOf(def, record);
};
