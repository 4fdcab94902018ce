import { z } from 'zod';
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
