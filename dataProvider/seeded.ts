import { hasClientKey, tr } from '../i18n/client.ts';
import { DEFAULT_LANG } from '../i18n/languages.ts';
import type { ConsoleDef } from '../resources/console-defs.ts';
import { language } from './session.ts';

/**
 * A seeded row (a role, a scope, an event type) in the reader's language while it still holds the
 * words it was seeded with (`seeded` on the console definition); once an operator has changed them,
 * their words are shown as written. Reads and form values alike, so saving an untouched field sends
 * nothing for it.
 */
export const inReaderWords = (def: ConsoleDef, row: Record<string, unknown>) => {
  const key = String(row.code ?? '').replaceAll('.', '_');
  const seeded = def.seeded?.[key];
  const lang = language();
  if (!seeded || lang === DEFAULT_LANG) return row;
  const out = { ...row };
  for (const [field, text] of Object.entries(seeded)) {
    const own = `resources.${def.name}.seeded.${key}.${field}`;
    if (row[field] === text && hasClientKey(lang, own)) out[field] = tr(lang, own);
  }
  return out;
};
