import { translate, type Lang } from '../i18n/index.ts';
import { eventMessageKey } from '../schemas/event.ts';
import { publicSchema, shapeOf, type JsonSchema } from './http/json-schema.ts';
import { eventTypes } from './seed/event-types.ts';

/**
 * The pushes an app receives, as OpenAPI 3.1 `webhooks` (docs/events.md): one per event type of
 * the catalogue (`eventTypes()`, the same the seed and the delivery read), each the schema 2.0
 * envelope with its header and its own `event` payload, and the signature headers every push
 * carries. A generator types a receiver's handler from them (`components.schemas['event.<code>']`).
 */
export const TAG = 'events';
/** The security scheme a push carries: its signatures, verified by the receiver with the endpoint's keys. */
export const SIGNED = 'pushSignature';

const text = { type: 'string' };
const header = (name: string, description: string, example?: string) => ({ name, in: 'header', required: true, description, schema: text, ...(example ? { example } : {}) });

/** The schema 2.0 envelope every push shares: its `header`, with the `event` as each type declares it. */
const ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['schema', 'header', 'event'],
  properties: {
    schema: { type: 'string', const: '2.0' },
    header: {
      type: 'object',
      required: ['event_id', 'event_type', 'create_time', 'token', 'app_id', 'tenant_key'],
      properties: {
        event_id: { type: 'string', description: 'The same on every retry' },
        event_type: text,
        create_time: { type: 'string', description: 'Microseconds since the epoch, as digits' },
        token: { type: 'string', description: "The endpoint's Verification Token" },
        app_id: text,
        tenant_key: { type: 'string', description: 'The BU the event is about' },
      },
    },
    event: { type: 'object' },
  },
};

/** The event's own name for its schema (`event.contact.user.created_v3`). */
const schemaName = (code: string) => `event.${code}`;

export const webhooksOf = (lang: Lang) => {
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, `openapi.webhooks.${key}`, params);
  const schemas: Record<string, JsonSchema> = { 'event.envelope': ENVELOPE };
  const webhooks: Record<string, unknown> = {};
  for (const e of eventTypes()) {
    // As answers are shown: the server's metadata as standard keywords, no input rules.
    const payload = shapeOf(publicSchema(e.payload));
    schemas[schemaName(e.code)] = {
      allOf: [
        { $ref: '#/components/schemas/event.envelope' },
        { type: 'object', required: ['header', 'event'], properties: { header: { type: 'object', required: ['event_type'], properties: { event_type: { type: 'string', const: e.code } } }, event: payload } },
      ],
    };
    const seeded = `resources.event-info.seeded.${eventMessageKey(e.code)}`;
    webhooks[e.code] = {
      post: {
        operationId: `event_${e.code.replace(/[^A-Za-z0-9]+/g, '_')}`,
        tags: [TAG],
        // The receiver checks the signature, not a token: X-Open-Signature stands for the three ways a push is signed.
        security: [{ [SIGNED]: [] }],
        summary: translate(lang, `${seeded}.name`),
        description: [translate(lang, `${seeded}.description`), e.group ? t('scope', { scope: e.group }) : t('no_scope'), t('encrypted')].join('\n\n'),
        parameters: [
          header('X-Open-Signature', t('open_signature'), 't=1700000000,v1=5257a869…'),
          header('webhook-id', t('webhook_id')),
          header('webhook-timestamp', t('webhook_timestamp'), '1700000000'),
          header('webhook-signature', t('webhook_signature'), 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='),
          header('X-Open-Event-Id', t('event_id')),
          header('X-Open-Attempt', t('attempt'), '1'),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName(e.code)}` } } } },
        responses: {
          '200': { description: t('ok') },
          '400': { description: t('refused') },
        },
      },
    };
  }
  const scheme = { type: 'apiKey', in: 'header', name: 'X-Open-Signature', description: t('security') };
  return { webhooks, schemas, tag: { name: TAG, description: t('tag') }, securitySchemes: { [SIGNED]: scheme } };
};
