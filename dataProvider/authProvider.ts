import type { AuthProvider } from 'react-admin';
import { tr } from '../i18n/client.ts';
import { navigate, toast } from './events.ts';
import { endSessionCalls, get, loginUrl, post, startSessionCalls } from './http.ts';
import { basePath, clearSession, isOperator, language, store, validToken, type Bu, type StoredUser } from './session.ts';

/** A node of the permission tree the server answers (spec §3). */
export interface PermissionNode {
  guid: string;
  parent_guid: string | null;
  name: string;
  code: string;
  url: string | null;
  type: number;
  status: number;
  hidden?: boolean;
  children?: PermissionNode[];
}

export interface Permissions {
  /** Enabled menu and submenu nodes' URLs; empty means no restriction (spec §2). */
  urls: string[];
  /** Enabled button nodes' codes. */
  codes: string[];
  /**
   * Menus granted themselves (they hold an enabled button), as opposed to sections the tree keeps
   * only as ancestors of granted pages: their sub-paths (`/create`, `/:id/show`) are theirs too.
   */
  pages: string[];
  tree: PermissionNode[];
}

export interface Session {
  permissions: Permissions;
  /** 0 unverified … 2 verified; undefined when unknown (operators, or the call is not there yet). */
  authState?: number;
}

export const PATHS = {
  operatorLogin: '/open/admin/sys-auth/login',
  tenantLogin: '/open/sys-auth/login',
  logout: '/open/logout',
  operatorInfo: '/open/admin/user/info',
  operatorTree: '/open/admin/user/get-permission-auth',
  tenantTree: '/open/user/get-permission-auth',
  tenantInfo: '/open/system/user/info',
  orgInfo: '/open/system/org/info',
  buList: '/open/system/user-bu/list',
  buSelect: '/open/system/user-bu/select',
} as const;

/** Enabled menus and submenus give URLs; enabled buttons give codes. A disabled node hides its subtree. */
export const permissionsFrom = (tree: PermissionNode[]): Permissions => {
  const urls: string[] = [];
  const codes: string[] = [];
  const pages: string[] = [];
  const walk = (nodes: PermissionNode[] = []) => {
    for (const n of nodes) {
      if (n.status !== 0) continue;
      if (n.type === 2) codes.push(n.code);
      else if (n.url) {
        urls.push(n.url);
        if (n.children?.some((c) => c.type === 2 && c.status === 0)) pages.push(n.url);
      }
      walk(n.children);
    }
  };
  walk(tree);
  return { urls, codes, pages, tree };
};

let session: Promise<Session> | undefined;
let sessionToken: string | undefined;
let sessionAt = 0;

const asList = <T,>(v: unknown): T[] => (Array.isArray(v) ? v : Array.isArray((v as { list?: T[] })?.list) ? (v as { list: T[] }).list : []);

/** Permissions, organisation info and the user's details, loaded once per token (spec §4). */
const loadSession = async (): Promise<Session> => {
  const operator = isOperator();
  const tree = await post<PermissionNode[]>(operator ? PATHS.operatorTree : PATHS.tenantTree, {}, { silent: true }).catch(() => []);
  if (operator) {
    const user = await get<StoredUser>(PATHS.operatorInfo, { silent: true }).catch(() => undefined);
    if (user) store.set('user', user);
    return { permissions: permissionsFrom(tree) };
  }
  // Calls another issue builds: a 404 leaves the values unset rather than inventing them.
  const [org, user, bus] = await Promise.all([
    post<{ auth_state?: number }>(PATHS.orgInfo, {}, { silent: true }).catch(() => undefined),
    post<StoredUser>(PATHS.tenantInfo, {}, { silent: true }).catch(() => undefined),
    post<unknown>(PATHS.buList, {}, { silent: true }).catch(() => undefined),
  ]);
  if (user) store.set('user', user);
  let current: Bu | undefined;
  if (bus !== undefined) {
    const list = asList<Bu>(bus);
    store.set('BUList', list);
    const remembered = store.get('currentBU');
    current = list.find((b) => b.guid === remembered?.guid) ?? list[0];
    store.set('currentBU', current);
  }
  // A role without the certification page still works in a verified organisation: the BU list says so.
  return { permissions: permissionsFrom(tree), authState: org?.auth_state ?? current?.auth_state };
};

/**
 * The signed-in person's session, read once per token; with `maxAgeMs`, read again when older than
 * that — a role's grants or a BU's certification changed elsewhere show on the next page opened.
 */
