import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppCaller } from '../auth/app-tokens.ts';
import { refuseOutsideWhitelist } from '../auth/app-token-calls.ts';
import type { Services } from '../engine/context.ts';
import { holdsNul } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import { translate } from '../../i18n/index.ts';
import { asAppAtTokenEndpoint } from '../oauth/token-endpoint.ts';
import { OIDC_SCOPES } from '../oauth/clients.ts';
import { OAUTH_TTL } from '../oauth/ttl.ts';
import { OIDC_BASE } from '../oauth/paths.ts';
import { asApp, type OpenApiOptions } from '../routes/open-api.ts';
import { larkOk } from './envelope.ts';
import { LarkError, sendLark, toLark } from './errors.ts';
import { larkLangOf } from './language.ts';

/**
 * Lark's user-token calls (docs/lark.md, "User tokens (web login)"): a Lark app's web login works
 * against the platform by changing its domain. The browser step hands the sign-in to the platform's
 * OpenID provider (server/oauth/), which checks the app's redirect URL and asks the person; the
 * code is exchanged at the provider's own token endpoint, the app authenticated by its app access
 * token (a proof in place of its secret, `appTokenProof`); the user token is the provider's access
 * token, which the open API and Lark's contact calls take as the person (server/oauth/user-tokens.ts).
 */

/** The browser step: Lark's authorize page and its older name. */
export const AUTHORIZE_PATHS = ['/open-apis/authen/v1/authorize', '/open-apis/authen/v1/index'] as const;

/** Lark's query: `app_id` (or `client_id`, its newer name), `redirect_uri`, `state`, `scope` (space-separated). */
export const authorizeQuery = z.object({
  app_id: z.string().trim().min(1).max(64).optional(),
  client_id: z.string().trim().min(1).max(64).optional(),
  redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  scope: z.string().max(2000).optional(),
});

const codeBody = z.object({
  grant_type: z.literal('authorization_code').describe('Always `authorization_code`'),
  code: z.string().min(1).max(256).describe("The code the browser step returned to the app's redirect URL (5 minutes, one use)"),
});
const refreshBody = z.object({
  grant_type: z.literal('refresh_token').describe('Always `refresh_token`'),
  refresh_token: z.string().min(1).max(256).describe('The refresh token last answered: each is good for one use'),
});

