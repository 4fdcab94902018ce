import type { z } from 'zod';

/**
 * Which sentence a zod issue says, as an i18n key and its parameters: one mapping for the server
 * (server/http/validation.ts) and the console's forms (src/console/validate.ts), so both name the
 * same rule. An empty value is "required" (an empty list may say what to choose); a number out of bounds names its range;
 * a text too long or too short names its length; a rule's own key (`validation.*`) stays for the
 * rest (formats, custom checks).
 */

export interface IssueText {
  key: string;
  params?: Record<string, unknown>;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema behind wrappers (optional, nullable, default, a pipe's input side). */
const unwrap = (s: z.ZodType | undefined): z.ZodType | undefined => {
  let node = s;
  for (let i = 0; node && i < 10; i++) {
    const d = defOf(node);
    if (d.innerType) node = d.innerType;
    else if (d.type === 'pipe' && d.in) node = d.in;
    else break;
  }
  return node;
};

/** The schema of the value at `path` inside `root`, when the path walks objects and arrays. */
export const schemaAt = (root: z.ZodType | undefined, path: readonly PropertyKey[]): z.ZodType | undefined => {
  let node = unwrap(root);
  for (const p of path) {
    if (!node) return undefined;
    const d = defOf(node);
    node = unwrap(d.type === 'object' ? d.shape?.[String(p)] : d.type === 'array' ? d.element : undefined);
  }
  return node;
};

/** The value at `path` inside `input`. */
export const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, p) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined), input);

/** Keys that say something is wrong without saying what: a number's bounds say more. */
const GENERIC = new Set(['validation.integer', 'validation.range', 'validation.invalid_type', 'validation.too_big', 'validation.too_small', 'validation.invalid', 'validation.invalid_option']);

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A number's bounds as its schema declares them (zod keeps them as `minValue`/`maxValue`). */
const boundsOf = (s: z.ZodType | undefined) => {
  const n = s as unknown as { minValue?: number | null; maxValue?: number | null } | undefined;
  const ok = (x: number | null | undefined) => typeof x === 'number' && Number.isSafeInteger(x);
  return { min: ok(n?.minValue) ? n!.minValue! : undefined, max: ok(n?.maxValue) ? n!.maxValue! : undefined };
};

const rangeText = (min: number | bigint | undefined, max: number | bigint | undefined, at: { minimum?: unknown; maximum?: unknown }): IssueText => {
  if (min !== undefined && max !== undefined) return { key: 'validation.between', params: { min: String(min), max: String(max) } };
  if (max !== undefined || at.maximum !== undefined) return { key: 'validation.too_big', params: { maximum: String(max ?? at.maximum) } };
  return { key: 'validation.too_small', params: { minimum: String(min ?? at.minimum) } };
};

/**
 * The sentence of `issue`. `schema` and `input` are what was parsed (the root of `issue.path`):
 * with them an empty value reads "required" and a number names both ends of its range.
 */
export const issueText = (issue: z.core.$ZodIssue, schema?: z.ZodType, input?: unknown): IssueText => {
  const i = issue as z.core.$ZodIssue & { minimum?: number | bigint; maximum?: number | bigint; expected?: string; origin?: string; exact?: boolean; params?: Record<string, unknown>; input?: unknown };
  const value = input === undefined ? i.input : valueAt(input, issue.path);
  const own = issue.message?.startsWith('validation.') ? { key: issue.message, params: i.params } : undefined;
  // A rule's own sentence that says more than a generic one (a password's format, an amount's); an empty value still reads "required".
  const specific = own && !GENERIC.has(own.key) && own.key !== 'validation.required' ? own : undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (empty(value)) return { key: 'validation.required' };
      if (i.expected === 'int' || i.expected === 'number') return specific ?? { key: 'validation.integer' };
      return own ?? { key: 'validation.invalid_type', params: { expected: i.expected } };
    case 'invalid_value':
    case 'invalid_union':
      // Empty, a value that must be one thing (an agreement ticked) says so in its rule's own words; a choice reads "required".
      if (empty(value)) return (i as { values?: unknown[] }).values?.length === 1 && specific ? specific : { key: 'validation.required' };
      return own ?? { key: 'validation.invalid_option' };
    case 'too_small':
    case 'too_big': {
      if (i.origin === 'string') {
        // A rule that names the whole format (a password's) says more than a length alone; an empty value is still "required".
        if (specific && !/^validation\.max_\d+$/.test(specific.key) && !empty(value)) return specific;
        if (i.exact) return { key: 'validation.exact_length', params: { length: i.minimum ?? i.maximum } };
        if (issue.code === 'too_small') return Number(i.minimum) <= 1 || empty(value) ? { key: 'validation.required' } : { key: 'validation.min_length', params: { minimum: i.minimum } };
        return own && /^validation\.max_\d+$/.test(own.key) ? own : { key: 'validation.max_length', params: { maximum: i.maximum } };
      }
      if (i.origin === 'number' || i.origin === 'int' || i.origin === 'bigint') {
        // A key that already names the range (a page size's) stays; a generic one gives way to the range.
        if (own && !GENERIC.has(own.key)) return own;
        const { min, max } = boundsOf(schemaAt(schema, issue.path));
        return rangeText(min, max, i);
      }
      // An empty list is "required", unless its rule says more (select at least one event).
      if (i.origin === 'array' && issue.code === 'too_small' && empty(value)) return specific ?? { key: 'validation.required' };
      return own ?? (issue.code === 'too_big' ? { key: 'validation.too_big', params: { maximum: i.maximum } } : { key: 'validation.too_small', params: { minimum: i.minimum } });
    }
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      if (own) return own;
      return empty(value) ? { key: 'validation.required' } : { key: 'validation.invalid' };
  }
};