export const currentSession = ({ maxAgeMs }: { maxAgeMs?: number } = {}): Promise<Session> => {
  const token = validToken();
  if (!token) return Promise.resolve({ permissions: { urls: [], codes: [], pages: [], tree: [] } });
  const stale = maxAgeMs !== undefined && Date.now() - sessionAt > maxAgeMs;
  if (!session || sessionToken !== token || stale) {
    sessionToken = token;
    sessionAt = Date.now();
    session = loadSession();
  }
  return session;
};

export const resetSession = () => {
  session = undefined;
  sessionToken = undefined;
};

export interface LoginInput {
  username: string;
  password: string;
  operator?: boolean;
}

/** Signs in, stores the session keys, then loads permissions and the rest (spec §4). */
export const login = async ({ username, password, operator = false }: LoginInput) => {
  const res = await post<{ token: string; user: StoredUser }>(operator ? PATHS.operatorLogin : PATHS.tenantLogin, { username, password });
  clearSession();
  resetSession();
  store.set('token', res.token);
  store.set('user', res.user);
  store.set('isOperator', operator);
  return currentSession();
};

/** A tenant session from a token the server answered outside login (registration), then loaded as after login. */
export const signInWith = (token: string, user: StoredUser) => {
  clearSession();
  resetSession();
  store.set('token', token);
  store.set('user', user);
  store.set('isOperator', false);
  return currentSession();
};

/** Loads the session again (e.g. the BU list after a BU was created). */
export const reloadSession = () => {
  resetSession();
  return currentSession();
};

export const logout = async () => {
  const operator = isOperator();
  endSessionCalls();
  const answer = validToken() ? await post<{ idp_logout_url?: string } | null>(PATHS.logout, {}, { silent: true, endsSession: true }).catch(() => null) : null;
  clearSession();
  resetSession();
  startSessionCalls();
  // After a company sign-in the IdP's session ends too: the browser goes there and comes back to the login page.
  if (answer?.idp_logout_url) window.location.assign(answer.idp_logout_url);
  return operator ? '/adminLogin' : '/login';
};

/**
 * Switching BU sends its guid, stores the token answered and reloads (spec §2): the same page, or
 * `to` (a route path below the base path) when the current one should not be shown again (a create form).
 */
export const switchBu = async (bu: Bu, to?: string) => {
  const res = await post<{ token: string }>(PATHS.buSelect, { guid: bu.guid, buGuid: bu.guid });
  store.set('token', res.token);
  store.set('currentBU', bu);
  if (to) window.location.assign(`${basePath().replace(/\/$/, '')}${to}`);
  else window.location.reload();
};

/** Ends an expired session: warning toast, token cleared, login page with `redirect`. */
export const expireIfNeeded = (isPublic: () => boolean) => {
  if (!store.get('token') || validToken()) return false;
  const url = loginUrl();
  clearSession();
  resetSession();
  if (!isPublic()) {
    toast(tr(language(), 'http.login_expired'), 'warning');
    navigate(url);
  }
  return true;
};

export const EXPIRY_CHECK_MS = 60_000;

/** Checks the token every 60 s and whenever the tab becomes visible again (spec §4). */
export const watchExpiry = (isPublic: () => boolean) => {
  const check = () => expireIfNeeded(isPublic);
  const timer = setInterval(check, EXPIRY_CHECK_MS);
  const onVisible = () => document.visibilityState === 'visible' && check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
};

/** react-admin's view of the same session. */
export const authProvider: AuthProvider = {
  login: (params: LoginInput) => login(params).then(() => undefined),
  logout: async () => logout(),
  checkAuth: async () => {
    if (!validToken()) {
      const url = loginUrl();
      clearSession();
      throw { redirectTo: url, message: false };
    }
  },
  checkError: async (error: { status?: number }) => {
    // The server no longer accepts the token: end the session here too, or the guard would send the
    // login page on to the console as if still signed in.
    if (error?.status === 401) {
      const url = loginUrl();
      clearSession();
      resetSession();
      throw { redirectTo: url, logoutUser: false, message: false };
    }
  },
  getPermissions: async () => (await currentSession()).permissions,
  getIdentity: async () => {
    const user = store.get('user');
    if (!user) throw new Error('not logged in');
    return { id: user.guid, fullName: user.name || user.username, avatar: user.avatar_url ?? undefined };
  },
};
