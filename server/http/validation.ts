import type { z } from 'zod';
import { translate, hasKey, type Lang } from '../../i18n/index.ts';
import { issueText } from '../../schemas/issue-message.ts';
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

/** Turns one zod issue into a translated message, by the one mapping the console shares (schemas/issue-message.ts). */
const issueMessage = (lang: Lang, issue: z.core.$ZodIssue, schema?: z.ZodType, input?: unknown): string => {
  const { key, params } = issueText(issue, schema, input);
  return translate(lang, key, params);
};

/** Each issue as a field and its sentence; with the parsed `schema` and `input`, empty values read "required" and numbers name their range. */
export const fieldErrors = (lang: Lang, issues: readonly z.core.$ZodIssue[], resource?: string, labels?: Readonly<Record<string, string>>, schema?: z.ZodType, input?: unknown): FieldError[] =>
  issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    return { field, message: translate(lang, 'validation.field_error', { field: label(lang, resource, top, labels), message: issueMessage(lang, issue, schema, input) }) };
  });

/** Parses `input` or throws a 201 warning naming every failing field (by `labels` where given: a custom field's display name). */
export const parseOrWarn = <S extends z.ZodType>(lang: Lang, schema: S, input: unknown, resource?: string, labels?: Readonly<Record<string, string>>): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(lang, result.error.issues, resource, labels, schema, input);
  const details = errors.map((e) => e.message).join(lang === 'en' ? '; ' : '；');
  throw new Warning('server.validation_failed', { details }, errors);
};

/** A rule's refusal shaped like a schema failure: one sentence, naming `field` when given. */
export const refusal = (lang: Lang, key: string, params: Record<string, unknown> = {}, field?: string) => {
  const message = translate(lang, key, params);
  return new Warning('server.validation_failed', { details: message }, field ? [{ field, message }] : undefined);
};
