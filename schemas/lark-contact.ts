import { z } from 'zod';

/**
 * Lark's contact v3 user and department, as the platform answers them and as its contact events
 * carry them (docs/lark.md "Users", "Departments", "Ids"). One mapping from a member or department
 * row serves the calls and the events, so both read the same.
 */

/** Lark's root department: on this platform, the app's BU itself. */
export const ROOT_DEPARTMENT = '0';

export const USER_ID_TYPES = ['open_id', 'union_id', 'user_id'] as const;
export const DEPARTMENT_ID_TYPES = ['open_department_id', 'department_id'] as const;
export type UserIdType = (typeof USER_ID_TYPES)[number];
export type DepartmentIdType = (typeof DEPARTMENT_ID_TYPES)[number];

/**
 * A row's ids as one app sees them (server/lark/ids.ts makes them): `open_id` per app, `union_id`
 * per provider, `open_department_id` per platform; `user` and `department` write an id in the type
 * the request asked for (events: open_id and open_department_id).
 */
export interface LarkIds {
  openId(guid: string): string;
  unionId(guid: string): string;
  openDepartmentId(guid: string): string;
  user(guid: string): string;
  /** null: the root, "0". */
  department(guid: string | null): string;
}

export const larkUser = z.object({
  open_id: z.string().describe("`ou_…`: the member's id for this app"),
  union_id: z.string().describe("`on_…`: the member's id for every app of this app's provider"),
  user_id: z.uuid().describe("The member's guid"),
  name: z.string(),
  en_name: z.string().optional(),
  nickname: z.string().optional(),
  email: z.string().optional(),
  mobile: z.string().describe('+<area code><number>; empty when the member has none (Lark types it as always there)'),
  department_ids: z.array(z.string()).describe('The member\'s one department (department_id_type); "0" when it has none'),
  leader_user_id: z.string().optional().describe('The member\'s superior (user_id_type)'),
  employee_no: z.string().optional(),
  employee_type: z.number().int().optional().describe('1 regular, 3 outsourcing'),
  status: z.object({ is_resigned: z.boolean() }),
});

export const larkDepartment = z.object({
  open_department_id: z.string().describe("`od-…`: the department's open id"),
  department_id: z.uuid().describe("The department's guid"),
  name: z.string(),
  parent_department_id: z.string().describe('department_id_type; "0" for a department at the top of the BU'),
  leader_user_id: z.string().optional().describe('user_id_type'),
  order: z.string().describe("The sort number, as text (Lark's type)"),
  status: z.object({ is_deleted: z.boolean() }),
});

export type LarkUser = z.output<typeof larkUser>;
export type LarkDepartment = z.output<typeof larkDepartment>;

/** Lark's employee_type (1 regular, 3 outsourcing) ↔ the member's account_type (0 employee, 1 outsourcing); a system account (2) has none. */
export const EMPLOYEE_TYPE: Record<number, number> = { 0: 1, 1: 3 };
export const ACCOUNT_TYPE: Record<number, number> = { 1: 0, 3: 1 };

const given = <K extends string>(key: K, value: unknown) => (value === null || value === undefined || value === '' ? {} : { [key]: value });

type Row = Record<string, unknown>;

/** A member row as Lark's user. */
export const larkUserOf = (m: Row, ids: LarkIds): LarkUser => {
  const guid = String(m.guid);
  return {
    open_id: ids.openId(guid),
    union_id: ids.unionId(guid),
    user_id: guid,
    name: String(m.name ?? ''),
    ...given('en_name', m.english_name),
    ...given('nickname', m.alias),
    ...given('email', m.email),
    mobile: m.phone ? `+${String(m.area_code ?? '86')}${String(m.phone)}` : '',
    department_ids: [ids.department((m.department_guid as string | null) ?? null)],
    ...given('leader_user_id', m.superior_guid ? ids.user(String(m.superior_guid)) : null),
    ...given('employee_no', m.job_number),
    ...given('employee_type', EMPLOYEE_TYPE[Number(m.account_type)]),
    status: { is_resigned: Number(m.duty_status) === 1 },
  };
};

/** A department row as Lark's department. */
export const larkDepartmentOf = (d: Row, ids: LarkIds): LarkDepartment => {
  const guid = String(d.guid);
  return {
    open_department_id: ids.openDepartmentId(guid),
    department_id: guid,
    name: String(d.name ?? ''),
    parent_department_id: ids.department((d.parent_guid as string | null) ?? null),
    ...given('leader_user_id', d.leader_guid ? ids.user(String(d.leader_guid)) : null),
    order: String(d.sort ?? 0),
    status: { is_deleted: false },
  };
};

/**
 * A definition's events in Lark's shape (resources/types.ts `events.shape`): what `object` is, made
 * from the changed row for the receiving app; `keys` name the row in `old_object` beside the fields
 * that changed.
 */
export interface EventShape {
  schema: z.ZodObject;
  of(row: Row, ids: LarkIds, kind: 'created' | 'updated' | 'deleted'): Record<string, unknown>;
  keys: readonly string[];
}

export const larkUserEvents: EventShape = { schema: larkUser, of: (row, ids) => larkUserOf(row, ids), keys: ['open_id', 'union_id', 'user_id'] };

export const larkDepartmentEvents: EventShape = {
  schema: larkDepartment,
  // Lark's deleted department says so in its status.
  of: (row, ids, kind) => ({ ...larkDepartmentOf(row, ids), status: { is_deleted: kind === 'deleted' } }),
  keys: ['open_department_id', 'department_id'],
};

/** The "empty" Lark sends in `old_object` for a field that had no value before. */
const emptyLike = (v: unknown) => (typeof v === 'string' ? '' : Array.isArray(v) ? [] : undefined);

/**
 * `old_object` as Lark sends it: the row's keys and only the fields that changed, with their value
 * before (an empty string or list for one that had none; a field now gone keeps its old value).
 */
export const changedFields = (shape: EventShape, before: Record<string, unknown>, after: Record<string, unknown>) => {
  const out: Record<string, unknown> = Object.fromEntries(shape.keys.map((k) => [k, before[k]]));
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (shape.keys.includes(k) || JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    const old = k in before ? before[k] : emptyLike(after[k]);
    if (old !== undefined) out[k] = old;
  }
  return out;
};
