import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { z } from 'zod';
import type { Caller } from '../auth/caller.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { asAppAtTokenEndpoint } from './token-endpoint.ts';
import { loadKeys } from './keys.ts';
import { OIDC_BASE, TRY_PATH } from './paths.ts';
const TRY_TTL_SECONDS = 600;

export const tryStartInput = z.object({ app_guid: z.uuid('validation.guid_format') });
export const tryFinishInput = z.object({ state: z.string().min(10).max(128), code: z.string().min(1).max(256) });
export const tryStartAnswer = z.object({ location: z.string().describe("The provider's sign-in address for the app, as an app would send a person there") });
export const tryFinishAnswer = z.object({
  app_guid: z.uuid(),
  claims: z.record(z.string(), z.unknown()).describe("The ID token's claims, its signature checked against the provider's keys"),
  scope: z.string().describe('The scopes the person granted'),
});

const b64url = (b: Buffer) => b.toString('base64url');

/**
 * "Try sign-in" on an app's security page (docs/oauth.md): the platform signs its developer in to
 * the app as a relying party would, with PKCE, returning to its own page; the flow is kept for the
 * developer who started it only (table `oidc_model`, kind `TryFlow`), and its code is exchanged at the
 * provider's token endpoint as the app. The tokens are revoked at once: only the claims are shown.
 */
export const tryStart = async (services: Services, caller: Caller, appGuid: string) => {
  const { rows } = await services.db.query<{ app_id: string }>('select app_id from app where guid = $1 and bu_guid = $2', [appGuid, caller.buGuid]);
  const app = rows[0];
  if (!app) throw new Warning('server.record_not_found');
  const state = b64url(randomBytes(24));
  const verifier = b64url(randomBytes(32));
  await services.db.query(
    "insert into oidc_model (kind, id, payload, expires_at) values ('TryFlow', $1, $2, now() + make_interval(secs => $3))",
    [state, JSON.stringify({ app_guid: appGuid, app_id: app.app_id, user_guid: caller.userGuid, verifier }), TRY_TTL_SECONDS],
  );
  const params = new URLSearchParams({
    client_id: app.app_id, response_type: 'code', scope: 'openid profile email', state, redirect_uri: `${services.publicUrl}${TRY_PATH}`,
    code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256', prompt: 'consent',
  });
  return { location: `${services.publicUrl}${OIDC_BASE}/auth?${params}` };
};

export const tryFinish = async (app: FastifyInstance, services: Services, caller: Caller, body: z.output<typeof tryFinishInput>) => {
  const { rows } = await services.db.query<{ payload: { app_guid: string; app_id: string; user_guid: string; verifier: string } }>(
    "delete from oidc_model where kind = 'TryFlow' and id = $1 and expires_at > now() returning payload",
    [body.state],
  );
  const flow = rows[0]?.payload;
  if (!flow || flow.user_guid !== caller.userGuid) throw new Warning('server.oauth.try_unknown');
  const { status, body: answer } = await asAppAtTokenEndpoint(app, services.publicUrl, flow.app_id, {
    grant_type: 'authorization_code', code: body.code, redirect_uri: `${services.publicUrl}${TRY_PATH}`, code_verifier: flow.verifier,
  });
  if (status !== 200 || !answer.id_token) throw new Warning('server.oauth.try_failed', { reason: answer.error_description ?? String(status) });
  const keys = (await loadKeys(services.db)).map(({ kid, kty, n, e, alg, use }: JWK) => ({ kid, kty, n, e, alg, use }));
  const { payload } = await jwtVerify(answer.id_token, createLocalJWKSet({ keys }), { issuer: services.publicUrl, audience: flow.app_id });
  // Only the claims were wanted: this access token ends here (no refresh token is asked for). Not
  // through the revocation endpoint, which ends every token of the grant, the developer's other sign-ins' too.
  if (answer.access_token) await services.db.query("delete from oidc_model where kind = 'AccessToken' and id = $1", [answer.access_token]);
  return { app_guid: flow.app_guid, claims: payload as Record<string, unknown>, scope: answer.scope ?? '' };
};
