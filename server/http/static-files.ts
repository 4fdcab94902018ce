import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { notFoundHandler } from './envelope.ts';

/** Content-hashed build output: a new build writes new names, so a browser may keep these for a year unasked. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the page every client-side route answers with) is revalidated each time. */
export const REVALIDATE = 'no-cache';

/** The copies scripts/compress.mjs writes beside each file: sent in its place, never at a URL of their own. */
const COPY = /\.(br|gz)$/;

/**
 * How the built web app (Vite's dist/) is served, in two registrations of @fastify/static:
 * - each file is sent as the brotli or gzip copy the build wrote beside it (`x.js.br`, `x.js.gz`;
 *   scripts/compress.mjs), chosen by the request's Accept-Encoding, with `Vary: Accept-Encoding`;
 *   without an accepted encoding or a copy, the file itself; the copies get no URL of their own;
 * - the folder's own files (index.html): a route each, revalidated on every visit (`no-cache`),
 *   registered where `app` is, so that replies get `sendFile` (server/http/page-render.ts answers
 *   pages with it);
 * - assets/ (named by Vite with a hash of their content): immutable for a year, under one wildcard
 *   route rather than a route per file, so a start does not register a few hundred routes; in a
 *   scope of their own, where a path the plugin refuses as not canonical (`/assets/%2e%2e/x`) names
 *   no file and answers 404 like any missing one, not the plugin's bare 403 error.
 */
export const serveStatic = async (app: FastifyInstance, root: string) => {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // `/` is a page like the others (server/http/page-render.ts renders it), not the directory's index.html.
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', 'assets/**'],
    setHeaders: (reply) => void reply.header('cache-control', REVALIDATE),
  });
  await app.register(async (scope) => {
    scope.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      if (err.statusCode === 403) return notFoundHandler(req, reply);
      throw err;
    });
    await scope.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => !COPY.test(pathname),
      setHeaders: (reply) => void reply.header('cache-control', IMMUTABLE),
    });
  });
};
