import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Permissions } from '../../dataProvider/authProvider.ts';
import { store, validToken, type Bu, type StoredUser } from '../../dataProvider/session.ts';

export interface SessionValue {
  signedIn: boolean;
  /** True while the permissions of a signed-in user are loading. */
  loading: boolean;
  user?: StoredUser;
  operator: boolean;
  permissions: Permissions;
  authState?: number;
  buList: Bu[];
  currentBU?: Bu;
  /** Re-reads the stored session (after login, logout or expiry). */
  refresh(): void;
}

const EMPTY: Permissions = { urls: [], codes: [], pages: [], tree: [] };
const Ctx = createContext<SessionValue | null>(null);

/** How old a session may be before the next page opened reads it again. */
const SESSION_MAX_AGE_MS = 2000;

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<{ token?: string; permissions: Permissions; authState?: number }>({ permissions: EMPTY });
  const token = validToken();
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    // Unchanged state stays the same object: an update while a server-rendered page hydrates would render it again.
    if (!token) return setLoaded((l) => (l.token === undefined && l.permissions === EMPTY ? l : { permissions: EMPTY }));
    let live = true;
    // The auth provider (and axios) loads only for a signed-in visitor: the public pages stay light.
    // A refresh (each page opened) reads the session again once it is a moment old: grants and
    // certification changed by someone else show without signing in again.
    import('../../dataProvider/authProvider.ts')
      .then((m) => m.currentSession(version ? { maxAgeMs: SESSION_MAX_AGE_MS } : {}))
      .then((s) => {
        if (!live) return;
        const next = { token, permissions: s.permissions, authState: s.authState };
        setLoaded((l) => (JSON.stringify(l) === JSON.stringify(next) ? l : next));
      });
    return () => {
      live = false;
    };
  }, [token, version]);

  const value = useMemo<SessionValue>(
    () => ({
      signedIn: !!token,
      loading: !!token && loaded.token !== token,
      user: store.get('user'),
      operator: store.get('isOperator') === true,
      permissions: loaded.token === token ? loaded.permissions : EMPTY,
      authState: loaded.authState,
      buList: store.get('BUList') ?? [],
      currentBU: store.get('currentBU'),
      refresh,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token, loaded, version, refresh],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
};

export const useSession = () => {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
};
