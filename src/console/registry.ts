import { resourceByName, resources } from '../../dataProvider/definitions.ts';
import { menuScreens } from '../../resources/screens.ts';
import type { Tone } from '../../resources/types.ts';
import type { ConsoleDef, JsonSchema } from '../../resources/console-defs.ts';
import type { Lang } from '../../i18n/languages.ts';
import { inLanguage } from '../../schemas/translated.ts';

export type { JsonSchema } from '../../resources/console-defs.ts';
import { resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';

/** The screens of one console section: every definition whose menu lives under it. */
export const sectionResources = (section: string, scene: 'admin' | 'tenant'): ResourceCalls[] =>
  resources.flatMap((d) =>
    menuScreens(d)
      .filter(({ menu }) => menu.scene === scene && menu.url.startsWith(`${section}/`))
      .map(({ menu, mount }) => resourceCalls(mount ? menu.url.slice(section.length + 1) : d.name)),
  );

export const defByName = (name: string): ConsoleDef | undefined => resourceByName.get(name);

/** Label keys: the resource's own, else the shared ones (`common.fields.*`). */
const MANAGED = new Set(['guid', 'created_at', 'updated_at', 'created_by', 'bu_guid']);
export const fieldLabel = (def: ConsoleDef, field: string) =>
  def.admin.labels?.[field] ??
  (MANAGED.has(field) && !(field in (def.json.properties ?? {})) ? `common.fields.${field}` : `resources.${def.name}.fields.${field}`);
export const valueLabel = (def: ConsoleDef, field: string, value: unknown) => `resources.${def.name}.values.${field}.${String(value)}`;

/** The field a record is named by on screens: the definition's `titleField`. */
/** A list's default sort, as react-admin takes it: the definition's `sort` (`-field` descending), else newest first by creation. */
export const defaultSort = (def: ConsoleDef) => {
  // A sort of several keys (`-is_owner,-joined_at`) leads with its first; the server adds the rest.
  const first = def.api.sort?.split(',')[0];
  return first?.startsWith('-') ? { field: first.slice(1), order: 'DESC' as const } : { field: first ?? 'created_at', order: 'ASC' as const };
};

export const titleFieldOf = (def: ConsoleDef | undefined) => def?.admin.titleField ?? 'id';
/** A translated field's column in `lang` (schemas/translated.ts), when the definition has one: the default language's is the field itself. */
export const translationOf = (def: ConsoleDef | undefined, field: string, lang: Lang) => {
  const column = inLanguage(field, lang);
  return column !== field && def?.json.properties?.[column]?.translates === field ? column : undefined;
};
/** A field's text in `lang` where it is written, else the default language's. */
export const textIn = (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined, field: string, lang: Lang) => {
  const own = translationOf(def, field, lang);
  const text = own ? record?.[own] : undefined;
  return typeof text === 'string' && text.trim() ? text : record?.[field];
};
/** A record's title (its `titleField`), else its id. */
export const titleOf = (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined) =>
  String(record?.[titleFieldOf(def)] ?? record?.id ?? '');

const meets = (record: Record<string, unknown>, when?: Record<string, readonly (number | string)[]>) =>
  !when || Object.entries(when).every(([f, values]) => values.includes(record[f] as never));

/** The message that names a record (the definition's `labelKeys`), if one exists (`has`). */
export const labelKeyOf = (def: ConsoleDef | undefined, record: Record<string, unknown> | undefined, has: (key: string) => boolean) => {
  if (!def?.admin.labelKeys || !record) return undefined;
  for (const { key, when } of def.admin.labelKeys) {
    if (!meets(record, when)) continue;
    const filled = key.replace(/\{(\w+)(:last)?\}/g, (_, f: string, last?: string) => {
      const v = String(record[f] ?? '');
      return last ? (v.split(':').pop() ?? '') : v;
    });
    if (has(filled)) return filled;
  }
  return undefined;
};

/** Whether a row may hold others in its tree (`tree.parents`). */
export const mayBeParent = (def: ConsoleDef, record: Record<string, unknown>) => meets(record, def.relations?.tree?.parents);

/** The tone of a coded value in lists, from the definition's `tones`; unlisted values are grey. */
export const toneOf = (def: ConsoleDef, field: string, value: unknown): Tone => def.admin.tones?.[field]?.[String(value)] ?? 'default';

/** A schema without its `null` branch (nullable fields); a union of several other branches stays a union. */
export const nonNull = (s: JsonSchema): JsonSchema => {
  const rest = s.anyOf?.filter((a) => a.type !== 'null');
  return rest?.length === 1 ? nonNull({ ...s, ...rest[0], anyOf: rest[0].anyOf }) : rest && rest.length < (s.anyOf?.length ?? 0) ? { ...s, anyOf: rest } : s;
};

/**
 * The values of a coded field — a `z.enum` (`enum`) or `codes(...)`, a union of literals (`anyOf`
 * of `const`) — else undefined. The one test of "this field is coded" every screen uses.
 */
export const choicesOf = (raw: JsonSchema): (string | number)[] | undefined => {
  const s = nonNull(raw);
  if (s.enum) return s.enum;
  if (s.const !== undefined) return [s.const];
  if (s.anyOf?.length && s.anyOf.every((a) => choicesOf(a))) return s.anyOf.flatMap((a) => choicesOf(a)!);
  return undefined;
};

/** A field's JSON Schema, editable or server-kept (a filter may be on either, e.g. a certification's state). */
export const fieldSchemaOf = (def: ConsoleDef, field: string): JsonSchema | undefined =>
  def.json.properties?.[field] ?? def.internalJson.properties?.[field];
/** A list-valued field, editable or server-kept (a reference column over it shows several rows). */
export const isArrayField = (def: ConsoleDef, field: string) => nonNull(fieldSchemaOf(def, field) ?? {}).type === 'array';

/**
 * The definition a guid field points at: the definition's `references`, a `reference` column, or
 * the tree's own parent field (a department's parent is a department).
 */
export const referenceOf = (def: ConsoleDef, field: string): ConsoleDef | undefined => {
  const name = def.relations?.references?.[field] ?? def.admin.columns.find((c) => c.field === field)?.reference ?? (def.relations?.tree?.parent === field ? def.name : undefined);
  return name ? defByName(name) : undefined;
};
