import type { z } from 'zod';
import { translate, hasKey, type Lang } from '../../i18n/index.ts';
import { Warning } from './envelope.ts';

export interface FieldError {
  field: string;
  message: string;
}

const label = (lang: Lang, resource: string | undefined, field: string, labels?: Readonly<Record<string, string>>) => {
  if (labels?.[field]) return labels[field];
  for (const key of [`resources.${resource}.fields.${field}`, `common.fields.${field}`, `fields.${field}`]) {
    if (hasKey(lang, key)) return translate(lang, key);
  }
  return field;
};

/** Turns one zod issue into a translated message; schema messages are i18n keys (schemas/common.ts). */
const issueMessage = (lang: Lang, issue: z.core.$ZodIssue): string => {
  if (issue.message && issue.message.startsWith('validation.')) return translate(lang, issue.message, (issue as { params?: Record<string, unknown> }).params);
  const i = issue as z.core.$ZodIssue & { minimum?: number; maximum?: number; expected?: string; input?: unknown; exact?: boolean; origin?: string };
  if (i.exact && i.origin === 'string') return translate(lang, 'validation.exact_length', { length: i.minimum ?? i.maximum });
  switch (issue.code) {
    case 'too_small':
      return i.minimum === 1 && issue.origin === 'string' ? translate(lang, 'validation.required') : translate(lang, 'validation.too_small', { minimum: i.minimum });
    case 'too_big':
      return translate(lang, 'validation.too_big', { maximum: i.maximum });
    case 'invalid_type':
      return i.input === undefined ? translate(lang, 'validation.required') : translate(lang, 'validation.invalid_type', { expected: i.expected });
    case 'invalid_value':
    case 'invalid_union':
      return translate(lang, 'validation.invalid_option');
    case 'unrecognized_keys':
      return translate(lang, 'validation.unknown_field');
    default:
      return translate(lang, 'validation.invalid');
  }
};

export const fieldErrors = (lang: Lang, issues: readonly z.core.$ZodIssue[], resource?: string, labels?: Readonly<Record<string, string>>): FieldError[] =>
  issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    return { field, message: translate(lang, 'server.field_error', { field: label(lang, resource, top, labels), message: issueMessage(lang, issue) }) };
  });

/** Parses `input` or throws a 201 warning naming every failing field (by `labels` where given: a custom field's display name). */
export const parseOrWarn = <S extends z.ZodType>(lang: Lang, schema: S, input: unknown, resource?: string, labels?: Readonly<Record<string, string>>): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(lang, result.error.issues, resource, labels);
  const details = errors.map((e) => e.message).join(lang === 'en' ? '; ' : '；');
  throw new Warning('server.validation_failed', { details }, errors);
};

/** A rule's refusal shaped like a schema failure: one sentence, naming `field` when given. */
export const refusal = (lang: Lang, key: string, params: Record<string, unknown> = {}, field?: string) => {
  const message = translate(lang, key, params);
  return new Warning('server.validation_failed', { details: message }, field ? [{ field, message }] : undefined);
};
