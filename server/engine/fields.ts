import { z } from 'zod';
import type { ResourceDef } from '../../resources/types.ts';

export type SqlType = 'text' | 'smallint' | 'integer' | 'double precision' | 'boolean' | 'jsonb' | 'uuid' | 'timestamptz'
  /** Custom fields' types (a schema's `.meta({ sqlType })`), answered as text: no float or time zone shifts them. */
  | 'bigint' | 'numeric' | 'date';

export interface FieldInfo {
  name: string;
  sqlType: SqlType;
  json: boolean;
  /** Stored as an argon2id hash, never returned. */
  password: boolean;
  /** Never returned nor sorted on: a password hash, a server-kept secret's hash (`secretHash()`) or a sealed secret (`kind: 'sealed'`). */
  hidden: boolean;
  /** Holds addresses of uploaded files (`.meta({ kind: 'files' })`): who reads the row may read them (server/files/access.ts). */
  files: boolean;
}

type JsonSchema = { type?: string | string[]; format?: string; anyOf?: JsonSchema[]; const?: unknown; enum?: unknown[]; kind?: string; sqlType?: SqlType };

const sqlTypeOf = (s: JsonSchema): SqlType => {
  if (s.sqlType) return s.sqlType;
  if (s.anyOf) {
    const branches = s.anyOf.filter((b) => b.type !== 'null');
    if (branches.every((b) => Number.isInteger(b.const))) return 'smallint';
    return branches.length === 1 ? sqlTypeOf(branches[0]) : 'jsonb';
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return 'uuid';
      if (s.format === 'date-time') return 'timestamptz';
      return 'text';
    case 'integer':
      return 'integer';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    default:
      return 'jsonb';
  }
};

const cache = new WeakMap<ResourceDef, FieldInfo[]>();

/** The stored fields of a definition (editable and internal), read from its JSON Schema. */
export const fieldsOf = (def: ResourceDef): FieldInfo[] => {
  const hit = cache.get(def);
  if (hit) return hit;
  const shape = { ...def.schema.shape, ...(def.internal?.shape ?? {}) };
  const json = z.toJSONSchema(z.object(shape), { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchema> };
  const fields = Object.entries(json.properties).map(([name, s]) => {
    const sqlType = sqlTypeOf(s);
    return { name, sqlType, json: sqlType === 'jsonb', password: s.kind === 'password', hidden: s.kind === 'password' || s.kind === 'secret' || s.kind === 'sealed', files: s.kind === 'files' };
  });
  cache.set(def, fields);
  return fields;
};

export const scopesOf = (def: ResourceDef) => new Set(def.api.mounts.map((m) => m.scope));

/** Server-managed columns every table has, plus the owner columns its scopes need. */
export const managedColumns = (def: ResourceDef): { name: string; ddl: string }[] => {
  const scopes = scopesOf(def);
  return [
    { name: 'guid', ddl: 'uuid primary key' },
    ...(scopes.has('bu') ? [{ name: 'bu_guid', ddl: 'uuid' }] : []),
    ...(scopes.has('user') ? [{ name: 'user_guid', ddl: 'uuid' }] : []),
    { name: 'created_by', ddl: 'uuid' },
    { name: 'created_at', ddl: 'timestamptz not null default now()' },
    { name: 'updated_at', ddl: 'timestamptz not null default now()' },
  ];
};

export const MANAGED = new Set(['guid', 'bu_guid', 'user_guid', 'created_by', 'created_at', 'updated_at']);
