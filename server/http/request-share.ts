import type { FastifyInstance } from 'fastify';
import { inShare } from '../db/fair-share.ts';

/**
 * The share of the database a request's statements take before its call knows whose they are
 * (docs/operations.md, "Fair share"): reading its token (a cache miss costs statements), the BU's
 * address whitelist, an idempotency key's claim. One per token, or per address without one, so a
 * flood of one tenant's requests whose token just left the cache does not queue another tenant's
 * look-ups behind theirs; `runCall` then names the call's own share. A `preHandler` hook: its
 * `done` calls the handler, which so runs in the share (the body is read before it).
 */
export const requestShares = (app: FastifyInstance) => {
  app.addHook('preHandler', (req, _reply, done) => {
    const token = req.headers.authorization;
    // A token's signature (its last characters) tells tokens apart without hashing each request.
    inShare(token ? `token:${token.slice(-32)}` : `ip:${req.ip}`, done);
  });
};
