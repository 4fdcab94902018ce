import type { FastifyRequest } from 'fastify';

/** The route a request took, as the logs name it: a call's path (answered through a table of calls, server/http/calls.ts), else its route, else its path. */
export const routeOf = (req: FastifyRequest) => req.callPath ?? req.routeOptions.url ?? req.url.split('?')[0];

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's path, when a scope's table of calls answered it (server/http/calls.ts `routeCall`). */
    callPath: string | null;
  }
}
