import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/driver.ts';
import { SCOPES } from '../../resources/scopes.ts';
import { secretMatches } from '../services/app-credentials.ts';
import { adapterFor } from './adapter.ts';
import { OIDC_SCOPES } from './clients.ts';
import { cookieKey, loadKeys } from './keys.ts';
import { accountOf } from './accounts.ts';
import { errorPage, logoutPage, signedOutPage } from './pages.ts';
import { appTokenProof } from './app-token-proof.ts';
import { INTERACTION_PATH, OIDC_BASE } from './paths.ts';
import { OAUTH_TTL } from './ttl.ts';

/**
 * The platform as an OpenID provider (docs/oauth.md), on panva's oidc-provider: clients are the
 * apps (server/oauth/clients.ts), people are tenant accounts (`accountOf`), everything it keeps is
 * in the database (server/oauth/adapter.ts). A fresh provider is built when the key set changes.
 */
export const buildProvider = async (db: Db, issuer: string, opts: { proxy: boolean; revoked: () => void }) => {
  const [keys, cookies] = await Promise.all([loadKeys(db), cookieKey(db)]);
  const configuration: Configuration = {
    adapter: adapterFor(db, issuer, opts.revoked),
    jwks: { keys: keys as never },
    cookies: { keys: [cookies], long: { signed: true, sameSite: 'lax' }, short: { signed: true, sameSite: 'lax' } },
    scopes: [...OIDC_SCOPES, ...SCOPES],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    findAccount: (_ctx, sub) => accountOf(db, sub),
    routes: {
      authorization: `${OIDC_BASE}/auth`,
      token: `${OIDC_BASE}/token`,
      userinfo: `${OIDC_BASE}/me`,
      jwks: `${OIDC_BASE}/jwks`,
      revocation: `${OIDC_BASE}/token/revocation`,
      introspection: `${OIDC_BASE}/token/introspection`,
      end_session: `${OIDC_BASE}/session/end`,
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      // An app revokes and inspects its own tokens only.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: { enabled: true, logoutSource: logoutPage, postLogoutSuccessSource: signedOutPage },
    },
    // A public client proves itself with PKCE (S256 only); a confidential one may add it.
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    responseTypes: ['code'],
    // Every use of a refresh token answers a new one, confidential clients included; a used one presented again ends the grant (oidc-provider's reuse detection).
    rotateRefreshToken: true,
    ttl: { ...OAUTH_TTL },
    // A browser app may call the token endpoint from the origins of its redirect URLs.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((u) => new URL(u).origin === origin) ?? false,
    renderError: errorPage,
    // The ID token carries the claims its scopes grant (name, e-mail), as most relying parties expect, not only `sub`.
    conformIdTokenClaims: false,
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    clientDefaults: { id_token_signed_response_alg: 'RS256', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = opts.proxy;
  // Secrets are kept as digests (server/services/app-credentials.ts): the client's `clientSecret` is
  // one. Lark's token calls authenticate the app by its app access token instead (`appTokenProof`).
  provider.Client.prototype.compareClientSecret = function compare(this: { clientId: string; clientSecret: string }, actual: string) {
    return appTokenProof.accepts(this.clientId, actual) || secretMatches(actual, this.clientSecret);
  };
  return provider;
};

export type OidcContext = KoaContextWithOIDC;
