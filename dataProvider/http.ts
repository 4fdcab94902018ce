import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { LANGUAGES } from '../i18n/languages.ts';
import { tr } from '../i18n/client.ts';
import { answered, navigate, toast, TOAST_MS } from './events.ts';
import { LOGIN_PATHS, isPublicPath } from './publicPaths.ts';
import { basePath, clearSession, isOperator, language, store, validToken } from './session.ts';

export const REQUEST_TIMEOUT_MS = 120_000;

export interface Envelope<T = unknown> {
  code?: number;
  data?: T;
  message?: string;
  msg?: string;
}

/** A rejected call: the envelope's message and data (field errors of a 201 validation answer). */
export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Extra options of a call: background loads (unread count, BU list) fail without a toast. */
export interface CallOptions extends AxiosRequestConfig {
  silent?: boolean;
  /** The sign-out call: sent while the session's other calls are being ended. */
  endsSession?: boolean;
  /**
   * A call that changes something: sent with a fresh `Idempotency-Key` and, when the network fails
   * or the server answers 503, sent again with the same key (docs/api.md, "Retrying writes").
   */
  write?: boolean;
  /** How many times this write has been sent again. */
  retries?: number;
}

/** A write is sent again at most this many times. */
export const WRITE_RETRIES = 2;
/** The longest wait before sending a write again, whatever Retry-After asks; without one, a second. */
export const RETRY_CAP_MS = 5_000;
const RETRY_DEFAULT_MS = 1_000;

/** A write's key: a random UUID (random bytes in hex where the page is not a secure context, which has no randomUUID). */
const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const t = (key: string) => tr(language(), key);
const messageOf = (body: Envelope | undefined) => body?.message ?? body?.msg ?? '';
const show = (config: CallOptions | undefined, message: string, type: 'warning' | 'error') => {
  if (!config?.silent) toast(message, type, TOAST_MS);
};

/** The login page for the remembered kind of user, with `redirect` holding the current path and query. */
export const loginUrl = (operator = isOperator()) => {
  const base = basePath().replace(/\/$/, '');
  const here = `${window.location.pathname.slice(base.length) || '/'}${window.location.search}`;
  const page = operator ? '/adminLogin' : '/login';
  return here.startsWith('/login') || here.startsWith('/adminLogin') ? page : `${page}?redirect=${encodeURIComponent(here)}`;
};

const toLogin = () => {
  const url = loginUrl();
  clearSession();
  navigate(url);
};

/**
 * The calls made with the current sign-in. Signing out ends them (`endSessionCalls`): those still on
 * their way are cancelled (a landing page's counts asked for just before), and none is sent until the
 * session is cleared (a query retrying one), so the server never refuses a call of the ended session.
 * The sign-out call itself goes out (`endsSession`); `startSessionCalls` opens the next session's.
 */
let sessionCalls = new AbortController();
export const endSessionCalls = () => sessionCalls.abort();
export const startSessionCalls = () => {
  sessionCalls = new AbortController();
};

const beforeCall = (config: InternalAxiosRequestConfig) => {
  const path = config.url ?? '';
  const token = validToken();
  if (!token && !isPublicPath(path)) {
    toast(t('http.login_expired'), 'warning', TOAST_MS);
    toLogin();
    return Promise.reject(new CallError(t('http.login_expired'), 0));
  }
  if (token) {
    if (sessionCalls.signal.aborted && !(config as CallOptions).endsSession) return Promise.reject(new CallError(t('http.cancelled'), 0));
    config.headers.set('Authorization', `Bearer ${token}`);
    if (!(config as CallOptions).endsSession) config.signal ??= sessionCalls.signal;
  }
  config.headers.set('Accept-Language', LANGUAGES[language()]);
  // A retry is the same config: its key stays.
  if ((config as CallOptions).write && !config.headers.has('Idempotency-Key')) config.headers.set('Idempotency-Key', newKey());
  return config;
};

