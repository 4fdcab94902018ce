import type { z } from 'zod';
import { DEFAULT_LANG, type Lang } from '../i18n/languages.ts';

/**
 * Texts written in several languages (docs/languages.md). A translated field keeps the default
 * language's text in its own column (`title`, required where the field is) and each other
 * language's in a column beside it (`title_hk`, `title_en`), so forms, OpenAPI, search and
 * versions handle them like any field. A reader whose language has no text reads the default's.
 */
export const OTHER_LANGS = ['hk', 'en'] as const satisfies readonly Lang[];
type Other = (typeof OTHER_LANGS)[number];

/** A translated field's column in a language: the default language's is the field itself. */
export const inLanguage = (field: string, lang: Lang) => (lang === DEFAULT_LANG ? field : `${field}_${lang}`);

/**
 * The other languages' columns of some fields, each marked with the field it translates
 * (`.meta({ translates })`, which the console's JSON Schema carries too): spread into a schema's
 * shape beside the fields, `{ ...translations({ name: name30().optional() }) }` → `name_hk`, `name_en`.
 */
export const translations = <S extends Record<string, z.ZodType>>(fields: S) =>
  Object.fromEntries(Object.entries(fields).flatMap(([field, schema]) => OTHER_LANGS.map((l) => [inLanguage(field, l), schema.meta({ translates: field })]))) as {
    [K in keyof S & string as `${K}_${Other}`]: S[K];
  };

/** The fields a schema's shape translates: those its `translations` columns name. */
export const translatedFields = (shape: Record<string, z.ZodType>): string[] => [
  ...new Set(Object.values(shape).flatMap((s) => {
    const of = s.meta()?.translates;
    return typeof of === 'string' ? [of] : [];
  })),
];

/** Every other-language column of `fields`. */
export const translationColumns = (fields: readonly string[]) => fields.flatMap((f) => OTHER_LANGS.map((l) => inLanguage(f, l)));

const written = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * A row as a reader of `lang` reads it: each of `fields` in their language where it is written,
 * else the default language's; the other languages' columns are left out. `fellBack` names the
 * fields that had a default-language text but none in `lang`.
 */
export const readIn = <T extends Record<string, unknown>>(row: T, lang: Lang, fields: readonly string[]) => {
  const others = new Set(translationColumns(fields));
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(row).filter(([k]) => !others.has(k)));
  const fellBack: string[] = [];
  if (lang !== DEFAULT_LANG) {
    for (const field of fields) {
      if (!(field in row)) continue;
      const own = row[inLanguage(field, lang)];
      if (written(own)) out[field] = own;
      else if (written(row[field])) fellBack.push(field);
    }
  }
  return { row: out as T, fellBack };
};

/**
 * Texts written in every language as a row's columns: the default language's under the fields, the
 * others' beside them (`title_en`). `first` is the language whose text the fields hold (a person
 * filling the platform in theirs, server/demo/fill.ts).
 */
export const inAllLanguages = <T extends Record<string, string>>(text: (lang: Lang) => T, first: Lang = DEFAULT_LANG) => ({
  ...text(first),
  ...Object.fromEntries(OTHER_LANGS.flatMap((l) => Object.entries(text(l)).map(([field, v]) => [inLanguage(field, l), v]))),
});
