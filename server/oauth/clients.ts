import type { AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/driver.ts';
import { SCOPE } from '../../schemas/app-scope.ts';
import { TRY_PATH } from './paths.ts';

/** The OpenID scopes every client may ask for besides the platform's (docs/oauth.md). */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

interface ClientRow {
  app_id: string;
  name: string;
  app_secret: string | null;
  redirect_urls: string[] | null;
  oauth_public: boolean | null;
  scopes: string[];
}

/**
 * An app as an OAuth client (docs/oauth.md "Clients"): `client_id` its app id; its secret's digest,
 * which `compareClientSecret` checks (server/oauth/provider.ts), unless the developer marked it
 * public (then PKCE is its proof); its saved redirect URLs, matched exactly, for sign-in and
 * sign-out alike, and the platform's own "Try sign-in" page (server/oauth/try.ts), where only its
 * developer's own flow is exchanged; the scopes opened for it. None for a disabled app, an app of a
 * disabled BU, or one whose sign-in an operator turned off.
 */
export const clientOf = async (db: Queryable, appId: string, publicUrl: string): Promise<AdapterPayload | undefined> => {
  const { rows } = await db.query<ClientRow>(
    `select a.app_id, a.name, a.app_secret, s.redirect_urls, s.oauth_public,
            array(select group_code from app_scope o where o.app_guid = a.guid and o.status = $2 order by group_code) as scopes
       from app a left join app_security s on s.app_guid = a.guid left join bu b on b.guid = a.bu_guid
      where a.app_id = $1 and a.status = 0 and (a.bu_guid is null or b.status = 0) and not coalesce(s.oauth_disabled, false)`,
    [appId, SCOPE.open],
  );
  const app = rows[0];
  if (!app) return undefined;
  const redirects = app.redirect_urls ?? [];
  const shared = {
    client_id: app.app_id,
    client_name: app.name,
    redirect_uris: [...redirects, `${publicUrl}${TRY_PATH}`],
    post_logout_redirect_uris: redirects,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code' as const],
    scope: [...OIDC_SCOPES, ...app.scopes].join(' '),
  };
  return app.oauth_public || !app.app_secret
    ? { ...shared, token_endpoint_auth_method: 'none' }
    : { ...shared, client_secret: app.app_secret, token_endpoint_auth_method: 'client_secret_basic' };
};
