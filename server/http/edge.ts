import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../i18n/index.ts';
import { sendWarning, Warning } from './envelope.ts';

/** How long a client may take; none of these may be "forever", or slow clients hold sockets for good. */
export interface EdgeLimits {
  /** The whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** The headers must arrive within this. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address; more are closed at once. */
  maxConnectionsPerIp: number;
  /** Open connections in all, so file descriptors never run out. */
  maxConnections: number;
  /** How often Node checks the two timeouts above (its default is 30 s). */
  checkIntervalMs?: number;
}

export const DEFAULT_LIMITS: EdgeLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
  maxConnectionsPerIp: 256,
  maxConnections: 10_000,
};

/**
 * Node and fastify answer some malformed requests before any route sees them (bad header,
 * headers too large, timeouts); they still answer the envelope, in the default language since
 * the request could not be read.
 */
const clientError = (err: NodeJS.ErrnoException, socket: Socket) => {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'server.request_timeout'] : err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'server.body_too_large'] : [400, 'server.bad_request'];
  const body = JSON.stringify({ code: 201, data: null, message: translate('zh', key, { limit: '16 KB' }) });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
};

/** Fastify's options for the limits above. */
export const edgeOptions = (limits: EdgeLimits): FastifyHttpOptions<Server> & { http: ServerOptions } => ({
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionTimeout: limits.requestTimeoutMs * 2,
  http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs ?? 1000 },
  clientErrorHandler: clientError,
  // A path fastify cannot decode (bad percent-encoding) is a malformed request, not a server fault.
  frameworkErrors: (_err, req, reply) => sendWarning(req, reply, new Warning('server.bad_request', {}, null, 400)),
});

/** Caps open connections per client address on the listening server. */
export const capConnections = (server: Server, limits: EdgeLimits) => {
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? '';
    const n = (open.get(ip) ?? 0) + 1;
    if (n > limits.maxConnectionsPerIp) {
      socket.destroy();
      return;
    }
    open.set(ip, n);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
};

/**
 * The first hook of every request: the security headers (computed once), and only origin-form
 * targets (`/open/...`). An absolute-form target (`http://host/open/...`) is what a proxy
 * receives, never this server; refusing it keeps every hook deciding on the same path the router
 * routes. A callback hook: no promise per request.
 */
export const firstHook = (app: FastifyInstance, headers: Record<string, string>) =>
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.headers(headers);
    if (req.raw.url?.startsWith('/')) return done();
    sendWarning(req, reply, new Warning('server.bad_request', {}, null, 400));
  });
