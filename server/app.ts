import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resources } from '../resources/index.ts';
import type { ResourceDef } from '../resources/types.ts';
import { Callers } from './auth/caller.ts';
import { Tokens } from './auth/tokens.ts';
import type { Db } from './db/driver.ts';
import { syncSchema } from './db/sync.ts';
import type { Services } from './engine/context.ts';
import { mountResources } from './engine/mount.ts';
import type { CallDoc } from './http/calls.ts';
import { errorHandler, notFoundHandler } from './http/envelope.ts';
import { mountIdentity } from './handlers/identity.ts';
import { openapiDocument } from './openapi.ts';
import { seedPermissions } from './seed/seed.ts';

export interface AppOptions {
  db: Db;
  defs?: readonly ResourceDef[];
  /** Built console to serve (vite's `dist/`); absent in API-only tests. */
  staticDir?: string;
  bodyLimit?: number;
  logger?: boolean;
  trustProxy?: boolean;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  docs: CallDoc[];
}

/** Prepares the database (tables, migrations, seed) and builds the HTTP app on it. */
export const buildApp = async (opts: AppOptions): Promise<App> => {
  const defs = opts.defs ?? resources;
  const bodyLimit = opts.bodyLimit ?? 1024 * 1024;
  await syncSchema(opts.db, defs);
  await seedPermissions(opts.db, defs);
  const tokens = await Tokens.open(opts.db);
  const services: Services = { db: opts.db, tokens, callers: new Callers(opts.db, tokens) };

  const app = Fastify({ logger: opts.logger ? { level: 'info' } : false, bodyLimit, trustProxy: opts.trustProxy ?? false });
  // An empty JSON body is an empty object: several calls take no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  app.setErrorHandler(errorHandler(bodyLimit));
  app.setNotFoundHandler(notFoundHandler);
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(rateLimit, { global: false });

  const docs: CallDoc[] = [];
  app.register(async (scope) => {
    mountIdentity(scope, services, docs);
    mountResources(scope, services, defs, docs);
  });
  app.get('/open/openapi.json', async () => openapiDocument(docs));

  if (opts.staticDir && existsSync(opts.staticDir)) {
    await app.register(fastifyStatic, { root: opts.staticDir, wildcard: false });
    // Client-side routes answer with the app; unknown API paths keep their 404 envelope.
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/open/')) return reply.sendFile('index.html');
      return notFoundHandler(req, reply);
    });
  }
  return { app, services, docs };
};
