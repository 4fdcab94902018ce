import type { FastifyInstance } from 'fastify';
import { routeOf } from './route-of.ts';
import type { Caller } from '../auth/caller.ts';

/** One user's call, as the request log keeps it (never a body). */
export interface RequestEntry {
  caller: Pick<Caller, 'userGuid' | 'username' | 'userType' | 'buGuid'>;
  method: string;
  path: string;
  httpStatus: number;
  code: number | null;
  ms: number;
  requestId: string;
  ip: string;
  userAgent: unknown;
}

/** Where a user's call is recorded (server/services/audit-log.ts `AuditLogs`). */
export interface RequestRecorder {
  request(e: RequestEntry): void;
}

const ENVELOPE_CODE = /^\{"code":(\d{3})[,}]/;

/**
 * The request log of users' calls (docs/operator.md, "Audit logs"): every API call made with a
 * user's token (an operator's or a tenant user's) — route, HTTP status, the envelope's code, time,
 * request id, address and user agent; never a body. Anonymous calls and refused tokens are not
 * users' calls (the access log counts those). The entry is appended in memory; the writer inserts
 * in batches.
 */
export const userRequestLog = (app: FastifyInstance, recorder: RequestRecorder) => {
  app.decorateRequest('envelopeCode', null);
  // Callback hooks: every call passes them, and an async hook costs a promise and a microtask each.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.caller && typeof payload === 'string') req.envelopeCode = Number(ENVELOPE_CODE.exec(payload)?.[1] ?? 0) || null;
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const caller = req.caller;
    if (caller) recorder.request({
      caller,
      method: req.method,
      path: routeOf(req),
      httpStatus: reply.statusCode,
      code: req.envelopeCode,
      ms: reply.elapsedTime,
      requestId: String(req.id),
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    done();
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller of an API call (set once the token is read), else null. */
    caller: Caller | null;
    /** The code of the envelope answered to a signed-in caller. */
    envelopeCode: number | null;
  }
}
