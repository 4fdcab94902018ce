import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { AnswerDoc } from './json-schema.ts';
import { USER_TYPE, type Caller } from '../auth/caller.ts';
import type { Services } from '../engine/context.ts';
import { runCall, type CallPlan } from '../engine/run-call.ts';
import { langOf, ok, sendWarning, unauthorized, Warning } from './envelope.ts';
import type { Lang } from '../../i18n/index.ts';

export type { AnswerDoc };

/** One mounted call, as the OpenAPI document and the catalogue report see it. */
export interface CallDoc {
  method: 'POST' | 'GET';
  path: string;
  tag: string;
  summary: string;
  body?: z.ZodType;
  /** What `data` holds on success. */
  answer?: AnswerDoc;
  public: boolean;
  permission?: string;
  /** Per-address rate limit, for calls that invite guessing (logins, codes). */
  limit?: { max: number; timeWindow: string };
  /** Takes a multipart form (an upload); every other call refuses one with 415. */
  form?: boolean;
  /** The form's fields beside its binary `file` (an import's `commit`). */
  formFields?: z.ZodObject;
  /** An open-API call's `api_code` (its OpenAPI operationId) and the scope it needs (`x-scope`). */
  apiCode?: string;
  scope?: string;
  /** Counted per app and minute (the open API): past it HTTP 429 with Retry-After. */
  throttled?: boolean;
  /** Answers the file itself (a download), not the envelope, on success: its media types. */
  file?: readonly string[];
}

export interface CallRequest {
  req: FastifyRequest;
  caller: Caller | null;
  lang: Lang;
  /** Query string and JSON body merged; the body wins. */
  input: Record<string, unknown>;
}

/**
 * True when a string anywhere in the value, key or element, holds a NUL character. PostgreSQL
 * cannot store one in text, so it is refused here for every call instead of failing in SQL.
 * Iterative: a deeply nested body must not exhaust the stack.
 */
export const holdsNul = (value: unknown) => {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\0')) return true;
        stack.push(child);
      }
    }
  }
  return false;
};

const NOT_LOGGED_IN = unauthorized('server.not_logged_in');
const KIND: Record<number, string> = { 0: 'operator', 1: 'main', 2: 'sub' };

export const inputOf = (req: FastifyRequest): Record<string, unknown> => {
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new Warning('server.bad_format');
  const input = { ...(req.query as Record<string, unknown>), ...((body as Record<string, unknown>) ?? {}) };
  if (holdsNul(input)) throw new Warning('server.nul_character');
  return input;
};

/** The calls a scope answers through its table, by method and path (`routeCall`). */
const tables = new WeakMap<FastifyInstance, Map<string, RouteHandlerMethod>>();

/**
 * A scope's calls are answered through one wildcard route and a table, not a route each:
 * find-my-way compiles a matcher function for every node of its tree, and some 590 routes were
 * about a tenth of a start's main thread (docs/operations.md, "Start"). The table finds a call by
 * its exact path; a path not in it goes to the not-found handler, which answers 404, or 405 for a
 * call asked with another method, as before. A route of its own still wins over the wildcard
 * (fastify prefers static paths): the calls with a rate limit (a route's config) and every other
 * route under `/open/`. HEAD asks a GET call, as fastify's HEAD routes did.
 */
export const routeCall = (app: FastifyInstance, method: 'GET' | 'POST', path: string, handler: RouteHandlerMethod) => {
  if (!path.startsWith('/open/')) throw new Error(`${path}: a call's path starts with /open/`);
  tableOf(app).set(`${method} ${path}`, handler);
};

const tableOf = (app: FastifyInstance) => {
  const known = tables.get(app);
  if (known) return known;
  const calls = new Map<string, RouteHandlerMethod>();
  tables.set(app, calls);
  app.decorateRequest('callPath', null);
  app.route({
    method: ['GET', 'POST'],
    url: '/open/*',
    handler: (req, reply) => {
      const at = req.url.indexOf('?');
      const raw = at < 0 ? req.url : req.url.slice(0, at);
      // Percent-encoded characters name the same call, as find-my-way matched them (a malformed
      // escape never gets here: fastify answers 400); `%2F` and the other reserved ones stay as they are.
      const path = raw.includes('%') ? decodeURI(raw) : raw;
      const handler = calls.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${path}`);
      if (!handler) return reply.callNotFound();
      req.callPath = path;
      return handler.call(app, req, reply);
    },
  });
  return calls;
};

/**
 * Registers a call made with a console token, or none: resolves the caller (401 for a bad token,
 * and for no token unless the call is public), merges its input, runs it through the one pipeline
 * (`runCall`) and wraps the result in the envelope.
 */
export const defineCall = (
  app: FastifyInstance,
  services: Services,
  docs: CallDoc[],
  doc: CallDoc,
  plan: CallPlan,
) => {
  docs.push(doc);
  const handler: RouteHandlerMethod = async (req, reply) => {
    if (!doc.form && req.isMultipart()) return sendWarning(req, reply, new Warning('server.unsupported_media_type', {}, null, 415));
    const header = req.headers.authorization;
    // The commonest refusal, answered without a throw or a token look-up.
    if (!header && !doc.public) return sendWarning(req, reply, NOT_LOGGED_IN);
    const caller = header
      ? await services.callers.resolve(header).catch((e) => {
          // A public call still answers when the optional token is bad.
          if (doc.public) return null;
          throw e;
        })
      : null;
    req.callerKind = caller ? KIND[caller.userType] ?? 'unknown' : 'anonymous';
    req.caller = caller;
    // A BU's IP whitelist applies to every call made with that BU's tenant tokens (logout excepted),
    // decided here on the routed path with the caller already resolved.
    if (caller?.buGuid && caller.userType !== USER_TYPE.operator && doc.path !== '/open/logout' && !(await services.admits(caller.buGuid, req.ip))) {
      return sendWarning(req, reply, new Warning('server.ip_not_allowed', { ip: req.ip }));
    }
    const data = await runCall(services, plan, { req, reply, caller, lang: langOf(req), input: inputOf(req) });
    // A handler that streams a file answers the reply itself (fastify then sends nothing more).
    if (reply.sent || data === reply) return reply;
    return ok(req, data ?? null);
  };
  // A rate limit is a route's config: such a call keeps a route of its own.
  if (doc.limit) app.route({ method: doc.method, url: doc.path, config: { rateLimit: doc.limit }, handler });
  else routeCall(app, doc.method, doc.path, handler);
};
