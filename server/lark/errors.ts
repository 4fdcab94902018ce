import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../i18n/index.ts';
import { databaseAway } from '../db/away.ts';
import { RETRY_AFTER_S, Warning } from '../http/envelope.ts';
import { larkLangOf } from './language.ts';

/** A refusal in Lark's shape: `{ code, msg, error? }` with the HTTP status Lark answers it with (docs/lark.md "Errors"). */
export class LarkError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly http: number,
    readonly error?: Record<string, unknown>,
  ) {
    super(msg);
  }
}

export const fieldViolation = (field: string, description: string) => ({ field, description });

/** The platform's refusals that Lark names with a code of its own; anything else is code 1 with the platform's sentence. */
const BY_KEY: Record<string, { code: number; msg: string; http: number }> = {
  'server.app_credentials_invalid': { code: 10014, msg: 'app secret invalid', http: 200 },
  'server.app_auth_throttled': { code: 99991400, msg: 'request trigger frequency limit', http: 429 },
  'server.app_rate_limited': { code: 99991400, msg: 'request trigger frequency limit', http: 429 },
  'server.rate_limited': { code: 99991400, msg: 'request trigger frequency limit', http: 429 },
  'server.app_token_invalid': { code: 99991663, msg: 'Invalid access token for authorization. Please make a request with token attached.', http: 400 },
};
const MISSING_TOKEN = new LarkError(99991661, 'Missing access token for authorization. Please make a request with token attached.', 400);

/**
 * A Lark path the platform has not built, in Lark's shape and never the platform's envelope, so a
 * Lark SDK reads a refusal rather than an empty answer (docs/lark.md, "Not supported").
 */
export const notBuilt = () => new LarkError(404, '404 page not found', 404);
export const isLarkPath = (url: string) => url.startsWith('/open-apis/');

/**
 * A path segment standing where an id goes that is one of Lark's method names (`batch`,
 * `batch_get_id`, `search`): a call not built here, not a malformed id.
 */
export const isMethodName = (segment: unknown) => typeof segment === 'string' && /^[a-z]+(_[a-z]+)*$/.test(segment);

/** Lark's code for "no such row, or not yours" for each kind of row. */
export const NOT_FOUND = {
  user: () => new LarkError(41050, 'no user authority error', 400),
  department: () => new LarkError(40004, 'no dept authority error', 403),
};

/** Platform field names back to the Lark names the app sent. */
export type FieldNames = Record<string, string>;

/**
 * Any failure of a Lark call as Lark's refusal: a Warning by its key (the scope it lacks as
 * 99991672 with `permission_violations`, failing fields as 99992402 with `field_violations`
 * named as the app named them), a fault as Lark's internal error.
 */
export const toLark = (e: unknown, req: FastifyRequest, opts: { notFound?: () => LarkError; fields?: FieldNames; references?: Record<string, () => LarkError> } = {}): LarkError => {
  if (e instanceof LarkError) return e;
  const lang = larkLangOf(req);
  if (e instanceof Warning) {
    if (e.key === 'server.app_token_invalid' && !req.headers.authorization) return MISSING_TOKEN;
    if (e.key === 'server.scope_missing') {
      const { scope, url } = e.params as { scope: string; url: string };
      return new LarkError(99991672, `Access denied. One of the following scopes is required: [${scope}].`, 400, {
        permission_violations: [{ type: 'action_scope_required', subject: scope, description: translate(lang, e.key, e.params) }],
        helps: [{ url, description: translate(lang, e.key, e.params) }],
      });
    }
    if (e.key === 'server.record_not_found' && opts.notFound) return opts.notFound();
    // An id that reads back to a guid of no row is refused as one that reads back to none (server/lark/ids.ts).
    const missing = e.key === 'server.reference_not_found' ? opts.references?.[String((e.data as { field?: unknown } | null)?.field)] : undefined;
    if (missing) return missing();
    if (e.key === 'server.duplicate') {
      if (opts.notFound === NOT_FOUND.department) return new LarkError(40018, 'duplicate name error', 400);
      // A member's taken job number: the field named as the app named it.
      const sentence = translate(lang, e.key, e.params);
      const fields = (e.data as { fields?: string[] } | null)?.fields ?? [];
      return new LarkError(99992402, 'field validation failed', 400, { field_violations: fields.map((f) => fieldViolation(opts.fields?.[f] ?? f, sentence)) });
    }
    if (e.key === 'server.app_ip_refused') return new LarkError(99991401, `ip ${String(e.params.ip)} is denied by app setting`, 400, { message: translate(lang, e.key, e.params) });
    const known = BY_KEY[e.key];
    if (known) return new LarkError(known.code, known.msg, known.http, { message: translate(lang, e.key, e.params) });
    if (Array.isArray(e.data)) {
      const names = opts.fields ?? {};
      const violations = (e.data as { field: string; message: string }[]).map((f) => fieldViolation(names[f.field.split('.')[0]] ?? f.field, f.message));
      return new LarkError(99992402, 'field validation failed', 400, { field_violations: violations });
    }
    // The server's own condition (a disk nearly full: 507) keeps its status: a client retries a 5xx, not a 400.
    return new LarkError(1, translate(lang, e.key, e.params), e.http >= 500 ? e.http : 400);
  }
  // The database away is no fault of the call: 503 with Retry-After, as on the platform's paths.
  if (databaseAway(e)) {
    req.log.warn({ err: e }, 'database unavailable');
    return new LarkError(1, translate(lang, 'server.unavailable', { seconds: RETRY_AFTER_S }), 503);
  }
  const err = e as { statusCode?: number; code?: string };
  if (err?.statusCode === 429) return new LarkError(99991400, 'request trigger frequency limit', 429);
  if (err?.statusCode && err.statusCode < 500) return new LarkError(99992402, 'field validation failed', 400, { message: String((e as Error).message) });
  req.log.error({ err: e }, 'lark call failed');
  return new LarkError(40003, 'internal error', 500);
};

/** The answer of a refusal: Lark's body, its HTTP status, the request id as `log_id` (Lark's name for it). */
export const sendLark = (req: FastifyRequest, reply: FastifyReply, e: LarkError) => {
  if (e.http === 503) reply.header('retry-after', String(RETRY_AFTER_S));
  return reply.status(e.http).send({ code: e.code, msg: e.msg, error: { ...(e.error ?? {}), log_id: String(req.id) } });
};
