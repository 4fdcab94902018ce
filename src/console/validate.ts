import { prune } from '../../dataProvider/prune.ts';
import type { z } from 'zod';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { zodSchemaOf } from './formSchema.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The same sentence the server gives (server/http/validation.ts): schema messages are i18n keys. */
export const issueMessage = (t: Translate, issue: z.core.$ZodIssue): string => {
  if (issue.message?.startsWith('validation.')) return t(issue.message, (issue as { params?: Record<string, unknown> }).params);
  const i = issue as z.core.$ZodIssue & { minimum?: number; maximum?: number; expected?: string; input?: unknown; origin?: string; exact?: boolean };
  if (i.exact && i.origin === 'string') return t('validation.exact_length', { length: i.minimum ?? i.maximum });
  switch (issue.code) {
    case 'too_small':
      return i.minimum === 1 && i.origin === 'string' ? t('validation.required') : t('validation.too_small', { minimum: i.minimum });
    case 'too_big':
      return t('validation.too_big', { maximum: i.maximum });
    case 'invalid_type':
      return i.input === undefined ? t('validation.required') : t('validation.invalid_type', { expected: i.expected });
    case 'invalid_value':
    case 'invalid_union':
      return t('validation.invalid_option');
    default:
      return t('validation.invalid');
  }
};

/** Empty inputs mean "not given", as on the server's create path; also inside array items. */
export const withoutEmpty = (values: Record<string, unknown>) => prune(values) as Record<string, unknown>;

const setPath = (target: Record<string, unknown>, path: PropertyKey[], message: string) => {
  let node = target;
  path.slice(0, -1).forEach((p) => {
    node[String(p)] ??= {};
    node = node[String(p)] as Record<string, unknown>;
  });
  node[String(path[path.length - 1])] ??= message;
};

/** The form's schema: create takes the editable fields; edit the updatable ones, each optional. */
export const formSchema = (def: ConsoleDef, mode: 'create' | 'edit') => {
  const schema = zodSchemaOf(def);
  // Only fields the schema has (a status may live in the internal fields, e.g. org's auth_state): zod refuses unknown keys in omit.
  const omit = [...(def.status ? [def.status.field] : []), ...(mode === 'edit' ? (def.createOnly ?? []) : [])].filter((f) => f in schema.shape);
  const shape = schema.omit(Object.fromEntries(omit.map((f) => [f, true])) as never);
  return mode === 'edit' ? shape.partial() : shape;
};

/** A react-admin form validator running the definition's zod schema. */
export const zodValidator = (def: ConsoleDef, mode: 'create' | 'edit', t: Translate) => {
  const schema = formSchema(def, mode);
  const known = new Set(Object.keys(schema.shape));
  return (values: Record<string, unknown>) => {
    const input = withoutEmpty(Object.fromEntries(Object.entries(values).filter(([k]) => known.has(k))));
    const result = schema.safeParse(input);
    const errors: Record<string, unknown> = {};
    if (!result.success) for (const issue of result.error.issues) if (issue.path.length) setPath(errors, issue.path, issueMessage(t, issue));
    return errors;
  };
};
