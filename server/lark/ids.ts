import { z } from 'zod';
import { Warning } from '../http/envelope.ts';
import type { EngineCall } from './call.ts';
import { fieldViolation, LarkError } from './errors.ts';

/**
 * Lark's id types on this platform (docs/lark.md "Ids"): a member or department has one id, its
 * guid, which is both its `open_id` and its `user_id` (`open_department_id` and `department_id`).
 * `union_id` names a person across a developer's apps, which the platform has no notion of.
 */
export const USER_ID_TYPES = ['open_id', 'user_id'] as const;
export const DEPARTMENT_ID_TYPES = ['open_department_id', 'department_id'] as const;
/** Lark's root department: on this platform, the app's BU itself. */
export const ROOT = '0';

export const idTypes = z.object({
  user_id_type: z.enum(USER_ID_TYPES).optional().describe('open_id (default) or user_id: both are the guid'),
  department_id_type: z.enum(DEPARTMENT_ID_TYPES).optional().describe('open_department_id (default) or department_id: both are the guid'),
});

const guid = z.uuid();

/** A guid an app named by `field` (a path or body id), or Lark's refusal naming that field. */
export const guidOf = (field: string, value: unknown) => {
  const parsed = guid.safeParse(value);
  if (!parsed.success) throw new LarkError(99992402, 'field validation failed', 400, { field_violations: [fieldViolation(field, 'not an id of this platform (a guid)')] });
  return parsed.data;
};

/** A department id an app named: its guid, or null for the root "0". */
export const departmentOf = (field: string, value: unknown) => (value === ROOT ? null : guidOf(field, value));

/** Lark's most ids one batch call takes (`user_ids`, `department_ids`, `emails`, `mobiles`). */
export const BATCH_MAX = 50;

/**
 * A repeated query parameter (`user_ids=a&user_ids=b`, as Lark's SDKs send it; one value arrives
 * as a string): one to 50 ids. More is Lark's field refusal naming the parameter.
 */
export const batchIds = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z.array(z.string().max(200)).min(1, `at least one ${what}`).max(BATCH_MAX, `at most ${BATCH_MAX} ${what}s`),
  ).describe(`Repeated, at most ${BATCH_MAX}; an id that is not the app's BU's is left out of the answer`);

/**
 * The rows of a batch read, each through the engine's `get` as the app's BU (the same scope, rules
 * and shape as the single get): in the order first asked, each once; an id that is no guid, no row
 * or another BU's row is left out, as Lark leaves out the ids it cannot see.
 */
export const rowsOf = async <T>(engine: EngineCall, resource: 'member' | 'department', ids: readonly string[]): Promise<T[]> => {
  const rows: T[] = [];
  for (const id of new Set(ids)) {
    if (!guid.safeParse(id).success) continue;
    try {
      rows.push(await engine(resource, 'get', { guid: id }));
    } catch (e) {
      if (e instanceof Warning && e.key === 'server.record_not_found') continue;
      throw e;
    }
  }
  return rows;
};
