import { authConfigInternal, authConfigSchema, passwordPolicySchema, safePolicySchema } from '../schemas/sso.ts';
import type { Mount } from './types.ts';
import { defineResource } from './define.ts';

/**
 * A BU's security policies, one row each (`unique: [[]]` = one per BU), read with `…-info` and
 * written with `…-update`; operators reach any BU's through bu-management with `bu_guid` (a
 * `within` mount: a BU that exists).
 */
const mounts = (info: string, update: string): Mount[] => [
  { side: 'system', base: '/open/system/sso', scope: 'bu', perm: 'tenant:enterprise-sso', calls: { [info]: 'one', [update]: 'save' } },
  { side: 'operator', base: '/open/admin/system/bu-management/sso', scope: 'oversight', within: 'bu_guid', perm: 'admin:bu', calls: { [info]: 'one', [update]: 'save' } },
];

export const passwordPolicy = defineResource({
  name: 'password-policy',
  schema: passwordPolicySchema,
  storage: {
    table: 'password_policy',
    unique: [[]],
  },
  api: {
    // The security settings page, whose first tab this policy is.
    mounts: mounts('password-policy-info', 'password-policy-update'),
  },
  admin: {
    columns: [{ field: 'min_length' }, { field: 'require_digit', render: 'boolean' }, { field: 'require_upper', render: 'boolean' }, { field: 'require_lower', render: 'boolean' }, { field: 'require_special', render: 'boolean' }],
    screens: [
      {
        scene: 'tenant', url: '/account/enterprise/sso', view: 'single', needsBu: true, mount: '/open/system/sso',
        menu: { icon: 'shield', title: 'route.enterprise_sso', needsBu: true, sidebar: 'enterprise', order: 20 },
      },
    ],
  },
});

export const safePolicy = defineResource({
  name: 'safe-policy',
  schema: safePolicySchema,
  storage: {
    table: 'safe_policy',
    unique: [[]],
  },
  api: {
    mounts: mounts('safe-policy-info', 'safe-policy-update'),
  },
  admin: {
    columns: [{ field: 'login_error_limit' }, { field: 'cycle_seconds' }, { field: 'cycles' }, { field: 'token_validity_seconds' }, { field: 'ip_whitelist', render: 'tags' }],
    screens: [
      { scene: 'tenant', url: '/account/enterprise/sso/login', view: 'single', needsBu: true },
    ],
  },
});

/**
 * A BU's single sign-on (docs/sso.md): its login types, claimed domains and identity provider.
 * `auth-config-info` never answers the client secret or the SAML private key (`client_secret_set`
 * says whether a secret is stored); `auth-config-test` checks the saved settings live.
 */
export const authConfig = defineResource({
  name: 'auth-config',
  schema: authConfigSchema,
  internal: authConfigInternal,
  storage: {
    table: 'sso_auth_config',
    unique: [[]],
  },
  relations: {
    references: { default_role_guid: 'role' },
  },
  api: {
    mounts: (['system', 'operator'] as const).map((side): Mount => ({
      ...mounts('auth-config-info', 'auth-config-update').find((m) => m.side === side)!,
      calls: {
        'auth-config-info': { verb: 'one', handler: 'sso.configInfo' },
        'auth-config-update': 'save',
        'login-type-list': { handler: 'sso.loginTypes', action: 'view' },
        'auth-config-test': { handler: 'sso.test', action: 'view' },
        'auth-config-verify-domain': { handler: 'sso.verifyDomain', action: 'update' },
      },
    })),
  },
  admin: {
    columns: [{ field: 'sso_enabled', render: 'boolean' }, { field: 'protocol' }, { field: 'issuer_url' }, { field: 'login_types', render: 'tags' }, { field: 'domains', render: 'tags' }],
    screens: [
      { scene: 'tenant', url: '/account/enterprise/sso/auth', view: 'single', needsBu: true, check: 'auth-config-test', panel: 'sso' },
    ],
  },
});
