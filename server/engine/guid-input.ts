import { z } from 'zod';

/**
 * The body `{ [field]: a guid }` that names one row, made once per field name: zod compiles a
 * schema's checks at its first parse, which costs more than a cached call's whole answer.
 */
const bodies = new Map<string, z.ZodObject>();
export const guidInputOf = (field: string) => {
  let body = bodies.get(field);
  if (!body) bodies.set(field, (body = z.object({ [field]: z.uuid('validation.guid_format') })));
  return body;
};
