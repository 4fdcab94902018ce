/**
 * Every route of spec §2 as data: the router, the guard, the menus, the breadcrumbs and the page
 * titles all read this table. `page` names what renders it (src/pages/index.ts).
 */
import type { TenantPage } from '../../resources/pages.ts';

export type LayoutKind =
  /** top + content */
  | 'top'
  /** top + bottom + content */
  | 'topBottom'
  /** top + sidebar + content, with breadcrumbs */
  | 'topSidebar'
  /** content only */
  | 'content'
  /** sidebar + content (the admin console) */
  | 'sidebar';
export type SidebarType = 'app' | 'bu' | 'operationApp' | 'matched' | 'enterprise' | 'default';
export type Scene = 'open' | 'console';
export type PageKind = 'home' | 'appStore' | 'appDetail' | 'capabilities' | 'docs' | 'docSearch' | 'terms' | 'about' | 'login' | 'adminLogin' | 'placeholder' | 'console'
  /** Sign-up, reset and activation forms (src/pages/auth/). */
  | 'auth'
  /** The tenant console's screens generated from resources/ (src/console/TenantConsole.tsx). */
  | 'tenant'
  /** The open API's debug console (src/pages/developer/DebugConsole.tsx). */
  | 'debugConsole'
  /** An app's own pages: credentials, security, scopes, abilities, call log (src/console/app/). */
  | 'app'
  /** The BU's apps' calls and pushes in one search (src/console/app/DeveloperLog.tsx). */
  | 'developerLog'
  /** "Sign in with Open Platform": an app asks a person's consent (src/pages/oauth/ConsentPage.tsx). */
  | 'oauthConsent'
  /** Back from "Try sign-in": the ID token's claims (src/pages/oauth/TryResult.tsx). */
  | 'oauthTry';

/** Screens of the tenant console written by hand, not generated from a definition (src/console/TenantConsole.tsx). */
export type BespokeScreen = 'personal-info';

export interface RouteDef {
  path: string;
  /** i18n key of the page title and breadcrumb. */
  title: string;
  page?: PageKind;
  /** A hand-written screen a `tenant` page shows instead of the definitions' screens. */
  screen?: BespokeScreen;
  /**
   * Where the route sends the person. A `:name` segment takes the query parameter `name`
   * (`/account/role-detail?id=7` → `/account/role-manage/7/show`); without it the redirect ends
   * before that segment.
   */
  redirect?: string;
  public?: boolean;
  /** A login-type page: a signed-in user is sent to `/`. */
  loginType?: boolean;
  layout?: LayoutKind;
  sidebar?: SidebarType;
  scene?: Scene;
  /** User types that may open it (0 operator, 1 main, 2 sub); absent = everyone. */
  userTypes?: readonly number[];
  needsBu?: boolean;
  needsVerified?: boolean;
  /** The person's own settings: open to every account of `userTypes`, whatever its roles grant. */
  ownAccount?: boolean;
  hidden?: boolean;
  /** Shown in menus but not openable (spec: service provider, file). */
  disabled?: boolean;
  /** App types for which it appears (1 self-built, 2 company-built). */
  appTypes?: readonly number[];
  /** Its place among its section's pages, lowest first (a definition's menu `order`); unordered ones follow. */
  order?: number;
  children?: RouteDef[];
}

const TENANTS = [1, 2] as const;
const enterprise = { layout: 'topSidebar', sidebar: 'enterprise' } as const;
const appPage = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path: `/business/app/:id/${path}`, title, page: 'app', layout: 'topSidebar', sidebar: 'app', needsBu: true, hidden: true, ...extra,
});

/** A tenant console page and, hidden below it, the paths of its tabs, forms and details. */
const tenantPage = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef[] => [
  { path, title, page: 'tenant', userTypes: TENANTS, ...extra },
  { path: `${path}/*`, title, page: 'tenant', userTypes: TENANTS, hidden: true, ...extra },
];

/**
 * The tenant pages the definitions make (tenant screens with a `menu`, resources/pages.ts), written into
 * the build so the shell does not load the definitions; this table keeps only the pages no
 * definition's screen makes.
 */
const DEFINED: readonly TenantPage[] = __TENANT_PAGES__;

/** A section's pages in sidebar order: the definitions' and the table's own by `order`, the rest after them as listed. */
const inOrder = (routes: RouteDef[]) => [...routes].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));

/** The defined pages of a section, as its children. */
const definedPages = (section: string, pages: readonly TenantPage[]): RouteDef[] =>
  pages
    .filter((p) => p.path.startsWith(`${section}/`))
    .flatMap(({ path, title, sidebar, ...flags }) => tenantPage(path, title, { ...flags, ...(sidebar ? enterprise : {}) }));