/** A write the network lost, or the server could not serve for now (503): safe to send again with its key. */
const retriable = (error: AxiosError) => {
  const config = error.config as CallOptions | undefined;
  if (error instanceof CallError || axios.isCancel(error) || !config?.write || (config.retries ?? 0) >= WRITE_RETRIES) return false;
  return !error.response || error.response.status === 503;
};

/** Waits what Retry-After asks (at most RETRY_CAP_MS), then sends the same request, key included. */
const sendAgain = async (instance: AxiosInstance, error: AxiosError) => {
  const config = error.config as InternalAxiosRequestConfig & CallOptions;
  const seconds = Number(error.response?.headers?.['retry-after']);
  await new Promise((resolve) => setTimeout(resolve, Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, RETRY_CAP_MS) : RETRY_DEFAULT_MS));
  return instance.request({ ...config, retries: (config.retries ?? 0) + 1 } as CallOptions);
};

/** HTTP 2xx: the envelope decides (spec §8). */
const onAnswer = (status: number, body: Envelope | undefined, config: CallOptions | undefined) => {
  if (!body || typeof body !== 'object' || !('code' in body)) return body;
  if (body.code === 200) return body.data;
  if (body.code === 201) {
    show(config, messageOf(body), 'warning');
    throw new CallError(messageOf(body), status, 201, body.data);
  }
  show(config, t('http.error'), 'error');
  throw new CallError(t('http.error'), status, body.code, body.data);
};

/** HTTP errors: 401 ends the session (but not on the login calls), 500 is a server error. */
const onFailure = (error: AxiosError<Envelope>) => {
  if (error instanceof CallError) throw error;
  // Cancelled by signing out: nothing to tell the person who did.
  if (axios.isCancel(error)) throw new CallError(t('http.cancelled'), 0);
  const config = error.config as CallOptions | undefined;
  const status = error.response?.status ?? 0;
  const body = error.response?.data;
  const path = (config?.url ?? '').split('?')[0];
  if (status === 401) {
    const isLogin = (LOGIN_PATHS as readonly string[]).includes(path);
    if (body?.code === 201) store.set('token', undefined);
    if (body?.code === 201) show(config, messageOf(body), 'warning');
    if (!isLogin) toLogin();
    throw new CallError(messageOf(body) || t('http.login_expired'), status, body?.code, body?.data);
  }
  if (status === 500) {
    const message = body?.code === 201 ? messageOf(body) : t('http.server_error');
    show(config, message, 'error');
    throw new CallError(message, status, body?.code, body?.data);
  }
  if (body && typeof body === 'object' && body.code === 201) {
    show(config, messageOf(body), 'warning');
    throw new CallError(messageOf(body), status, 201, body.data);
  }
  show(config, t('http.error'), 'error');
  throw new CallError(t('http.error'), status, body?.code, body?.data);
};

/** The one http client: API base, credentials, timeout, bearer token, Accept-Language, envelope table. */
export const createHttp = (): AxiosInstance => {
  const instance = axios.create({
    // The API's own prefix (`/open/...`) is absolute; a host that embeds the app may put it elsewhere.
    baseURL: (import.meta.env?.VITE_API_BASE as string | undefined) ?? '',
    withCredentials: true,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });
  instance.interceptors.request.use(beforeCall);
  // The interceptor unwraps the envelope, so callers receive `data` rather than an AxiosResponse.
  instance.interceptors.response.use((res) => {
    const data = onAnswer(res.status, res.data, res.config);
    if (res.config.url) answered(res.config.url);
    return data as never;
  }, (error: AxiosError<Envelope>) => (retriable(error) ? sendAgain(instance, error) : onFailure(error)));
  return instance;
};

export const http = createHttp();

/** Every call is a POST with a JSON body (spec §7); the answer is the envelope's data. */
export const post = <T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T> =>
  http.post(path, body ?? {}, options) as unknown as Promise<T>;

export const get = <T = unknown>(path: string, options?: CallOptions): Promise<T> => http.get(path, options) as unknown as Promise<T>;
