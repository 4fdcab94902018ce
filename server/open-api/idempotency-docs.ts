/**
 * What the OpenAPI documents say of `Idempotency-Key` (server/http/idempotency.ts): the optional
 * header every write made with a token takes, and the header a replayed answer carries. `t` reads
 * the document's words in its language (`openapi.*`).
 */
type Words = (key: string) => string;

/** The header parameter, declared once under `components.parameters`. */
export const IDEMPOTENCY_KEY = { $ref: '#/components/parameters/IdempotencyKey' };

export const idempotencyParameters = (t: Words) => ({
  IdempotencyKey: { name: 'Idempotency-Key', in: 'header', required: false, description: t('idempotency_key'), schema: { type: 'string', minLength: 1, maxLength: 255 } },
});

/** On a success: present, "true", when the answer is the key's stored first one. */
export const replayedHeader = (t: Words) => ({ 'Idempotent-Replayed': { description: t('idempotent_replayed'), schema: { type: 'string', const: 'true' } } });
