import type { z } from 'zod';
import { enabledTones } from './status.ts';
import type { Mount, ResourceDef } from './types.ts';

/**
 * A catalogue of coded rows seeded as data (the open API's scopes, the platform's abilities): code,
 * name, description and status, listed by code, the code unique.
 */
export const codedCatalogue = <const N extends string, S extends z.ZodObject>(name: N, table: string, schema: S, mounts: readonly Mount[]): ResourceDef<S, N> => ({
  name,
  schema,
  storage: {
    table,
    unique: [['code']],
  },
  api: {
    keyword: ['code', 'name'],
    filters: [{ field: 'status' }],
    sort: 'code',
    mounts,
  },
  admin: {
    titleField: 'name',
    tones: { status: enabledTones },
    columns: [{ field: 'name' }, { field: 'code' }, { field: 'description' }, { field: 'status', render: 'status' }],
  },
});
