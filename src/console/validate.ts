import { prune } from '../../dataProvider/prune.ts';
import type { z } from 'zod';
import { jsonSchema, type ConsoleDef } from '../../resources/console-defs.ts';
import { issueText } from '../../schemas/issue-message.ts';
import { zodSchemaOf } from './formSchema.ts';
import { fieldLabel, nonNull } from './registry.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The same sentence the server gives (server/http/validation.ts), by the one mapping both share
 * (schemas/issue-message.ts). With the parsed `schema` and `input`, an empty value reads "required"
 * and a number names its range.
 */
export const issueMessage = (t: Translate, issue: z.core.$ZodIssue, schema?: z.ZodType, input?: unknown): string => {
  const { key, params } = issueText(issue, schema, input);
  return t(key, params);
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
  const omit = [...(def.api.status ? [def.api.status.field] : []), ...(mode === 'edit' ? (def.api.createOnly ?? []) : [])].filter((f) => f in schema.shape);
  const shape = schema.omit(Object.fromEntries(omit.map((f) => [f, true])) as never);
  return mode === 'edit' ? shape.partial() : shape;
};

/**
 * The fields a new record cannot leave empty (the create schema refuses them missing): marked
 * required on both create and edit, where emptying one is refused as well.
 */
export const requiredFields = (def: ConsoleDef) => {
  const shape = formSchema(def, 'create').shape as Record<string, z.ZodType>;
  return new Set(Object.entries(shape).filter(([, s]) => !s.safeParse(undefined).success).map(([k]) => k));
};

/**
 * A react-admin form validator running the definition's zod schema. Each message names its field
 * (`validation.field_error`, as the server's answer does): "Name is required", never a bare "is required".
 */
export const zodValidator = (def: ConsoleDef, mode: 'create' | 'edit', t: Translate) => {
  const schema = formSchema(def, mode);
  const known = new Set(Object.keys(schema.shape));
  // Editing, a field is optional (only what changed is sent), but a required one may not be emptied;
  // a secret's input starts empty and stays so unless it is replaced.
  const secret = (k: string) => ['password', 'sealed'].includes(nonNull(jsonSchema(schema).properties?.[k] ?? {}).kind ?? '');
  const required = mode === 'edit' ? new Set([...requiredFields(def)].filter((k) => !secret(k))) : new Set<string>();
  return (values: Record<string, unknown>) => {
    const input = withoutEmpty(Object.fromEntries(Object.entries(values).filter(([k]) => known.has(k))));
    const result = schema.safeParse(input);
    const errors: Record<string, unknown> = {};
    const named = (field: PropertyKey, message: string) => t('validation.field_error', { field: t(fieldLabel(def, String(field)), { _: String(field) }), message });
    for (const k of required) if (k in values && input[k] === undefined) errors[k] = named(k, t('validation.required'));
    if (!result.success) for (const issue of result.error.issues) if (issue.path.length) setPath(errors, issue.path, named(issue.path[0], issueMessage(t, issue, schema, input)));
    return errors;
  };
};
