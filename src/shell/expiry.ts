import { store, validToken } from '../../dataProvider/session.ts';

/** Same period as the auth provider's own watch (spec §4: every 60 s). */
export const EXPIRY_CHECK_MS = 60_000;

/**
 * The light entry's token watch: every 60 s and whenever the tab becomes visible again. Only a
 * stored but expired token has anything to end; then the auth provider (and axios with it, which
 * the public pages otherwise never load) ends it: warning toast, session cleared, login page.
 */
export const watchExpiry = (isPublic: () => boolean, load = () => import('../../dataProvider/authProvider.ts')) => {
  const check = () => {
    if (store.get('token') && !validToken()) return load().then((m) => m.expireIfNeeded(isPublic));
  };
  const timer = setInterval(check, EXPIRY_CHECK_MS);
  const onVisible = () => document.visibilityState === 'visible' && check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
};