/** The route tree around the given defined pages (the build's; a test's with a fixture). */
export const routeTreeOf = (pages: readonly TenantPage[]): RouteDef[] => [
  { path: '/', title: 'route.home', page: 'home', public: true, layout: 'topBottom', scene: 'open' },
  {
    path: '/appStore', title: 'route.app_store', page: 'appStore', public: true, layout: 'topBottom', scene: 'open',
    children: [
      { path: '/appStore/appSearch', title: 'route.app_search', page: 'appStore', public: true, layout: 'topBottom', hidden: true },
      // The store's own layout: its footer leads back to the store, the capabilities and the docs.
      { path: '/appStore/:id', title: 'route.app_detail', page: 'appDetail', public: true, hidden: true },
    ],
  },
  { path: '/open-capability', title: 'route.open_capability', page: 'capabilities', public: true, layout: 'topBottom', scene: 'open' },
  { path: '/about-us', title: 'route.about_us', page: 'about', public: true, layout: 'topBottom', hidden: true },
  { path: '/login', title: 'route.login', page: 'login', public: true, loginType: true, layout: 'content', hidden: true },
  // Back from a company's identity provider (docs/sso.md).
  { path: '/login/sso', title: 'route.login', page: 'login', public: true, layout: 'content', hidden: true },
  { path: '/adminLogin', title: 'route.admin_login', page: 'adminLogin', public: true, loginType: true, layout: 'content', hidden: true },
  { path: '/resetPassword', title: 'route.reset_password', page: 'auth', public: true, loginType: true, layout: 'content', hidden: true },
  { path: '/resetExpire', title: 'route.reset_expire', page: 'auth', public: true, layout: 'content', hidden: true },
  { path: '/account-active', title: 'route.account_active', page: 'auth', public: true, layout: 'content', hidden: true },
  { path: '/unlockAccount', title: 'route.unlock_account', page: 'auth', public: true, layout: 'content', hidden: true },
  // The OpenID provider sends a person here to sign in and consent (docs/oauth.md).
  { path: '/oauth/:uid', title: 'route.oauth_consent', page: 'oauthConsent', public: true, layout: 'content', hidden: true },
  // Back from "Try sign-in" on an app's security page: the ID token's claims (server/oauth/try.ts TRY_PATH).
  { path: '/oauth/try/return', title: 'route.oauth_try', page: 'oauthTry', layout: 'content', hidden: true, userTypes: TENANTS, ownAccount: true },
  { path: '/terms/:id', title: 'route.terms', page: 'terms', public: true, layout: 'topBottom', hidden: true },
  {
    path: '/account', title: 'route.account', redirect: '/account/info', layout: 'topSidebar', sidebar: 'matched', scene: 'console',
    // The definitions' pages (resources/pages.ts) around the personal settings, by their menus' order.
    children: inOrder([
      { path: '/account/info', title: 'route.info', page: 'tenant', screen: 'personal-info', userTypes: TENANTS, ownAccount: true, order: 5 },
      ...definedPages('/account', pages),
      // The spec's old address of a role's page.
      { path: '/account/role-detail', title: 'route.role_detail', redirect: '/account/role-manage/:id/show', userTypes: TENANTS, hidden: true },
    ]),
  },
  {
    path: '/business', title: 'route.business', redirect: '/business/dict-manage', layout: 'topSidebar', sidebar: 'matched', scene: 'console',
    children: inOrder([
      ...definedPages('/business', pages),
      // An app's own pages (src/console/app/), below its row in the apps' page.
      appPage('config', 'route.app_config'),
      appPage('log', 'route.app_log'),
      appPage('security', 'route.app_security'),
      // A store app's endpoint receives its ticket and its buyers' installations and events too.
      appPage('eventSubscriptions', 'route.app_events'),
      appPage('permission', 'route.app_permission', { appTypes: [1, 2] }),
      appPage('ability', 'route.app_ability', { appTypes: [1, 2] }),
      appPage('ability/processEngine', 'route.app_process_engine', { appTypes: [1, 2] }),
      { path: '/business/file', title: 'route.file', page: 'placeholder', needsBu: true, disabled: true, userTypes: TENANTS },
    ]),
  },
  // The console's sections in the header's order (consoleSections): account, business, developer.
  {
    path: '/developer', title: 'route.developer', redirect: '/developer/doc', layout: 'topSidebar', sidebar: 'matched',
    children: [
      { path: '/developer/doc', title: 'route.developer_doc', page: 'docs', public: true, layout: 'topBottom', scene: 'open' },
      { path: '/developer/log', title: 'route.developer_log', page: 'developerLog', scene: 'console', needsBu: true, userTypes: TENANTS },
      { path: '/developer/console', title: 'route.developer_console', page: 'debugConsole', scene: 'console', needsBu: true, userTypes: TENANTS },
      { path: '/developer/search', title: 'route.developer_search', page: 'docSearch', public: true, layout: 'topBottom', scene: 'open', hidden: true },
    ],
  },
  {
    // A BU as a service provider (docs/store.md, "Service providers"): its store apps' versions, installations and settlement.
    path: '/service-provider', title: 'route.service_provider', redirect: '/service-provider/app', layout: 'topSidebar', sidebar: 'matched', scene: 'console',
    children: inOrder(definedPages('/service-provider', pages)),
  },
  { path: '/file', title: 'route.file', page: 'placeholder', disabled: true, layout: 'top', scene: 'console' },
  { path: '/console', title: 'route.console', redirect: '/operation', hidden: true },
  {
    // The admin console (sidebar + content): react-admin screens generated from resources/.
    path: '/operation', title: 'route.operation', page: 'console', layout: 'sidebar', sidebar: 'default', userTypes: [0], hidden: true,
    children: [
      { path: '/operation/bu/:id/*', title: 'route.operation_bu', page: 'console', sidebar: 'bu', hidden: true },
      { path: '/operation/app/:id/*', title: 'route.operation_app', page: 'console', sidebar: 'operationApp', hidden: true },
      { path: '/operation/*', title: 'route.operation', page: 'console', hidden: true },
    ],
  },
];

export const routeTree = routeTreeOf(DEFINED);

/** Children inherit their section's layout, sidebar, scene and user types unless they set their own. */
export const flatRoutes = (tree: RouteDef[] = routeTree, parent?: RouteDef): RouteDef[] =>
  tree.flatMap((r) => {
    const own: RouteDef = {
      layout: parent?.layout,
      sidebar: parent?.sidebar,
      scene: parent?.scene,
      userTypes: parent?.userTypes,
      ...r,
    };
    return [own, ...flatRoutes(r.children ?? [], own)];
  });

export const ROUTES = flatRoutes();
