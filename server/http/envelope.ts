import type { FastifyReply, FastifyRequest } from 'fastify';
import { langFromHeader, translate, type Lang } from '../../i18n/index.ts';
import { databaseAway } from '../db/away.ts';

/** Every answer has this shape (spec §8). */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
}

/**
 * A business warning: answered as code 201 with a complete translated sentence. `http` is 200
 * for ordinary warnings and 401 for token problems, which the console treats as "log in again".
 */
export class Warning extends Error {
  readonly key: string;
  readonly params: Record<string, unknown>;
  readonly data: unknown;
  readonly http: number;

  constructor(key: string, params: Record<string, unknown> = {}, data: unknown = null, http = 200) {
    // An expected answer, not a fault: capturing a stack trace for it is pure cost.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(key);
    Error.stackTraceLimit = limit;
    this.key = key;
    this.params = params;
    this.data = data;
    this.http = http;
  }
}

export const unauthorized = (key = 'server.token_invalid') => new Warning(key, {}, null, 401);

/** Accept-Language values repeat: each distinct header is parsed once (bounded, so junk cannot grow it). */
const langCache = new Map<string, Lang>();
export const langOf = (req: FastifyRequest): Lang => {
  const header = req.headers['accept-language'] ?? '';
  let lang = langCache.get(header);
  if (!lang) {
    lang = langFromHeader(header);
    if (langCache.size < 256) langCache.set(header, lang);
  }
  return lang;
};

const OK: Record<Lang, string> = { zh: translate('zh', 'server.ok'), hk: translate('hk', 'server.ok'), en: translate('en', 'server.ok') };
export const ok = <T>(req: FastifyRequest, data: T): Envelope<T> => ({ code: 200, data, message: OK[langOf(req)] });

export const sendWarning = (req: FastifyRequest, reply: FastifyReply, w: Warning) =>
  reply.status(w.http).send({ code: 201, data: w.data, message: translate(langOf(req), w.key, w.params) } satisfies Envelope);

/** Fastify's own client errors, mapped onto the envelope table of docs/api.md. */
const clientErrors: Record<string, { http: number; key: string; params?: Record<string, unknown> }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { http: 200, key: 'server.bad_format' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { http: 200, key: 'server.bad_format' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { http: 200, key: 'server.bad_format' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { http: 415, key: 'server.unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { http: 413, key: 'server.body_too_large' },
};

export const errorHandler = (bodyLimit: number) => (err: Error & { code?: string; statusCode?: number }, req: FastifyRequest, reply: FastifyReply) => {
  if (err instanceof Warning) return sendWarning(req, reply, err);
  const known = err.code ? clientErrors[err.code] : undefined;
  if (known) {
    const params = known.key === 'server.body_too_large' ? { limit: `${Math.round(bodyLimit / 1024)} KB` } : {};
    return sendWarning(req, reply, new Warning(known.key, params, null, known.http));
  }
  if (err.statusCode === 429) return sendWarning(req, reply, new Warning('server.rate_limited', {}, null, 429));
  if (err instanceof SyntaxError) return sendWarning(req, reply, new Warning('server.bad_format'));
  // The database is away (restarting, refusing, out of connections): a client should retry, not report a fault.
  if (databaseAway(err)) {
    req.log.warn({ err }, 'database unavailable');
    return reply.status(503).header('retry-after', String(RETRY_AFTER_S)).send({ code: 503, data: null, message: translate(langOf(req), 'server.unavailable', { seconds: RETRY_AFTER_S }) } satisfies Envelope);
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ code: 500, data: null, message: translate(langOf(req), 'server.system_exception') } satisfies Envelope);
};

/** Seconds a client (or a balancer) should wait before asking again while the database is away. */
export const RETRY_AFTER_S = 5;

export const notFoundHandler = (req: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ code: 404, data: null, message: translate(langOf(req), 'server.not_found', { path: req.url.split('?')[0] }) } satisfies Envelope);

/**
 * A call asked with a method it does not take answers 405 with `Allow` and a sentence naming the
 * method to use (RFC 9110 §15.5.6); any other unknown target is the 404 above.
 */
export const wrongMethodOr404 = (methodsOf: (path: string) => readonly string[] | undefined) => (req: FastifyRequest, reply: FastifyReply) => {
  const path = req.url.split('?')[0];
  const allowed = methodsOf(path);
  if (!allowed?.length) return notFoundHandler(req, reply);
  const allow = allowed.join(', ');
  return reply
    .status(405)
    .header('allow', allow)
    .send({ code: 405, data: null, message: translate(langOf(req), 'server.method_not_allowed', { path, allow, method: req.method }) } satisfies Envelope);
};
