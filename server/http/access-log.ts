import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeOf } from './route-of.ts';
import { isApiPath } from './api-paths.ts';

/** How often the summaries (refused requests, published documents fetched) are written, at `info`. */
export const REFUSED_SUMMARY_MS = 60_000;
/** Addresses named in one summary line; the rest are only counted. */
const TOP_ADDRESSES = 20;

/**
 * One access line per API call at `info` — method, route, status, time, request id and the
 * caller's kind — in place of fastify's two. Static files are not logged. Two kinds of request
 * cost no line of their own at `info`, so a flood of them cannot flood the log (nor spend the
 * server's time writing it): a refused call (401, 429), and a fetch of a published document (a
 * route with `config.published`: the OpenAPI documents, built once and served from memory like a
 * static file). Each kind is counted per address and written once a minute; at `debug` each
 * request is logged too.
 */
export const accessLog = (app: FastifyInstance) => {
  const summaries = { refused: new Map<string, number>(), published: new Map<string, number>() };
  const flush = () => {
    for (const [kind, counts] of Object.entries(summaries)) {
      if (!counts.size) continue;
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const top = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP_ADDRESSES));
      counts.clear();
      app.log.info({ [kind]: total, by_address: top, window_s: REFUSED_SUMMARY_MS / 1000 }, `${kind} requests`);
    }
  };
  const timer = setInterval(flush, REFUSED_SUMMARY_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flush();
  });
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isApiPath(req.url)) {
      const status = reply.statusCode;
      const line = { method: req.method, route: routeOf(req), status, ms: Math.round(reply.elapsedTime * 10) / 10, caller: req.callerKind };
      const kind = status === 401 || status === 429 ? 'refused' : req.routeOptions.config?.published ? 'published' : undefined;
      if (kind) {
        summaries[kind].set(req.ip, (summaries[kind].get(req.ip) ?? 0) + 1);
        req.log.debug(line, kind);
      } else req.log.info(line, 'request');
    }
    done();
  });
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A published document served from memory (access-log.ts counts its fetches per address instead of a line each). */
    published?: boolean;
  }
  interface FastifyRequest {
    /** Who made the call: anonymous, operator, main or sub (set once the token is read). */
    callerKind: string;
  }
}
