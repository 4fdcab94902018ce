import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import { DEPARTMENT_ID_TYPES, ROOT_DEPARTMENT, USER_ID_TYPES, type DepartmentIdType, type UserIdType } from '../../schemas/lark-contact.ts';
import type { AppIds, EngineCall } from './call.ts';
import { fieldViolation, LarkError, NOT_FOUND } from './errors.ts';

/**
 * Lark's id model on this platform (docs/lark.md "Ids"). A member's `user_id` and a department's
 * `department_id` are their guids. `open_id` (`ou_`) is the guid enciphered under a key of the app,
 * `union_id` (`on_`) under a key of the app's provider (its BU), `open_department_id` (`od-`) under
 * one key of the platform: one AES block each, so an id is stable forever, reads back to its guid
 * without a table, and says nothing across apps. The keys derive from one secret in `server_secret`.
 */
export { ROOT_DEPARTMENT as ROOT };

export const idTypes = z.object({
  user_id_type: z.enum(USER_ID_TYPES).optional().describe('open_id (the default), union_id or user_id (the guid)'),
  department_id_type: z.enum(DEPARTMENT_ID_TYPES).optional().describe('open_department_id (the default) or department_id (the guid)'),
});
export type IdTypes = z.output<typeof idTypes>;

const guid = z.uuid();
const PREFIX = { open_id: 'ou_', union_id: 'on_', open_department_id: 'od-' } as const;
const CIPHERED = /^[0-9a-f]{32}$/;

const refuse = (field: string, what: string) => new LarkError(99992402, 'field validation failed', 400, { field_violations: [fieldViolation(field, what)] });

/** A guid an app named by `field` as a guid (a `user_id` or `department_id`), or Lark's refusal naming that field. */
const guidOf = (field: string, value: unknown) => {
  const parsed = guid.safeParse(value);
  if (!parsed.success) throw refuse(field, 'not an id of this platform (a guid)');
  return parsed.data;
};

const toBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const toGuid = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** One AES-128 block each way: a guid is exactly one. */
const encipher = (key: Buffer, id: string) => {
  const c = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([c.update(toBytes(id)), c.final()]).toString('hex');
};
const decipher = (key: Buffer, hex: string) => {
  const d = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return toGuid(Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]));
};

export class LarkIdKeys {
  private readonly keys = new Map<string, Buffer>();

  private constructor(private readonly secret: Buffer) {}

  static async open(db: Db) {
    await db.query('insert into server_secret (name, value) values ($1, $2) on conflict (name) do nothing', ['lark-ids', randomBytes(32).toString('base64url')]);
    const { rows } = await db.query<{ value: string }>('select value from server_secret where name = $1', ['lark-ids']);
    return new LarkIdKeys(Buffer.from(rows[0].value, 'base64url'));
  }

  private key(purpose: string) {
    let k = this.keys.get(purpose);
    if (!k) {
      k = createHmac('sha256', this.secret).update(purpose).digest().subarray(0, 16);
      // Apps and providers are bounded; the cap only guards memory.
      if (this.keys.size > 50_000) this.keys.clear();
      this.keys.set(purpose, k);
    }
    return k;
  }

  /**
   * The ids of `app` (its provider `providerBu`; none for a platform store app), ids in requests and
   * answers of the types asked (Lark's defaults: open_id, open_department_id).
   */
  forApp(app: string, providerBu: string | null, types: IdTypes = {}): AppIds {
    const keys = { open_id: this.key(`open_id:${app}`), union_id: this.key(`union_id:${providerBu ?? 'platform'}`), open_department_id: this.key('open_department_id') };
    const userType: UserIdType = types.user_id_type ?? 'open_id';
    const departmentType: DepartmentIdType = types.department_id_type ?? 'open_department_id';
    const make = (type: keyof typeof PREFIX) => (id: string) => `${PREFIX[type]}${encipher(keys[type], id)}`;
    const openId = make('open_id');
    const unionId = make('union_id');
    const openDepartmentId = make('open_department_id');
    const read = (type: UserIdType | DepartmentIdType, field: string, value: unknown) => {
      if (type === 'user_id' || type === 'department_id') return guidOf(field, value);
      const prefix = PREFIX[type];
      const text = typeof value === 'string' ? value : '';
      if (!text.startsWith(prefix) || !CIPHERED.test(text.slice(prefix.length))) throw refuse(field, `not ${type === 'open_department_id' ? 'an' : 'a'} ${type} (${prefix}…)`);
      const id = decipher(keys[type], text.slice(prefix.length));
      // Another app's (or provider's) id reads back to 16 random bytes: rarely a guid's form, and then no row's.
      return guid.safeParse(id).success ? id : null;
    };
    return {
      openId,
      unionId,
      openDepartmentId,
      user: (id) => (userType === 'user_id' ? id : userType === 'union_id' ? unionId(id) : openId(id)),
      department: (id) => (id === null ? ROOT_DEPARTMENT : departmentType === 'department_id' ? id : openDepartmentId(id)),
      userIn: (field, value) => read(userType, field, value),
      departmentIn: (field, value) => (value === ROOT_DEPARTMENT ? ROOT_DEPARTMENT : read(departmentType, field, value)),
    };
  }
}

/** The member an app named (a path or a field), or Lark's "no user authority" when the id names none of its. */
export const memberNamed = (ids: AppIds, field: string, value: unknown) => {
  const id = ids.userIn(field, value);
  if (id === null) throw NOT_FOUND.user();
  return id;
};

/** The department an app named: its guid, null for the root "0", or Lark's "no dept authority" when the id names none of its. */
export const departmentNamed = (ids: AppIds, field: string, value: unknown) => {
  const id = ids.departmentIn(field, value);
  if (id === null) throw NOT_FOUND.department();
  return id === ROOT_DEPARTMENT ? null : id;
};

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
  ).describe(`Repeated, at most ${BATCH_MAX}, of the id type asked; an id that is not the app's BU's is left out of the answer`);

/**
 * The rows of a batch read, each through the engine's `get` as the app's BU (the same scope, rules
 * and shape as the single get): in the order first asked, each once; an id that is malformed, names
 * no row or another BU's row is left out, as Lark leaves out the ids it cannot see.
 */
export const rowsOf = async <T>(engine: EngineCall, resource: 'member' | 'department', ids: readonly string[], read: (id: string) => string | null): Promise<T[]> => {
  const rows: T[] = [];
  const named = (id: string) => {
    try {
      return read(id);
    } catch {
      return null;
    }
  };
  // The root "0" is the BU, not a row: left out like any id that names none.
  const guids = ids.map(named).filter((id): id is string => id !== null && guid.safeParse(id).success);
  for (const id of new Set(guids)) {
    try {
      rows.push(await engine(resource, 'get', { guid: id }));
    } catch (e) {
      if (e instanceof Warning && e.key === 'server.record_not_found') continue;
      throw e;
    }
  }
  return rows;
};
