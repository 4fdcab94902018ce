import { z } from 'zod';
import { datetime, guid, name30, secretHash } from './common.ts';

/**
 * A person's authorisation of an app (docs/oauth.md): given on the consent screen, it lets the app
 * act as that person in one of their BUs with the scopes listed. Nobody writes one through a form:
 * the consent screen makes it, revoking deletes it.
 */
export const appAuthorisationSchema = z.object({
  app_guid: guid(),
  app_name: name30(),
  scopes: z.array(z.string()).default([]),
});

/**
 * Kept by the server: who gave it (its `user_guid`), by name for the BU's list; the provider's grant
 * behind its tokens (never answered) and when a token of it was last used. Its `bu_guid` is the BU
 * it acts in.
 */
export const appAuthorisationInternal = z.object({
  user_name: z.string().nullable().default(null),
  /** The OpenID scopes granted with them (openid, profile, email, offline_access): remembered, so the consent screen asks again only for more. */
  oidc_scopes: z.array(z.string()).default([]),
  grant_id: secretHash(),
  last_used_at: datetime().nullable().default(null),
});
