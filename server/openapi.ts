import { z } from 'zod';
import { hasKey, translate, type Lang } from '../i18n/index.ts';
import type { AnswerDoc, CallDoc } from './http/calls.ts';
import { docSchema, type JsonSchema } from './http/json-schema.ts';
import { webhooksOf } from './openapi-webhooks.ts';
import { IDEMPOTENCY_KEY, idempotencyParameters, replayedHeader } from './open-api/idempotency-docs.ts';

/** Which document: the consoles' (`/open/openapi.json`, every call) or the apps' (`/open/api/openapi.json`). */
export type DocKind = 'console' | 'apps';

export interface DocOptions {
  kind: DocKind;
  lang: Lang;
  /** PUBLIC_URL: the document's one server. */
  publicUrl: string;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** The refusal every call may answer with HTTP 200 (or the status of its response), in the envelope. */
const REFUSAL: Record<string, JsonSchema> = {
  FieldError: {
    type: 'object',
    required: ['field', 'message'],
    properties: { field: { type: 'string', description: 'The failing field (a dotted path inside it)' }, message: { type: 'string', description: 'A sentence naming the field, for the person' } },
  },
  Refusal: {
    type: 'object',
    required: ['code', 'data', 'message'],
    properties: {
      code: { type: 'integer', const: 201, description: 'A refusal: `message` is a complete sentence in the caller\'s language, to be shown as it is' },
      data: {
        description: 'The failing fields of a validation failure, details of some refusals (e.g. `{ from, to }`, `permission_violations`), else null',
        anyOf: [{ type: 'array', items: ref('FieldError') }, { type: 'object' }, { type: 'null' }],
      },
      message: { type: 'string' },
    },
  },
};

/** The envelope of a call the database could not serve (docs/operations.md). */
const UNAVAILABLE: JsonSchema = {
  type: 'object',
  required: ['code', 'data', 'message'],
  properties: { code: { type: 'integer', const: 503 }, data: { type: 'null' }, message: { type: 'string' } },
};

const refusal = (description: string, headers?: Record<string, unknown>) => ({ description, ...(headers ? { headers } : {}), content: json(ref('Refusal')) });
const RESPONSES = (t: (key: string) => string) => ({
  // The database away (docs/operations.md): any call may meet it; retry after the pause.
  Unavailable: {
    description: t('unavailable'),
    headers: { 'Retry-After': { description: t('retry_after'), schema: { type: 'integer', minimum: 0 } } },
    content: json(ref('Unavailable')),
  },
  Unauthorized: refusal(t('unauthorized')),
  TooLarge: refusal(t('too_large')),
  // A write or an upload while the embedded database's disk is nearly full (server/http/disk-low.ts).
  DiskLow: refusal(t('disk_low')),
  TooMany: refusal(t('too_many'), {
    'Retry-After': { description: t('retry_after'), schema: { type: 'integer', minimum: 0 } },
  }),
  IdempotencyInProgress: refusal(t('idempotency_in_progress')),
  IdempotencyReused: refusal(t('idempotency_reused')),
});

/** A form upload: the file's bytes in `file`, beside the fields the call declares. */
const upload = (fields: z.ZodObject | undefined) => {
  const own = fields ? docSchema(fields) : {};
  return {
    type: 'object',
    required: ['file', ...((own.required as string[]) ?? [])],
    properties: { file: { type: 'string', format: 'binary' }, ...((own.properties as JsonSchema) ?? {}) },
  };
};

/** The success envelope with `data` as the call documents it. */
const success = (data: JsonSchema) => ({
  type: 'object',
  required: ['code', 'data', 'message'],
  properties: { code: { type: 'integer', const: 200 }, data, message: { type: 'string' } },
});

const answerSchema = (answer: AnswerDoc | undefined, components: Record<string, JsonSchema>): JsonSchema => {
  if (!answer) return {};
  if (answer instanceof z.ZodType) return docSchema(answer, 'output');
  for (const [name, schema] of Object.entries(answer.components ?? {})) {
    // One name, one schema: two answers naming different shapes alike would silently type one of them wrong.
    if (components[name] && JSON.stringify(components[name]) !== JSON.stringify(schema)) throw new Error(`OpenAPI: two different schemas are named ${name}`);
    components[name] = schema;
  }
  return answer.json;
};

/** A stable operationId from the call's path: `/open/admin/system/role/add` → `adminSystemRoleAdd` (the method prefixed when not POST). */
export const operationIdOf = (d: Pick<CallDoc, 'path' | 'method' | 'apiCode'>) => {
  if (d.apiCode) return d.apiCode;
  const words = d.path.replace(/^\/open\//, '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = words.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');
  return d.method === 'POST' ? id : `${d.method.toLowerCase()}${id[0].toUpperCase()}${id.slice(1)}`;
};

/** Whether a body schema names fields a request must carry (then the body itself is required). */
const needsBody = (schema: JsonSchema) => Array.isArray(schema.required) && schema.required.length > 0;

/** A tag's description: the definition's name in the reader's language where it is one, else the group's own words. */
const tagDescription = (lang: Lang, tag: string) => {
  const key = `resources.${tag}.name`;
  if (hasKey(lang, key)) {
    const forms = translate(lang, key).split('||||').map((s) => s.trim());
    return forms.at(-1)!;
  }
  const own = `openapi.tags.${tag}`;
  return hasKey(lang, own) ? translate(lang, own) : tag;
};

/** OpenAPI 3.1 for the given mounted calls, from the same definitions and declarations that mount and validate them. */
export const openapiDocument = (docs: readonly CallDoc[], { kind, lang, publicUrl }: DocOptions) => {
  const t = (key: string) => translate(lang, `openapi.${key}`);
  const schemas: Record<string, JsonSchema> = {};
  const used = new Set<string>();
  const ids = new Map<string, string>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of docs) {
    const operationId = operationIdOf(d);
    const clash = ids.get(operationId);
    if (clash) throw new Error(`OpenAPI: ${d.path} and ${clash} would share the operationId ${operationId}`);
    ids.set(operationId, d.path);
    const body = d.method === 'POST' && d.body ? docSchema(d.body) : undefined;
    const data = answerSchema(d.answer, schemas);
    const use = (name: string) => (used.add(name), { $ref: `#/components/responses/${name}` });
    // A write made with a token takes an Idempotency-Key (server/http/idempotency.ts); an upload's is ignored.
    const keyed = d.method === 'POST' && !d.public && !d.form;
    const ok = d.file
      ? { description: t('file'), content: { ...Object.fromEntries(d.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])), ...json(ref('Refusal')) } }
      : { description: t('ok'), ...(keyed ? { headers: replayedHeader(t) } : {}), content: json({ oneOf: [success(data), ref('Refusal')] }) };
    (paths[d.path] ??= {})[d.method.toLowerCase()] = {
      operationId,
      tags: [d.tag],
      summary: d.summary,
      ...(d.permission ? { description: `${t('permission')}: ${d.permission}` } : {}),
      ...(d.scope ? { 'x-scope': d.scope } : {}),
      security: d.public ? [] : [{ bearer: [] }],
      ...(keyed ? { parameters: [IDEMPOTENCY_KEY] } : {}),
      ...(body ? { requestBody: { required: needsBody(body), content: json(body) } } : {}),
      ...(d.form ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: upload(d.formFields) } } } } : {}),
      responses: {
        '200': ok,
        ...(d.public ? {} : { '401': use('Unauthorized') }),
        ...(keyed ? { '409': use('IdempotencyInProgress') } : {}),
        ...(d.method === 'POST' ? { '413': use('TooLarge') } : {}),
        ...(keyed ? { '422': use('IdempotencyReused') } : {}),
        ...(d.limit || d.throttled ? { '429': use('TooMany') } : {}),
        '503': use('Unavailable'),
        ...(d.public || d.method === 'GET' ? {} : { '507': use('DiskLow') }),
      },
    };
  }
  const tags = [...new Set(docs.map((d) => d.tag))].sort().map((name) => ({ name, description: tagDescription(lang, name) }));
  // The apps' document also says what an app receives: every event type's push.
  const pushes = kind === 'apps' ? webhooksOf(lang) : undefined;
  return {
    openapi: '3.1.0',
    info: {
      title: t(`${kind}.title`),
      version: '1',
      description: t(`${kind}.description`),
      contact: { name: t('contact'), url: `${publicUrl}/developer/doc` },
      license: { name: t('license'), url: `${publicUrl}/terms/agreement` },
    },
    servers: [{ url: publicUrl, description: t('server') }],
    tags: pushes ? [...tags, pushes.tag] : tags,
    paths,
    ...(pushes ? { webhooks: pushes.webhooks } : {}),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: kind === 'console' ? 'JWT' : 'app access token', description: t(`${kind}.bearer`) }, ...(pushes?.securitySchemes ?? {}) },
      schemas: { ...REFUSAL, Unavailable: UNAVAILABLE, ...schemas, ...(pushes?.schemas ?? {}) },
      responses: Object.fromEntries(Object.entries(RESPONSES(t)).filter(([name]) => used.has(name))),
      ...(used.has('IdempotencyReused') ? { parameters: idempotencyParameters(t) } : {}),
    },
  };
};
