import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { inputOf } from '../http/calls.ts';
import { larkLangOf } from './language.ts';
import { asApp, engineAsApp, type OpenApiOptions } from '../routes/open-api.ts';
import { larkOk } from './envelope.ts';
import type { EngineCall, LarkCall } from './call.ts';
import type { IdTypes } from './ids.ts';
import { fieldViolation, isMethodName, LarkError, notBuilt, sendLark, toLark } from './errors.ts';
import { departmentCalls } from './contact-departments.ts';
import { userCalls } from './contact-users.ts';
import { mountLarkTokens } from './tokens.ts';
import { mountLarkAuthen } from './authen.ts';

/** A part of the request by its schema, or Lark's refusal naming the failing fields. */
const parsePart = <T>(schema: z.ZodType<T> | undefined, value: unknown): T => {
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw new LarkError(99992402, 'field validation failed', 400, { field_violations: parsed.error.issues.map((i) => fieldViolation(i.path.join('.') || '(body)', i.message)) });
};

export const larkCalls: readonly LarkCall[] = [...userCalls, ...departmentCalls];

/**
 * Lark's dialect (docs/lark.md): its token calls, its user-token calls (web login) and its
 * contact v3 calls on members and departments, under `/open-apis/`. Every contact call goes
 * through the same gate as the open API's (`asApp`: token, whitelist, rate, scope, call log) and
 * the engine as the app's BU, so scopes, rules and events are the platform's own; only the shapes
 * are Lark's.
 */
export const mountLark = (app: FastifyInstance, services: Services, opts: OpenApiOptions) =>
  app.register(async (lark) => {
    lark.setErrorHandler((err, req, reply) => sendLark(req, reply, toLark(err, req)));
    mountLarkTokens(lark, services);
    // Lark's user-token calls: web login through the platform's OpenID provider (server/lark/authen.ts).
    mountLarkAuthen(lark, services, opts);
    for (const call of larkCalls) {
      lark.route({
        method: call.method,
        url: call.path,
        handler: async (req, reply) => {
          // `…/users/batch` and the like reach an id route: they are calls not built, answered as any other.
          if (Object.values((req.params ?? {}) as Record<string, unknown>).some(isMethodName)) return sendLark(req, reply, notBuilt());
          let refusal: LarkError | undefined;
          const convert = (e: unknown) => (refusal ??= toLark(e, req, call));
          try {
            const data = await asApp(
              services, opts.ratePerMinute, req, reply, call,
              (caller) => {
                // The platform's refusal of a NUL character anywhere in the input, which PostgreSQL cannot store.
                inputOf(req);
                const lang = larkLangOf(req);
                // Lark's own path in the operation log, and a failed after-commit effect in the request's log.
                const engine: EngineCall = (resource, verb, input) => engineAsApp(services, opts, resource, verb, caller, lang, input, undefined, { req, path: req.routeOptions.url ?? call.path });
                const query = parsePart(call.query, req.query);
                const ids = services.larkIds.forApp(caller.appGuid, caller.providerBuGuid, (query ?? {}) as IdTypes);
                return call.run({ caller, lang, params: parsePart(call.params, req.params), query, body: parsePart(call.body, req.body), engine, ids });
              },
              // The log's codes are the platform's (200 answered, 201 refused, none for a fault); the HTTP status is the one Lark's answer has.
              { ok: 200, failed: (e) => ({ http: convert(e).http, code: convert(e).http >= 500 ? null : 201 }) },
            );
            return larkOk(data);
          } catch (e) {
            return sendLark(req, reply, convert(e));
          }
        },
      });
    }
  });