/** Lark's `data` of both token calls. */
export const userTokenData = z.object({
  access_token: z.string().describe("The user access token: the person, on the open API and Lark's contact calls"),
  refresh_token: z.string().optional().describe('A new refresh token (each is good for one use); always answered for a sign-in through the authorize step'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds the access token lasts'),
  refresh_expires_in: z.number().int().optional().describe('Seconds the refresh token lasts'),
  scope: z.string().describe('The scopes granted, space-separated: OpenID ones and the platform scopes the person allowed'),
});

/** Lark's `data` of user_info. The three ids are one: the person's account guid (docs/lark.md, "User tokens (web login)"). */
export const userInfoData = z.object({
  name: z.string().describe("The person's name, else their username"),
  open_id: z.string().describe("`ou_…`: the person's account for this app"),
  union_id: z.string().describe("`on_…`: the person's account for every app of this app's provider"),
  user_id: z.string().describe("The person's account guid"),
  email: z.string().optional().describe("The account's e-mail, when it has one"),
  tenant_key: z.string().optional().describe("A store app's buyer's key (the installation's tenant_key); absent for a BU's own app"),
});

export interface LarkAuthenCall {
  method: 'GET' | 'POST';
  /** The SDKs' path; the OpenAPI operation is `lark.authen.<id>`. */
  path: string;
  id: string;
  /** Whose token the `Authorization` header carries. */
  bearer: 'app' | 'user';
  body?: z.ZodObject;
  /** What `data` holds on success. */
  data: z.ZodObject;
}

export const LARK_AUTHEN_CALLS = {
  accessToken: { method: 'POST', path: '/open-apis/authen/v1/oidc/access_token', id: 'oidc_access_token', bearer: 'app', body: codeBody, data: userTokenData },
  refresh: { method: 'POST', path: '/open-apis/authen/v1/oidc/refresh_access_token', id: 'oidc_refresh_access_token', bearer: 'app', body: refreshBody, data: userTokenData },
  userInfo: { method: 'GET', path: '/open-apis/authen/v1/user_info', id: 'user_info', bearer: 'user', data: userInfoData },
} as const satisfies Record<string, LarkAuthenCall>;

/** Lark's refusals of these calls (docs/lark.md, "User tokens (web login)"). */
const REFUSED = {
  param: () => new LarkError(10003, 'invalid param', 200),
  missingToken: () => new LarkError(99991661, 'Missing access token for authorization. Please make a request with token attached.', 400),
  appToken: () => new LarkError(99991664, 'invalid app access token', 400),
  userToken: () => new LarkError(99991668, 'Invalid access token for authorization. Please make a request with token attached.', 400),
  code: () => new LarkError(20003, 'invalid code', 200),
  refreshToken: () => new LarkError(20026, 'invalid refresh token', 200),
};

const bearerOf = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/**
 * The app a token call is made for: its app access token (a self-built app's tenant token is the
 * same token), never a buyer's tenant token, from an address its whitelist admits.
 */
const appOf = async (services: Services, req: FastifyRequest): Promise<AppCaller> => {
  const token = bearerOf(req);
  if (!token) throw REFUSED.missingToken();
  const caller = await services.appTokens.verify(token);
  if (!caller || caller.tenantKey) throw REFUSED.appToken();
  refuseOutsideWhitelist(caller.ipWhitelist, req.ip);
  return caller;
};

/** The provider's token endpoint as the app, its app access token checked: the caller's address goes along. */
const tokenEndpoint = (lark: FastifyInstance, services: Services, req: FastifyRequest, appId: string, form: Record<string, string>) =>
  asAppAtTokenEndpoint(lark, services.publicUrl, appId, form, req.ip);

/** The provider's answer in Lark's shape; a refusal by its error, `badGrant` for a code or refresh token that buys nothing. */
const answerOf = (req: FastifyRequest, { status, body }: Awaited<ReturnType<typeof tokenEndpoint>>, badGrant: () => LarkError) => {
  if (status === 200 && body.access_token) {
    return larkOk({
      access_token: body.access_token,
      ...(body.refresh_token ? { refresh_token: body.refresh_token } : {}),
      token_type: 'Bearer',
      expires_in: body.expires_in ?? OAUTH_TTL.AccessToken,
      ...(body.refresh_token ? { refresh_expires_in: OAUTH_TTL.RefreshToken } : {}),
      scope: body.scope ?? '',
    } satisfies z.input<typeof userTokenData>);
  }
  if (body.error === 'invalid_grant') throw badGrant();
  if (body.error === 'invalid_request' || body.error === 'unsupported_grant_type') throw REFUSED.param();
  // The app is no client now: its OAuth turned off by an operator, or no redirect URL saved.
  if (body.error === 'invalid_client' || body.error === 'unauthorized_client') throw new LarkError(1, translate(larkLangOf(req), 'server.oauth.error_client'), 400);
  if (status === 429) throw new LarkError(99991400, 'request trigger frequency limit', 429);
  throw new Error(`token endpoint answered ${status} ${body.error ?? ''} ${body.error_description ?? ''}`);
};

/** The request's body by its schema, else Lark's 10003 (a NUL, which PostgreSQL cannot store, is no well-formed value either). */
const bodyOf = <T extends z.ZodObject>(schema: T, req: FastifyRequest): z.output<T> => {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success || holdsNul(parsed.data)) throw REFUSED.param();
  return parsed.data;
};

