import { z } from 'zod';
import { guid } from '../../schemas/common.ts';

/**
 * The body `{ [field]: a guid }` that names one row, made once per field name: zod compiles a
 * schema's checks at its first parse, which costs more than a cached call's whole answer.
 */
const bodies = new Map<string, z.ZodObject>();
export const guidInputOf = (field: string) => {
  let body = bodies.get(field);
  if (!body) bodies.set(field, (body = z.object({ [field]: guid() })));
  return body;
};
