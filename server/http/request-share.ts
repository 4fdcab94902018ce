import type { FastifyInstance } from 'fastify';
import { inShare } from '../db/fair-share.ts';

/**
 * The share of the database a request's statements take before its call knows whose they are
 * (docs/operations.md, "Fair share"): reading its token (a cache miss costs statements; one read
 * per token at a time, `Callers`), the BU's address whitelist, an idempotency key's claim. The
 * address's, not the token's: a token is only a claim until read, and one address sending a new
 * made-up token with each request would otherwise take a share per request and pass the others'
 * look-ups in the queue. `runCall` then names the call's own share. A `preHandler` hook: its
 * `done` calls the handler, which so runs in the share (the body is read before it).
 */
export const requestShares = (app: FastifyInstance) => {
  app.addHook('preHandler', (req, _reply, done) => inShare(`ip:${req.ip}`, done));
};
