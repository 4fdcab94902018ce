import type { z } from 'zod';
import type { AppCaller } from '../auth/app-tokens.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { FieldNames, LarkError } from './errors.ts';
import type { LarkIds } from '../../schemas/lark-contact.ts';
import type { ResourceName } from '../../resources/index.ts';

/** One of Lark's calls this platform answers: its route, its `api_code` in the call log, the scope it needs and its typed parts. */
export interface LarkCall<P = any, Q = any, B = any> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Lark's path, parameters as `:name`. */
  path: string;
  apiCode: string;
  scope: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** What `data` holds on success. */
  answer: z.ZodType;
  /** Lark's refusal for a row that is not there or not the app's BU's. */
  notFound: () => LarkError;
  /** The platform's field names back to Lark's, for `field_violations`. */
  fields?: FieldNames;
  /** Lark's refusal for a reference field (a leader, a department) naming no row of the app's BU, as for that row's own id. */
  references?: Record<string, () => LarkError>;
  /** `ids`: the calling app's ids, in the types the query asked for (server/lark/ids.ts). */
  run: (r: { caller: AppCaller; lang: Lang; params: P; query: Q; body: B; engine: EngineCall; ids: AppIds }) => Promise<unknown>;
}

/** An engine verb of a definition as the calling app's BU (server/routes/open-api.ts `engineAsApp`). */
export type EngineCall = (resource: ResourceName, verb: 'page' | 'get' | 'add' | 'update' | 'delete' | 'tree', input: Record<string, unknown>) => Promise<any>;

/** A row's ids for one app, and the ids it sends read back to guids. */
export interface AppIds extends LarkIds {
  /**
   * The member's guid an id sent as `type` names, or null when it names none (an id of another
   * app, or another provider's); a malformed id is Lark's refusal naming `field`.
   */
  userIn(field: string, value: unknown): string | null;
  /** Likewise a department's; "0" is the root, answered as ROOT. */
  departmentIn(field: string, value: unknown): string | null;
}
