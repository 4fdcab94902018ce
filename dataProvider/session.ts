import { bestLanguage, isLang, type Lang } from '../i18n/languages.ts';

/**
 * The stored client values (spec §3): token, user, isOperator, currentBU, BUList, language.
 * Keys carry a prefix derived from the base path so that two deployments embedded under
 * different paths of one host never read each other's session.
 */
export const basePath = (): string => (import.meta.env?.BASE_URL as string | undefined) ?? '/';
export const storagePrefix = (base = basePath()) => `${base.replace(/^\/+|\/+$/g, '').replace(/\//g, '_') || 'open'}:`;

export interface StoredUser {
  guid: string;
  username: string;
  name?: string | null;
  avatar_url?: string | null;
  user_type: number;
}
export interface Bu {
  guid: string;
  name: string;
  alias?: string;
  code?: string;
  cover_url?: string;
  /** The BU's organisation certification (0 unverified … 2 verified), as the BU list answers it. */
  auth_state?: number;
}

type Keys = { token: string; user: StoredUser; isOperator: boolean; currentBU: Bu; BUList: Bu[]; language: Lang };

const key = (k: keyof Keys) => `${storagePrefix()}${k}`;

export const store = {
  get<K extends keyof Keys>(k: K): Keys[K] | undefined {
    // A page rendered on the server (src/entry-server.tsx) has no storage: nothing is stored there.
    if (typeof localStorage === 'undefined') return undefined;
    const raw = localStorage.getItem(key(k));
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as Keys[K];
    } catch {
      return undefined;
    }
  },
  set<K extends keyof Keys>(k: K, v: Keys[K] | undefined) {
    if (v === undefined) localStorage.removeItem(key(k));
    else localStorage.setItem(key(k), JSON.stringify(v));
  },
};

/** A missing or expired token clears the session (spec §4); the language stays. */
export const clearSession = () => {
  for (const k of ['token', 'user', 'isOperator', 'currentBU', 'BUList'] as const) store.set(k, undefined);
};

/**
 * The language is also a cookie on the base path: the server renders a public page's first HTML
 * in it (server/http/page-render.ts). Only a choice is remembered (the switch, or a mailed link's
 * language when nothing was chosen): a reader who chose nothing follows their browser's languages.
 */
export const LANGUAGE_COOKIE = 'lang';
export const rememberLanguage = (l: Lang) => {
  store.set('language', l);
  shown = undefined;
  document.cookie = `${LANGUAGE_COOKIE}=${l}; path=${basePath()}; max-age=31536000; samesite=lax`;
};

/** The language the reader chose, if they did. */
export const chosenLanguage = (): Lang | undefined => {
  const l = store.get('language');
  return isLang(l) ? l : undefined;
};

/** A mailed link's language (`?lang=`), shown in this tab until the reader chooses one (`showLanguage`). */
let shown: Lang | undefined;
export const showLanguage = (l: Lang) => {
  shown = l;
};

/** The browser's preferred languages' best match (`navigator.languages`); none on the server. */
const browserLanguage = (): Lang => bestLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** The language to show: a mailed link's, else the reader's choice, else their browser's best. */
export const language = (): Lang => shown ?? chosenLanguage() ?? browserLanguage();

/** Seconds since the epoch at which the JWT expires, read from its payload; null when unreadable. */
export const tokenExpiry = (token: string): number | null => {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload.padEnd(payload.length + ((4 - (payload.length % 4)) % 4), '=')));
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
};

/** The stored token when present and not expired. */
export const validToken = (now = Date.now()): string | undefined => {
  const token = store.get('token');
  if (!token) return undefined;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now ? token : undefined;
};

export const isOperator = () => store.get('isOperator') === true;
