import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../i18n/index.ts';
import { USER_TYPE, type Caller } from '../auth/caller.ts';
import { refuseOutsideWhitelist } from '../auth/app-token-calls.ts';
import type { Services } from '../engine/context.ts';
import { isLarkPath, LarkError, sendLark } from '../lark/errors.ts';
import { larkLangOf } from '../lark/language.ts';
import { inShare } from '../db/fair-share.ts';
import { shareOf } from '../engine/run-call.ts';
import { claimKey, pruneKeys, releaseKey, settleKey, withClaimedKey } from '../services/idempotency-keys.ts';
import { isApiPath } from './api-paths.ts';
import { sendWarning, Warning } from './envelope.ts';

/** The longest key taken (Stripe's limit). */
export const KEY_MAX = 255;
/** An answer larger than this is not kept: a retry runs the call again. */
const BODY_MAX = 1024 * 1024;
/** Answers a retry must not replay: a throttle, a token refused, a conflict, the database away or a fault. */
const unkept = (status: number) => status >= 500 || status === 401 || status === 408 || status === 409 || status === 429;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Who sent a write, for scoping its key: a signed-in account in its BU, an app (in the BU its token
 * acts for), or a person through an app. Null for an anonymous call, a token the call would refuse,
 * or an address the BU's or app's whitelist refuses: such a call runs as if it carried no key,
 * since scoping by the key alone could hand one caller another's answer (docs/api.md).
 */
const principalOf = async (services: Services, req: FastifyRequest): Promise<{ scope: string; share: string; caller?: Caller } | null> => {
  const header = req.headers.authorization;
  if (!header) return null;
  const refusedAsNone = (e: unknown) => {
    if (e instanceof Warning) return null;
    throw e;
  };
  if (req.url.startsWith('/open/api/') || isLarkPath(req.url)) {
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const app = token ? ((await services.appTokens.verify(token)) ?? (await services.userTokens.verify(token))) : null;
    if (!app) return null;
    try {
      refuseOutsideWhitelist(app.ipWhitelist, req.ip);
    } catch (e) {
      return refusedAsNone(e);
    }
    return { scope: app.person ? `person ${app.appGuid} ${app.person.userGuid} ${app.buGuid}` : `app ${app.appGuid} ${app.buGuid}`, share: shareOf({ appGuid: app.appGuid, buGuid: app.buGuid, userType: USER_TYPE.main, userGuid: '' }) };
  }
  const caller = await services.callers.resolve(header).catch(refusedAsNone);
  if (!caller) return null;
  if (caller.buGuid && caller.userType !== USER_TYPE.operator && !(await services.admits(caller.buGuid, req.ip))) return null;
  return { scope: `account ${caller.userGuid} ${caller.buGuid ?? ''}`, share: shareOf(caller), caller };
};

/** A refusal of the key, in the path's dialect: the envelope (code 201), or Lark's shape on Lark's paths. */
const refuse = (req: FastifyRequest, reply: FastifyReply, key: string, http: number) =>
  isLarkPath(req.url) ? sendLark(req, reply, new LarkError(1, translate(larkLangOf(req), key), http)) : sendWarning(req, reply, new Warning(key, {}, null, http));

/**
 * `Idempotency-Key` on every call that is not a GET (docs/api.md, "Retrying writes: Idempotency-Key"),
 * Stripe's semantics: the key is its sender's (scoped by caller, method and path); the same key and
 * request (method, path, query and body) within 24 hours answers the first result with
 * `Idempotent-Replayed: true` and runs nothing; a different request with the key is refused (422),
 * and so is one while the first still runs (409, on any instance). An answer that is a 5xx, a
 * throttle or a refused token is not kept, so a retry runs the call again — unless the call's change
 * committed (then the retry is told so: 409).
 *
 * The key's row is claimed before the call runs and its answer written once the answer is known
 * (after the commit and the after-commit effects); verbs and handlers open their transactions
 * themselves, so the call's first transaction only marks the key carried out inside itself
 * (`markingCarriedOut`). A claim whose process died before that is taken over after STALE_CLAIM_SECONDS.
 */
export const idempotency = (app: FastifyInstance, services: Services) => {
  app.decorateRequest('idempotency', null);
  // Callback hooks: a call without a key passes at the cost of two header reads.
  app.addHook('preHandler', (req, reply, done) => {
    const key = req.headers['idempotency-key'];
    if (key === undefined || req.method === 'GET' || req.method === 'HEAD' || !isApiPath(req.url)) return done();
    if (typeof key !== 'string' || key.trim() === '' || key.length > KEY_MAX) return void refuse(req, reply, 'server.idempotency.key_invalid', 400);
    // An upload's parts are read by its call: there is no body here to tell one request from another.
    if (req.isMultipart()) return done();
    void principalOf(services, req).then(async (principal) => {
      if (!principal) return done();
      const path = req.url.split('?')[0];
      const id = sha256(`${principal.scope}\n${req.method}\n${path}\n${key}`);
      // The key's statements are its caller's, in the caller's fair share of the database.
      const claim = await inShare(principal.share, () => claimKey(services.db, id, sha256(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)));
      if (claim.kind === 'run') {
        req.idempotency = { id, claim: claim.claim, share: principal.share };
        return withClaimedKey(id, claim.claim, () => done());
      }
      if (claim.kind === 'mismatch') return void refuse(req, reply, 'server.idempotency.key_reused', 422);
      if (claim.kind === 'busy') return void refuse(req, reply, 'server.idempotency.in_progress', 409);
      if (claim.kind === 'lost') return void refuse(req, reply, 'server.idempotency.answer_lost', 409);
      // The users' request log names the caller of a replay too (server/http/user-request-log.ts).
      if (principal.caller) req.caller = principal.caller;
      reply.code(claim.status).header('idempotent-replayed', 'true');
      if (claim.contentType) reply.header('content-type', claim.contentType);
      reply.send(claim.body);
    }).catch((e: Error) => done(e));
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const held = req.idempotency;
    if (!held) return done(null, payload);
    req.idempotency = null;
    const status = reply.statusCode;
    // A stream or bytes (a download) is not kept: its retry runs again.
    const body = typeof payload === 'string' ? payload : undefined;
    const kept = body !== undefined && body.length <= BODY_MAX && !unkept(status);
    const contentType = reply.getHeader('content-type');
    inShare(held.share, () => (kept ? settleKey(services.db, held.id, held.claim, status, body, typeof contentType === 'string' ? contentType : null) : releaseKey(services.db, held.id, held.claim)))
      // Unrecorded, the claim lapses after STALE_CLAIM_SECONDS; the answer itself still goes out.
      .catch((err) => req.log.warn({ err }, 'recording an idempotency key failed'))
      .then(() => done(null, payload));
  });
  // Keys past their 24 hours go every 10 minutes, as the counters' ended windows do.
  const prune = setInterval(() => void pruneKeys(services.db).catch((e) => app.log.warn({ err: e }, 'idempotency key upkeep failed')), 600_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request claimed, to record its answer on (null without one). */
    idempotency: { id: string; claim: string; share: string } | null;
  }
}
