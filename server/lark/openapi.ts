import { z } from 'zod';
import { translate, type Lang } from '../../i18n/index.ts';
import { docSchema, type JsonSchema } from '../http/json-schema.ts';
import { summaryOf } from '../open-api/calls.ts';
import { IDEMPOTENCY_KEY, replayedHeader } from '../open-api/idempotency-docs.ts';
import type { LarkCall } from './call.ts';
import { LARK_TOKEN_CALLS } from './tokens.ts';
import { LARK_AUTHEN_CALLS } from './authen.ts';

/** Lark's path in OpenAPI's form: `:user_id` → `{user_id}`; with the method, the key of its summary in i18n/open-api. */
export const docPath = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');
export const summaryKey = (method: string, path: string) => `${method} ${docPath(path)}`;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** Lark's refusal body (docs/lark.md "Errors"). */
const LARK_ERROR: JsonSchema = {
  type: 'object',
  required: ['code', 'msg'],
  properties: {
    code: { type: 'integer', description: "Lark's error code (never 0)" },
    msg: { type: 'string' },
    error: {
      type: 'object',
      description: '`log_id` (the request id), and `field_violations` or `permission_violations` where they apply',
      properties: { log_id: { type: 'string' } },
    },
  },
};

/** The query string's or path's fields as OpenAPI parameters. */
const parameters = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
  if (!schema) return [];
  const s = docSchema(schema);
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([name, p]) => {
    const { description, ...shape } = p;
    return { name, in: where, required: where === 'path' || required.has(name), schema: shape, ...(description ? { description } : {}) };
  });
};

const success = (data: JsonSchema) => ({ type: 'object', required: ['code', 'msg', 'data'], properties: { code: { type: 'integer', const: 0 }, msg: { type: 'string' }, data } });

/**
 * Lark's dialect in the apps' OpenAPI document: its token calls (public), its user-token calls and
 * its contact calls, each with its parameters, body and answer typed from the same schemas that
 * parse and answer them. The user-token calls' browser step (`GET /open-apis/authen/v1/authorize`)
 * is a redirect to the OpenID provider's sign-in, a page like the provider's own, and not in it.
 */
export const withLark = <D extends { paths: Record<string, unknown>; tags: { name: string; description: string }[]; components: { schemas: Record<string, JsonSchema> } }>(
  doc: D, calls: readonly LarkCall[], lang: Lang,
): D => {
  const paths: Record<string, Record<string, unknown>> = {};
  const refused = (description: string) => ({ description, content: json(ref('LarkError')) });
  const t = (key: string) => translate(lang, `openapi.${key}`);
  for (const call of LARK_TOKEN_CALLS) {
    (paths[call.path] ??= {}).post = {
      operationId: `lark.auth.${call.id}`,
      tags: ['lark'],
      summary: summaryOf(lang, summaryKey('POST', call.path)),
      security: [],
      requestBody: { required: true, content: json(docSchema(call.body)) },
      responses: {
        '200': { description: t('lark_ok'), content: json({ anyOf: [docSchema(call.answer, 'output'), ref('LarkError')] }) },
        '429': refused(t('lark_refused')),
      },
    };
  }
  // The code and refresh token calls refuse a code or token at HTTP 200, as Lark's token calls do; a header's token at 400.
  for (const c of Object.values(LARK_AUTHEN_CALLS)) {
    const ok = success(docSchema(c.data, 'output'));
    (paths[c.path] ??= {})[c.method.toLowerCase()] = {
      operationId: `lark.authen.${c.id}`,
      tags: ['lark'],
      summary: summaryOf(lang, summaryKey(c.method, c.path)),
      security: [{ bearer: [] }],
      ...('body' in c ? { requestBody: { required: true, content: json(docSchema(c.body)) } } : {}),
      responses: {
        '200': { description: t('lark_ok'), content: json('body' in c ? { anyOf: [ok, ref('LarkError')] } : ok) },
        '400': refused(t('lark_refused')),
        '429': refused(t('lark_refused')),
      },
    };
  }
  for (const c of calls) {
    (paths[docPath(c.path)] ??= {})[c.method.toLowerCase()] = {
      operationId: c.apiCode,
      tags: ['lark'],
      summary: summaryOf(lang, summaryKey(c.method, c.path)),
      'x-scope': c.scope,
      security: [{ bearer: [] }],
      // A write takes an Idempotency-Key, as the platform's calls do (server/open-api/idempotency-docs.ts).
      parameters: [...parameters('path', c.params), ...parameters('query', c.query), ...(c.method === 'GET' ? [] : [IDEMPOTENCY_KEY])],
      ...(c.body ? { requestBody: { required: true, content: json(docSchema(c.body)) } } : {}),
      responses: {
        '200': { description: t('lark_ok'), ...(c.method === 'GET' ? {} : { headers: replayedHeader(t) }), content: json(success(docSchema(c.answer, 'output'))) },
        '400': refused(t('lark_refused')),
        '403': refused(t('lark_refused')),
        ...(c.method === 'GET' ? {} : { '409': refused(t('lark_refused')), '422': refused(t('lark_refused')) }),
        '429': refused(t('lark_refused')),
      },
    };
  }
  return {
    ...doc,
    paths: { ...doc.paths, ...paths },
    tags: [...doc.tags, { name: 'lark', description: translate(lang, 'openapi.tags.lark') }],
    components: { ...doc.components, schemas: { ...doc.components.schemas, LarkError: LARK_ERROR } },
  };
};
