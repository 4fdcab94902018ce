/** Where the OpenID provider's endpoints live under the platform's origin (the issuer); discovery stays at `/.well-known/openid-configuration`. */
export const OIDC_BASE = '/oidc';
/** Where the provider sends a browser to sign in and consent (server/oauth/mount.ts), before the consent screen. */
export const INTERACTION_PATH = `${OIDC_BASE}/interaction`;
/** Where "Try sign-in" returns: the platform's own page, accepted for every app (server/oauth/clients.ts, server/oauth/try.ts). */
export const TRY_PATH = '/oauth/try/return';
