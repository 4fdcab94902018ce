/** Lifetimes, in seconds: an access token as long as Lark's user_access_token; a refresh token a month, renewed on every use. */
export const OAUTH_TTL = { AccessToken: 7200, AuthorizationCode: 300, IdToken: 3600, RefreshToken: 30 * 86_400, Interaction: 3600, Session: 14 * 86_400, Grant: 365 * 86_400 } as const;
