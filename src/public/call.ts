import { LANGUAGES, type Lang } from '../../i18n/languages.ts';
import { validToken } from '../../dataProvider/session.ts';

const API_BASE = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '';

/** A refused or failed public read: the server's message when it sent one (code 201). */
export class ReadError extends Error {}

/**
 * A read of the public site: a POST without axios (the public pages stay light), in the reader's
 * language, with the token when there is one (a signed-in tenant sees whether it has an app).
 * Errors are the page's to show in place; nothing here navigates or toasts.
 */
export const publicRead = async <T,>(path: string, body: unknown, lang: Lang): Promise<T> => {
  const token = validToken();
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': LANGUAGES[lang], ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const envelope = (await res.json().catch(() => null)) as { code?: number; data?: T; message?: string } | null;
  if (envelope?.code === 200) return envelope.data as T;
  throw new ReadError(envelope?.code === 201 ? (envelope.message ?? '') : `HTTP ${res.status}`);
};
