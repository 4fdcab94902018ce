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
import { ipWhitelistHook } from './handlers/policy.ts';
import { mountTenantAuth } from './handlers/tenant-auth.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
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
  /** Outgoing mail: SMTP when `smtpUrl` is set, else `.eml` files in `mailDir` (DATA_DIR/mail); or a ready mailer. */
  mailer?: Mailer;
  smtpUrl?: string;
  mailDir?: string;
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
  const mailer = opts.mailer ?? (opts.smtpUrl || opts.mailDir ? createMailer({ smtpUrl: opts.smtpUrl, dir: opts.mailDir, log: opts.logger ? (l) => console.log(l) : undefined }) : undefined);
  const services: Services = { db: opts.db, tokens, callers: new Callers(opts.db, tokens), mailer };

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
  const serveApp = !!opts.staticDir && existsSync(opts.staticDir);
  // Fastify takes one not-found handler: with the console built, client-side routes answer with
  // the app; unknown API paths keep their 404 envelope.
  app.setNotFoundHandler(
    serveApp
      ? (req, reply) => (req.method === 'GET' && !req.url.startsWith('/open/') ? reply.sendFile('index.html') : notFoundHandler(req, reply))
      : notFoundHandler,
  );
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(rateLimit, { global: false });

  const docs: CallDoc[] = [];
  app.register(async (scope) => {
    // A BU's IP whitelist applies to every call made with that BU's tenant tokens.
    scope.addHook('preHandler', ipWhitelistHook(services));
    mountIdentity(scope, services, docs);
    mountTenantAuth(scope, services, docs);
    mountResources(scope, services, defs, docs);
  });
  app.get('/open/openapi.json', async () => openapiDocument(docs));

  if (serveApp) {
    await app.register(fastifyStatic, { root: opts.staticDir, wildcard: false });
  }
  return { app, services, docs };
};
