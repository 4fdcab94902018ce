import type { CustomFetch } from 'openid-client';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { FetchFailure } from './guarded-fetch.ts';
import type { Identity } from './provision.ts';
import { identityOf, saysVerified } from './provision.ts';
import type { SsoSettings } from './settings.ts';

/** Where every BU's IdP sends people back: the server's own address, registered at the IdP (docs/sso.md). */
export const oidcCallbackUrl = (services: Services) => `${services.publicUrl}/open/sso/oidc/callback`;
export const oidcLogoutReturnUrl = (services: Services) => `${services.publicUrl}/login`;

/** openid-client loads with the first OIDC sign-in or check, not at start. */
const openIdClient = () => import('openid-client');

/**
 * The IdP's configuration, discovered from its issuer on every sign-in step: the keys that sign ID
 * tokens are read fresh with it, so a provider that rotated them is followed at once (and
 * openid-client fetches the keys again when a token names one it does not know). Through the SSRF
 * filter; plain http only where private addresses are allowed (a test's or a development IdP).
 */
export const discover = async (services: Services, s: SsoSettings) => {
  if (!s.issuer_url || !s.client_id) throw new Warning('server.sso.not_configured');
  const issuer = new URL(s.issuer_url);
  const insecure = issuer.protocol === 'http:' && services.ssoAllowPrivate;
  const client = await openIdClient();
  try {
    const config = await client.discovery(
      issuer,
      s.client_id,
      { client_secret: s.client_secret ?? undefined },
      s.client_secret ? client.ClientSecretBasic(s.client_secret) : client.None(),
      { [client.customFetch]: services.idpFetch as CustomFetch, execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    // An ID token from the token endpoint is trusted by TLS alone unless asked: its signature is checked against the provider's keys too.
    client.enableNonRepudiationChecks(config);
    return config;
  } catch (e) {
    throw rejection(e, 'discovery');
  }
};

/** The address to send the person to, with PKCE, state and nonce. */
export const oidcStart = async (services: Services, s: SsoSettings, state: string) => {
  const config = await discover(services, s);
  const client = await openIdClient();
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: oidcCallbackUrl(services),
    scope: s.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, secrets: { verifier, nonce } };
};

/**
 * The IdP's answer: the code exchanged with the PKCE verifier, the ID token checked (signature by
 * the provider's keys, issuer, audience, expiry, nonce) and the claims of the user-info endpoint
 * added to its own. Answers who signed in and the ID token (for RP-initiated logout).
 */
export const oidcFinish = async (services: Services, s: SsoSettings, query: string, secrets: Record<string, string>, state: string): Promise<{ identity: Identity; hint: string }> => {
  const config = await discover(services, s);
  const client = await openIdClient();
  try {
    const tokens = await client.authorizationCodeGrant(config, new URL(`${oidcCallbackUrl(services)}?${query}`), {
      pkceCodeVerifier: secrets.verifier,
      expectedNonce: secrets.nonce,
      expectedState: state,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const info = config.serverMetadata().userinfo_endpoint && tokens.access_token ? await client.fetchUserInfo(config, tokens.access_token, claims.sub) : {};
    const all: Record<string, unknown> = { ...info, ...claims };
    return { identity: identityOf(s, { issuer: claims.iss, subject: claims.sub }, all, saysVerified(all.email_verified)), hint: tokens.id_token ?? '' };
  } catch (e) {
    throw rejection(e, 'invalid');
  }
};

/** The IdP's end-session address (RP-initiated logout), or null when it has none. */
export const oidcLogoutUrl = async (services: Services, s: SsoSettings, idToken: string) => {
  const config = await discover(services, s);
  if (!config.serverMetadata().end_session_endpoint) return null;
  const client = await openIdClient();
  return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: oidcLogoutReturnUrl(services) }).href;
};

/** The check a refusal failed, as a sentence key `server.sso.rejected.<reason>`. */
const rejection = (e: unknown, fallback: string): Warning => {
  if (e instanceof Warning) return e;
  const chain: { code?: string; claim?: string; message?: string; error?: string }[] = [];
  for (let c = e as { cause?: unknown } | undefined; c && chain.length < 5; c = c.cause as typeof c) chain.push(c as (typeof chain)[number]);
  const find = (p: (c: (typeof chain)[number]) => unknown) => chain.find(p);
  const fetchFailure = chain.find((c) => c instanceof FetchFailure) as FetchFailure | undefined;
  if (fetchFailure) return new Warning(`server.sso.fetch.${fetchFailure.reason}`, { url: fetchFailure.url });
  const claim = find((c) => typeof c.claim === 'string')?.claim;
  const codes = chain.map((c) => c.code);
  if (codes.includes('OAUTH_JWT_CLAIM_COMPARISON_FAILED')) return new Warning(`server.sso.rejected.${claim === 'iss' ? 'issuer' : claim === 'nonce' ? 'nonce' : claim === 'aud' || claim === 'azp' ? 'audience' : 'invalid'}`);
  if (codes.includes('OAUTH_JWT_TIMESTAMP_CHECK_FAILED')) return new Warning('server.sso.rejected.expired');
  if (codes.includes('OAUTH_KEY_SELECTION_FAILED') || chain.some((c) => /signature/i.test(c.message ?? ''))) return new Warning('server.sso.rejected.signature');
  if (chain.some((c) => /"state"/.test(c.message ?? ''))) return new Warning('server.sso.rejected.state');
  if (codes.includes('OAUTH_AUTHORIZATION_RESPONSE_ERROR')) return new Warning('server.sso.rejected.denied');
  if (chain.some((c) => /issuer/i.test(c.message ?? ''))) return new Warning('server.sso.rejected.issuer');
  return new Warning(`server.sso.rejected.${fallback}`);
};
