import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { holdsNul } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import { issueAppToken, resendAppTicket, storeAppToken, tenantToken } from '../auth/app-token-calls.ts';
import { LarkError, sendLark, toLark } from './errors.ts';

/** Lark's body for both token calls (a self-built app's id and secret). */
export const larkTokenInput = z.object({ app_id: z.string().trim().min(1).max(64), app_secret: z.string().min(1).max(128) });
const ticketInput = larkTokenInput.extend({ app_ticket: z.string().min(1).max(128) });
const tenantInput = z.object({ app_access_token: z.string().min(1).max(256), tenant_key: z.string().trim().min(1).max(64) });
export const tenantTokenAnswer = z.object({ code: z.literal(0), msg: z.string(), tenant_access_token: z.string(), expire: z.number().int().describe('Seconds the token has left') });
export const appTokenAnswer = tenantTokenAnswer.extend({ app_access_token: z.string() });
const storeAppTokenAnswer = z.object({ code: z.literal(0), msg: z.string(), app_access_token: z.string(), expire: z.number().int().describe('Seconds the token has left') });
const resendAnswer = z.object({ code: z.literal(0), msg: z.string() });

/** Lark's answer to a malformed token request (its code 10003), HTTP 200 as Lark answers it. */
const INVALID_PARAM = new LarkError(10003, 'invalid param', 200);

/**
 * Refusals of the token calls that Lark names with codes of its own (docs/lark.md, "Store apps"),
 * before the general mapping (server/lark/errors.ts): an app token in a body is not a missing header.
 */
const TOKEN_REFUSALS: Record<string, { code: number; msg: string }> = {
  'server.app_token_invalid': { code: 99991664, msg: 'invalid app access token' },
  'server.app_ticket_invalid': { code: 10012, msg: 'app ticket invalid' },
  'server.tenant_key_invalid': { code: 10013, msg: 'tenant key invalid' },
  'server.app_not_store': { code: 10003, msg: 'invalid param' },
};

export interface LarkTokenCall {
  /** The SDKs' path; the OpenAPI operation is `lark.auth.<id>`. */
  path: string;
  id: string;
  body: z.ZodObject;
  answer: z.ZodObject;
  run(services: Services, body: never, ip: string): Promise<Record<string, unknown>>;
}

/**
 * The token calls, as Lark's SDKs make them. A self-built app's tenant token and app token are the
 * same token (`issueAppToken`: one token store, lifetime, renewal rule, lockout and per-address
 * limit with /open/api/auth/app-access-token): it acts for its one BU. A store app buys its app
 * token with the pushed ticket, and a tenant token per buyer with that (server/auth/store-app-tokens.ts).
 */
export const LARK_TOKEN_CALLS: readonly LarkTokenCall[] = [
  {
    path: '/open-apis/auth/v3/tenant_access_token/internal', id: 'tenant_access_token', body: larkTokenInput, answer: tenantTokenAnswer,
    run: async (services, body: z.infer<typeof larkTokenInput>, ip) => {
      const { app_access_token, expire } = await issueAppToken(services, body, ip);
      return { code: 0, msg: 'ok', tenant_access_token: app_access_token, expire };
    },
  },
  {
    path: '/open-apis/auth/v3/app_access_token/internal', id: 'app_access_token', body: larkTokenInput, answer: appTokenAnswer,
    run: async (services, body: z.infer<typeof larkTokenInput>, ip) => {
      const { app_access_token, expire } = await issueAppToken(services, body, ip);
      return { code: 0, msg: 'ok', app_access_token, tenant_access_token: app_access_token, expire };
    },
  },
  {
    path: '/open-apis/auth/v3/app_ticket/resend', id: 'app_ticket_resend', body: larkTokenInput, answer: resendAnswer,
    run: async (services, body: z.infer<typeof larkTokenInput>, ip) => {
      await resendAppTicket(services, body, ip);
      return { code: 0, msg: 'ok' };
    },
  },
  {
    path: '/open-apis/auth/v3/app_access_token', id: 'store_app_access_token', body: ticketInput, answer: storeAppTokenAnswer,
    run: async (services, body: z.infer<typeof ticketInput>, ip) => ({ code: 0, msg: 'ok', ...(await storeAppToken(services, body, ip)) }),
  },
  {
    path: '/open-apis/auth/v3/tenant_access_token', id: 'store_tenant_access_token', body: tenantInput, answer: tenantTokenAnswer,
    run: async (services, body: z.infer<typeof tenantInput>, ip) => {
      const { app_access_token, expire } = await tenantToken(services, body, ip);
      return { code: 0, msg: 'ok', tenant_access_token: app_access_token, expire };
    },
  },
];

/** A token call's refusal: the store-app flow's own codes at HTTP 200, as Lark answers token calls; the rest as every Lark call's. */
const refusal = (e: unknown, req: Parameters<typeof toLark>[1]) => {
  const own = e instanceof Warning ? TOKEN_REFUSALS[e.key] : undefined;
  return own ? new LarkError(own.code, own.msg, 200) : toLark(e, req);
};

export const mountLarkTokens = (lark: FastifyInstance, services: Services) => {
  const limit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  for (const call of LARK_TOKEN_CALLS) {
    lark.post(call.path, { config: limit }, async (req, reply) => {
      try {
        const parsed = call.body.safeParse(req.body ?? {});
        // The platform's input hygiene (server/http/calls.ts): a NUL, which PostgreSQL cannot store, is no well-formed id or secret.
        if (!parsed.success || holdsNul(parsed.data)) throw INVALID_PARAM;
        return await call.run(services, parsed.data as never, req.ip);
      } catch (e) {
        return sendLark(req, reply, refusal(e, req));
      }
    });
  }
};
