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

/** OpenAPI 3.1 for every mounted call, from the same definitions that mount them. */
export const openapiDocument = (docs: readonly CallDoc[]) => ({
  openapi: '3.1.0',
  info: { title: 'Open Platform API', version: '1', description: 'Every call answers the envelope { code, data, message }. See docs/api.md.' },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
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
