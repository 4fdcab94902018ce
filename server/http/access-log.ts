import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths.ts';

/** How often the summary of refused requests is written, at `info`. */
export const REFUSED_SUMMARY_MS = 60_000;
/** Addresses named in one summary line; the rest are only counted. */
const TOP_ADDRESSES = 20;

/**
 * One access line per API call at `info` — method, route, status, time, request id and the
 * caller's kind — in place of fastify's two. Static files are not logged. A refused call (401,
 * 429) costs no line of its own at `info`: refusals are counted per address and written once a
 * minute, so a flood of bad tokens cannot flood the log; at `debug` each is logged too.
 */
export const accessLog = (app: FastifyInstance) => {
  const refused = new Map<string, number>();
  const flush = () => {
    if (!refused.size) return;
    const total = [...refused.values()].reduce((a, b) => a + b, 0);
    const top = Object.fromEntries([...refused].sort((a, b) => b[1] - a[1]).slice(0, TOP_ADDRESSES));
    refused.clear();
    app.log.info({ refused: total, by_address: top, window_s: REFUSED_SUMMARY_MS / 1000 }, 'refused requests');
  };
  const timer = setInterval(flush, REFUSED_SUMMARY_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flush();
  });
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isApiPath(req.url)) {
      const status = reply.statusCode;
      const line = { method: req.method, route: req.routeOptions.url ?? req.url.split('?')[0], status, ms: Math.round(reply.elapsedTime * 10) / 10, caller: req.callerKind };
      if (status === 401 || status === 429) {
        refused.set(req.ip, (refused.get(req.ip) ?? 0) + 1);
        req.log.debug(line, 'refused');
      } else req.log.info(line, 'request');
    }
    done();
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Who made the call: anonymous, operator, main or sub (set once the token is read). */
    callerKind: string;
  }
}
