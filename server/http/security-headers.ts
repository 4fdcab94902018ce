import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentSecurityPolicy } from './csp.ts';

/**
 * Helmet's headers with our Content-Security-Policy, computed once at start: they do not depend
 * on the request, so every answer gets the same object instead of helmet's per-request work.
 */
export const securityHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy }, crossOriginEmbedderPolicy: false })({} as IncomingMessage, res, () => {});
  return headers;
};