/** The calls' own per-address limit, as the provider's endpoints have. */
const RATE = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export const mountLarkAuthen = (lark: FastifyInstance, services: Services, opts: OpenApiOptions) => {
  const refused = (req: FastifyRequest, e: unknown) => (e instanceof LarkError ? e : toLark(e, req));

  // The browser step: on to the provider's sign-in with Lark's parameters, asking a refresh token
  // (`offline_access` with `prompt=consent`). The provider checks the redirect URL against the
  // app's saved ones and shows a page for any other: this call never sends a browser there itself.
  const authorize = async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: Parameters<typeof sendLark>[1]) => {
    const parsed = authorizeQuery.safeParse(req.query ?? {});
    const appId = parsed.success ? (parsed.data.app_id ?? parsed.data.client_id) : undefined;
    if (!parsed.success || !appId || holdsNul(parsed.data)) return sendLark(req, reply, new LarkError(10003, 'invalid param', 400));
    const asked = (parsed.data.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const params = new URLSearchParams({
      client_id: appId,
      response_type: 'code',
      scope: [...new Set([...OIDC_SCOPES, ...asked])].join(' '),
      prompt: 'consent',
      ...(parsed.data.redirect_uri !== undefined ? { redirect_uri: parsed.data.redirect_uri } : {}),
      ...(parsed.data.state !== undefined ? { state: parsed.data.state } : {}),
    });
    return reply.redirect(`${OIDC_BASE}/auth?${params}`, 302);
  };
  for (const path of AUTHORIZE_PATHS) lark.get(path, { config: RATE }, authorize);

  const { accessToken, refresh, userInfo } = LARK_AUTHEN_CALLS;
  // The code for a user token: the code's own redirect URL (Lark's call sends none) goes with it.
  const exchanges = [
    {
      path: accessToken.path,
      run: async (req: FastifyRequest) => {
        const app = await appOf(services, req);
        const { code } = bodyOf(accessToken.body, req);
        const found = await (await services.oauth.provider()).AuthorizationCode.find(code);
        // Unknown, expired, or another app's: one answer. A used one goes on to the provider, which ends what it bought.
        if (!found || found.clientId !== app.appId || !found.redirectUri) throw REFUSED.code();
        return answerOf(req, await tokenEndpoint(lark, services, req, app.appId, { grant_type: 'authorization_code', code, redirect_uri: found.redirectUri }), REFUSED.code);
      },
    },
    {
      path: refresh.path,
      run: async (req: FastifyRequest) => {
        const app = await appOf(services, req);
        const { refresh_token } = bodyOf(refresh.body, req);
        // Rotation: the answer holds a new refresh token; a used one presented again ends the whole grant (oidc-provider's reuse detection).
        return answerOf(req, await tokenEndpoint(lark, services, req, app.appId, { grant_type: 'refresh_token', refresh_token }), REFUSED.refreshToken);
      },
    },
  ];
  for (const call of exchanges) {
    lark.post(call.path, { config: RATE }, async (req, reply) => {
      try {
        return await call.run(req);
      } catch (e) {
        return sendLark(req, reply, refused(req, e));
      }
    });
  }

  // Who the user token is: through the open API's gate (whitelist, the app's rate, its call log), a person's token only.
  lark.get(userInfo.path, async (req, reply) => {
    let refusal: LarkError | undefined;
    const convert = (e: unknown) =>
      (refusal ??= e instanceof Warning && e.key === 'server.app_token_invalid' ? (bearerOf(req) ? REFUSED.userToken() : REFUSED.missingToken()) : refused(req, e));
    try {
      const data = await asApp(
        services, opts.ratePerMinute, req, reply, { apiCode: 'lark.authen.user_info' },
        async (caller) => {
          if (!caller.person) throw REFUSED.userToken();
          const { rows } = await services.db.query<{ guid: string; name: string | null; username: string; email: string | null }>(
            'select guid, name, username, email from users where guid = $1',
            [caller.person.userGuid],
          );
          const user = rows[0];
          if (!user) throw REFUSED.userToken();
          // The person's account (not a member row) by the app's ids, as Lark's ids of a person are per app.
          const ids = services.larkIds.forApp(caller.appGuid, caller.providerBuGuid);
          return {
            name: user.name ?? user.username,
            open_id: ids.openId(user.guid),
            union_id: ids.unionId(user.guid),
            user_id: user.guid,
            ...(user.email ? { email: user.email } : {}),
            ...(caller.tenantKey ? { tenant_key: caller.tenantKey } : {}),
          } satisfies z.input<typeof userInfoData>;
        },
        { ok: 200, failed: (e) => ({ http: convert(e).http, code: convert(e).http >= 500 ? null : 201 }) },
      );
      return larkOk(data);
    } catch (e) {
      return sendLark(req, reply, convert(e));
    }
  });
};
