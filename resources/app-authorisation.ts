import { appAuthorisationInternal, appAuthorisationSchema } from '../schemas/app-authorisation.ts';
import { defineResource } from './define.ts';

/**
 * What people allowed apps to do as them (docs/oauth.md): made on the consent screen
 * (server/oauth/interactions.ts), one per person and app, acting in the BU the person consented
 * in. A person lists and revokes their own (*Personal info → Authorised apps*); a BU's
 * administrator lists its members' and revokes them for the BU. Revoking ends the app's tokens
 * for that person at once, on every instance (server/rules/app-authorisation.ts).
 */
export const appAuthorisation = defineResource({
  name: 'app-authorisation',
  schema: appAuthorisationSchema,
  internal: appAuthorisationInternal,
  storage: {
    table: 'app_authorisation',
    unique: [['user_guid', 'app_guid']],
    indexes: [['grant_id']],
  },
  api: {
    keyword: ['app_name', 'user_name'],
    filters: [{ field: 'app_guid' }],
    sort: '-updated_at',
    mounts: [
      { side: 'system', base: '/open/system/app-authorisation', scope: 'user', calls: { page: 'page', get: 'get', delete: 'delete' } },
      { side: 'tenant', base: '/open/system/bu-app-authorisation', scope: 'bu', perm: 'tenant:app-authorisation', calls: { page: 'page', get: 'get', delete: 'delete' } },
    ],
  },
  admin: {
    titleField: 'app_name',
    deletes: 'revoke',
    columns: [
      // What the app may do as the person, and the sign-in scopes (openid, profile, email, offline_access) given with it.
      { field: 'app_name' }, { field: 'user_name' }, { field: 'scopes', render: 'scopes' }, { field: 'oidc_scopes', render: 'tags' },
      { field: 'last_used_at', render: 'date', sortable: true }, { field: 'updated_at', render: 'date', sortable: true },
    ],
    screens: [
      {
        scene: 'tenant', url: '/account/authorised-apps', mount: '/open/system/app-authorisation',
        menu: { icon: 'verified_user', title: 'route.authorised_apps', ownAccount: true, order: 6 },
      },
      {
        scene: 'tenant', url: '/account/enterprise/app-authorisation', mount: '/open/system/bu-app-authorisation', needsBu: true,
        menu: { icon: 'how_to_reg', title: 'route.member_authorisations', needsBu: true, sidebar: 'enterprise', order: 31 },
      },
    ],
  },
});
