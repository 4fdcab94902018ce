/** The two login calls: a 401 on them is a failed login, not an expired session. */
export const LOGIN_PATHS = ['/open/admin/sys-auth/login', '/open/sys-auth/login'] as const;

/**
 * Calls made without a token (spec §8 "whitelisted public paths"). Written out rather than derived
 * from resources/ so the public pages need not load every schema; tests/web/public-paths.test.ts
 * fails when a definition marks a call `public` that is missing here. docs/console.md lists them.
 */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set<string>([
  ...LOGIN_PATHS,
  // Sign-up, password reset and sub-account activation (docs/tenant.md).
  '/open/system/user/send-email-verification-code',
  '/open/sys-auth/register-account',
  '/open/sys-auth/send-email-reset-password',
  '/open/sys-auth/verify-reset-password-link',
  '/open/sys-auth/reset-password',
  '/open/system/user/child-set',
  '/open/sys-auth/verify-activation-link',
  // The e-mail-code sign-in and the company sign-in (docs/sso.md).
  '/open/sys-auth/send-login-code',
  '/open/sys-auth/code-login',
  '/open/sso/start',
  '/open/sso/finish',
  // The consent screen of "Sign in with Open Platform", before signing in, and its Deny (docs/oauth.md).
  '/open/oauth/interaction/get',
  '/open/oauth/interaction/deny',
  // The mailed link that lifts a login lockout (docs/security.md).
  '/open/sys-auth/unlock-account',
  // An app's id and secret for its access token (docs/apps.md); the debug console calls it too.
  '/open/api/auth/app-access-token',
  // A store app's ticket pushed again, and its tenant token per buyer (docs/apps.md).
  '/open/api/auth/app-ticket/resend',
  '/open/api/auth/tenant-access-token',
  // The APIs and events a scope unlocks, for the embeddable table on public pages (spec §8).
  '/open/api-field/group-api-detail',
  '/open/api-field/group-event-detail',
  // The developer docs and their search (docs/docs.md).
  '/open/admin/document-manage/find',
  '/open/admin/document-manage/document-info',
  '/open/admin/document-manage/all-list',
  '/open/admin/document-manage/category-all-files',
  '/open/admin/document-manage/api-document',
  '/open/developer-center/search',
  // The open capabilities page (docs/store.md).
  '/open/capacity/list',
  // The languages the client offers, also on the login page (docs/operator.md, "Platform calls").
  '/open/common-i18n-setting/page',
  '/open/common-i18n-setting/get',
  // The app store as visitors see it (docs/store.md).
  '/open/app/market/search/classify/list',
  '/open/app/market/search/app-classify/list',
  '/open/app/market/search/app-classify/get',
  '/open/app/market/search/app-manage/info',
  '/open/app/market/search/app-label/info',
]);

export const isPublicPath = (path: string) => PUBLIC_PATHS.has(path.split('?')[0]);
