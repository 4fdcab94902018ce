import type { FastifyInstance } from 'fastify';
import { appTokenProof } from './app-token-proof.ts';
import { OIDC_BASE } from './paths.ts';

/** oidc-provider's token-endpoint answer, or its refusal. */
export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

/**
 * The provider's token endpoint, asked in this process as the app, for those of the platform's
 * own calls that have checked the app another way (Lark's token calls, by its app access token;
 * Try sign-in, by its developer's permission): the proof stands for the secret they did not send.
 * `remoteAddress` is the caller's, so the endpoint's per-address limit counts the app's server.
 */
export const asAppAtTokenEndpoint = async (app: FastifyInstance, publicUrl: string, appId: string, form: Record<string, string>, remoteAddress?: string) => {
  const credentials = Buffer.from(`${encodeURIComponent(appId)}:${encodeURIComponent(appTokenProof.make(appId))}`).toString('base64');
  const res = await app.inject({
    method: 'POST',
    url: `${OIDC_BASE}/token`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { host: new URL(publicUrl).host, 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${credentials}` },
    payload: new URLSearchParams(form).toString(),
  });
  let body: TokenAnswer;
  try {
    body = res.json();
  } catch {
    body = { error: 'server_error' };
  }
  return { status: res.statusCode, body };
};
