import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { holdsNul } from '../http/calls.ts';
import { issueAppToken } from '../routes/open-api.ts';
import { LarkError, sendLark, toLark } from './errors.ts';

/** Lark's body for both token calls (a self-built app's id and secret). */
export const larkTokenInput = z.object({ app_id: z.string().trim().min(1).max(64), app_secret: z.string().min(1).max(128) });
export const tenantTokenAnswer = z.object({ code: z.literal(0), msg: z.string(), tenant_access_token: z.string(), expire: z.number().int().describe('Seconds the token has left') });
export const appTokenAnswer = tenantTokenAnswer.extend({ app_access_token: z.string() });

/** Lark's answer to a malformed token request (its code 10003), HTTP 200 as Lark answers it. */
const INVALID_PARAM = new LarkError(10003, 'invalid param', 200);

/** The token calls' paths, as Lark's SDKs ask them. */
export const LARK_TOKEN_PATHS = { tenant: '/open-apis/auth/v3/tenant_access_token/internal', app: '/open-apis/auth/v3/app_access_token/internal' } as const;

/**
 * Lark's token calls for self-built apps, on the platform's own app tokens (`issueAppToken`): the
 * same token store, lifetime and renewal rule, lockout and per-address limit as
 * /open/api/auth/app-access-token. A tenant token and an app token are the same token here: an
 * app acts for its one BU, which is its tenant.
 */
export const mountLarkTokens = (lark: FastifyInstance, services: Services) => {
  const issue = async (body: unknown, ip: string) => {
    const parsed = larkTokenInput.safeParse(body ?? {});
    // The platform's input hygiene (server/http/calls.ts): a NUL, which PostgreSQL cannot store, is no well-formed id or secret.
    if (!parsed.success || holdsNul(parsed.data)) throw INVALID_PARAM;
    return issueAppToken(services, parsed.data, ip);
  };
  const limit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  lark.post(LARK_TOKEN_PATHS.tenant, { config: limit }, async (req, reply) => {
    try {
      const { app_access_token, expire } = await issue(req.body, req.ip);
      return { code: 0, msg: 'ok', tenant_access_token: app_access_token, expire };
    } catch (e) {
      return sendLark(req, reply, toLark(e, req));
    }
  });
  lark.post(LARK_TOKEN_PATHS.app, { config: limit }, async (req, reply) => {
    try {
      const { app_access_token, expire } = await issue(req.body, req.ip);
      return { code: 0, msg: 'ok', app_access_token, tenant_access_token: app_access_token, expire };
    } catch (e) {
      return sendLark(req, reply, toLark(e, req));
    }
  });
};
