import { basePath } from '../../../dataProvider/session.ts';
import type { SentRequest } from './snippets.ts';

/** What the console shows of one call: the answer and the request that got it. */
export interface CallResult {
  status: number;
  /** The envelope's code; null when the answer was no envelope. */
  code: number | null;
  message?: string;
  ms: number;
  requestId: string | null;
  /** Seconds to wait, from a 429's `retry-after`. */
  retryAfter: string | null;
  /** The body as pretty JSON, or as it came when it was not JSON. */
  text: string;
  request: SentRequest;
  /** A missing scope (201 with `permission_violations`): which, and the console page to apply on. */
  apply?: { scope: string; to: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The page to apply for a missing scope, as a route of this app: only the help URL's path is kept,
 * never its host (the link stays on this site whatever the answer says), with the router's base
 * path taken off and leading slashes collapsed (`//host/x` would leave the site).
 */
export const applyLinkOf = (data: unknown, fallbackScope?: string): CallResult['apply'] => {
  if (!isObject(data) || typeof data.help_url !== 'string') return undefined;
  let pathname: string;
  try {
    pathname = new URL(data.help_url, window.location.origin).pathname;
  } catch {
    return undefined;
  }
  const base = basePath().replace(/\/+$/, '');
  if (base && (pathname === base || pathname.startsWith(`${base}/`))) pathname = pathname.slice(base.length);
  const violations = Array.isArray(data.permission_violations) ? data.permission_violations : [];
  const subject = violations.map((v) => (isObject(v) ? v.subject : undefined)).find((s): s is string => typeof s === 'string');
  return { scope: subject ?? fallbackScope ?? '', to: `/${pathname.replace(/^\/+/, '')}` };
};

/**
 * Reads a fetch answer: the envelope when it is one, the text as it came otherwise. The time runs
 * from `started` (performance.now() before the call) to the whole body read.
 */
export const readAnswer = async (res: Response, request: SentRequest, started: number, scope?: string): Promise<CallResult> => {
  const raw = await res.text();
  const ms = Math.round(performance.now() - started);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const envelope = isObject(json) && typeof json.code === 'number' ? json : undefined;
  return {
    status: res.status,
    code: envelope ? (envelope.code as number) : null,
    message: typeof envelope?.message === 'string' ? envelope.message : undefined,
    ms,
    requestId: res.headers.get('x-request-id'),
    retryAfter: res.headers.get('retry-after'),
    text: json === undefined ? raw : JSON.stringify(json, null, 2),
    request,
    apply: envelope?.code === 201 ? applyLinkOf(envelope.data, scope) : undefined,
  };
};
