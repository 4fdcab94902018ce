import { z } from 'zod';
import { codes, guid } from './common.ts';

/**
 * The audit logs (docs/operator.md, "Audit logs"): rows the server writes, never a body. Their
 * definitions mount read calls only, so these schemas describe columns and filters, not input.
 */

/** How a sign-in attempt ended: success, or the refusal's reason (the sentence key it answered). */
export const LOGIN_RESULTS = [
  'success', 'login_failed', 'login_throttled', 'account_frozen', 'account_not_activated', 'ip_not_allowed', 'invalid_input',
  /** The BU's login types do not allow this way in (docs/sso.md). */
  'login_type_not_allowed',
  /** An e-mail code that was wrong, expired or used. */
  'code_invalid',
  /** Company sign-in: no BU claims the company, the IdP's answer failed a check, or the person may not be provisioned. */
  'sso_unknown_company', 'sso_rejected', 'sso_not_provisioned',
  'other',
] as const;

/** How a sign-in was made: a password (an owner's while the BU allows only SSO is `break_glass`), an e-mail code, or the company's IdP. */
export const LOGIN_METHODS = ['password', 'break_glass', 'email_code', 'oidc', 'saml'] as const;

/** One sign-in attempt on the operator (`admin`) or the tenant (`tenant`) sign-in route. */
export const loginLogSchema = z.object({
  scene: z.enum(['admin', 'tenant']),
  /** What was typed (an unknown name too), at most 64 characters. */
  username: z.string().max(64),
  /** The account signed in; null when the attempt was refused. */
  user_guid: guid().nullable(),
  result: z.enum(LOGIN_RESULTS),
  /** Null on rows written before sign-in methods were recorded. */
  method: z.enum(LOGIN_METHODS).nullable(),
  ip: z.string().max(64),
  user_agent: z.string().max(512),
});

/** One write made through the engine by an operator or a tenant user: who, where, what, never values. */
export const operationLogSchema = z.object({
  user_guid: guid(),
  /** The account's name when the write was made (kept if the account goes). */
  username: z.string().nullable(),
  user_type: codes(0, 1, 2),
  bu_guid: guid().nullable(),
  /** The definition written (`role`, `sub-account`…), its action, and the call's path. */
  resource: z.string().max(64),
  action: z.string().max(32),
  path: z.string().max(200),
  /** The row written (the answer's guid, else the body's), when there is one. */
  target_guid: guid().nullable(),
  /** The names of the fields the body gave; never their values. */
  fields: z.array(z.string()),
  ip: z.string().max(64),
});

/** One call made with a user's token (operator or tenant): what, how it ended, how long it took. */
export const requestLogSchema = z.object({
  user_guid: guid(),
  username: z.string().nullable(),
  user_type: codes(0, 1, 2),
  bu_guid: guid().nullable(),
  method: z.string().max(8),
  path: z.string().max(200),
  http_status: z.number().int(),
  /** The envelope's code (200, 201, 500), or null when the answer had none. */
  code: z.number().int().nullable(),
  ms: z.number(),
  request_id: z.string().max(64),
  ip: z.string().max(64),
  user_agent: z.string().max(512),
});

/* What each log's search takes besides its window and page (resources/audit-log.ts `keyset`). */

const text = (max: number) => z.string().trim().max(max, `validation.max_${max}`).optional();
const guidFilter = z.uuid('validation.guid_format').optional();
const userType = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.invalid_option' }).optional();

export const loginLogFilters = z.object({
  username: text(64),
  user_guid: guidFilter,
  scene: z.enum(['admin', 'tenant'], { error: 'validation.invalid_option' }).optional(),
  result: text(32),
  ip: text(64),
});

export const operationLogFilters = z.object({
  username: text(64),
  user_guid: guidFilter,
  user_type: userType,
  bu_guid: guidFilter,
  resource: text(64),
  action: text(32),
  target_guid: guidFilter,
});

export const requestLogFilters = z.object({
  username: text(64),
  user_guid: guidFilter,
  user_type: userType,
  bu_guid: guidFilter,
  path: text(200),
  http_status: z.number().int().min(100).max(599).optional(),
  request_id: text(64),
});
