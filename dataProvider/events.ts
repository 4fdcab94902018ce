/**
 * The http client runs outside React, yet must show toasts and move to the login page. The shell
 * subscribes here; tests subscribe too.
 */
export type ToastType = 'warning' | 'error' | 'info' | 'success';
export interface Toast {
  message: string;
  type: ToastType;
  /** Milliseconds (spec §9: 3000). */
  duration: number;
}

export const TOAST_MS = 3000;

const toastListeners = new Set<(t: Toast) => void>();
export const onToast = (fn: (t: Toast) => void) => {
  toastListeners.add(fn);
  return () => void toastListeners.delete(fn);
};
export const toast = (message: string, type: ToastType = 'info', duration = TOAST_MS) => toastListeners.forEach((fn) => fn({ message, type, duration }));

let navigator: (to: string) => void = (to) => window.location.assign(to);
/** The router's navigate, so a redirect keeps the single-page app; falls back to a page load. */
export const setNavigator = (fn: (to: string) => void) => {
  navigator = fn;
};
export const navigate = (to: string) => navigator(to);

const answeredListeners = new Set<(path: string) => void>();
/** Calls the http client saw answered: a part of the shell refreshes when a call changes what it shows (the unread badge). */
export const onAnswered = (fn: (path: string) => void) => {
  answeredListeners.add(fn);
  return () => void answeredListeners.delete(fn);
};
export const answered = (path: string) => answeredListeners.forEach((fn) => fn(path));
