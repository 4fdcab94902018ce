import type { FastifyStaticOptions } from '@fastify/static';
import { relative, sep } from 'node:path';

/** Content-hashed build output: a new build writes new names, so a browser may keep these for a year unasked. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the page every client-side route answers with) is revalidated each time. */
export const REVALIDATE = 'no-cache';

/**
 * How the built web app (Vite's dist/) is served:
 * - each file is sent as the brotli or gzip copy the build wrote beside it (`x.js.br`, `x.js.gz`;
 *   scripts/compress.mjs), chosen by the request's Accept-Encoding, with `Vary: Accept-Encoding`;
 *   without an accepted encoding or a copy, the file itself;
 * - the copies get no URL of their own;
 * - files under assets/ (named by Vite with a hash of their content) are immutable for a year;
 *   any other file must be revalidated (`no-cache`).
 */
export const staticOptions = (root: string): FastifyStaticOptions => ({
  root,
  wildcard: false,
  // `/` is a page like the others (server/http/page-render.ts renders it), not the directory's index.html.
  index: false,
  preCompressed: true,
  globIgnore: ['**/*.br', '**/*.gz'],
  setHeaders: (reply, path) => {
    reply.header('cache-control', relative(root, path).startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE);
  },
});
