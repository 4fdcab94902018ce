import { randomUUID } from 'node:crypto';

type Schema = Record<string, unknown> & { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; enum?: unknown[]; const?: unknown; format?: string; minimum?: number; default?: unknown };

/** A value that fits a JSON Schema, for "send test event": the type's own shape with plausible values. */
export const sampleOf = (s: Schema | undefined): unknown => {
  if (!s) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sampleOf(alt.find((a) => a.type !== 'null') ?? alt[0]);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    case 'array':
      return [];
    case 'string':
      return s.format === 'uuid' ? randomUUID() : s.format === 'date-time' ? new Date().toISOString() : s.format === 'date' ? new Date().toISOString().slice(0, 10) : 'test';
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
};
