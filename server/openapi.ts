import { z } from 'zod';
import type { CallDoc } from './http/calls.ts';

const envelope = {
  type: 'object',
  required: ['code', 'data', 'message'],
  properties: {
    code: { type: 'integer', description: '200 success, 201 business warning (message is a sentence for the person), 404 unknown call, 500 system exception' },
    data: { description: 'The payload; for a 201 validation failure, the failing fields' },
    message: { type: 'string' },
  },
};

const schemaOf = (body: z.ZodType | undefined) => {
  if (!body) return { type: 'object' };
  const { $schema: _, ...rest } = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const groupByPath = (docs: readonly CallDoc[]) => {
  const map = new Map<string, CallDoc[]>();
  for (const d of docs) map.set(d.path, [...(map.get(d.path) ?? []), d]);
  return map;
};

const CONSOLE_INFO = { title: 'Open Platform API', version: '1', description: 'Every call answers the envelope { code, data, message }. See docs/api.md.' };
/** The document apps read (`GET /open/api/openapi.json`): the token call and the calls made with app tokens. */
export const OPEN_API_INFO = {
  title: 'Open Platform open API',
  version: '1',
  description: 'Calls an app makes with its app access token (POST /open/api/auth/app-access-token). Every call answers the envelope { code, data, message } and its request id in X-Request-Id. See docs/apps.md.',
};

/** OpenAPI 3.1 for the given mounted calls, from the same definitions that mount them. */
export const openapiDocument = (docs: readonly CallDoc[], info = CONSOLE_INFO) => ({
  openapi: '3.1.0',
  info,
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: info === CONSOLE_INFO ? 'JWT' : 'app access token' } },
    schemas: { Envelope: envelope },
  },
  paths: Object.fromEntries(
    [...groupByPath(docs)].map(([path, list]) => [
      path,
      Object.fromEntries(
        list.map((d) => [
          d.method.toLowerCase(),
          {
            tags: [d.tag],
            summary: d.summary,
            ...(d.apiCode ? { operationId: d.apiCode } : {}),
            ...(d.scope ? { 'x-scope': d.scope } : {}),
            ...(d.permission ? { description: `Permission code: ${d.permission}` } : {}),
            security: d.public ? [] : [{ bearer: [] }],
            ...(d.method === 'POST' ? { requestBody: { required: false, content: { 'application/json': { schema: schemaOf(d.body) } } } } : {}),
            responses: {
              '200': { description: 'Success or business warning', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
              '401': { description: 'Missing, malformed, expired or revoked token (code 201)' },
            },
          },
        ]),
      ),
    ]),
  ),
});
