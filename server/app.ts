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
import { capConnections, DEFAULT_LIMITS, edgeOptions, originFormOnly, type EdgeLimits } from './http/edge.ts';
import { contentSecurityPolicy } from './http/csp.ts';
import { mountIdentity } from './handlers/identity.ts';
import { ipWhitelistHook } from './handlers/policy.ts';
import { mountTenantAuth } from './handlers/tenant-auth.ts';
import { mountUnlock } from './handlers/unlock.ts';
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
  logLevel?: string;
  /** Proxies whose X-Forwarded-For is believed: a hop count or their addresses (server/config.ts). */
  trustProxy?: false | number | string[];
  /** Origin of the links in mail (PUBLIC_URL); never derived from request headers. */
  publicUrl?: string;
  /** Timeouts and connection caps of the HTTP edge. */
  limits?: Partial<EdgeLimits>;
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

/** A console or site route the single-page app answers: a GET outside the API with no file extension (a missing asset is a 404). */
const isPageRoute = (method: string, url: string) => {
  const path = url.split('?')[0];
  return method === 'GET' && !path.startsWith('/open/') && !/\.[A-Za-z0-9]+$/.test(path);
};

/** A hop count becomes proxy-addr's "trust the n nearest hops" (fastify's types take no number). */
const trustOf = (t: AppOptions['trustProxy']) => (typeof t === 'number' ? (_addr: string, hop: number) => hop < t : t ?? false);

/** Prepares the database (tables, migrations, seed) and builds the HTTP app on it. */
export const buildApp = async (opts: AppOptions): Promise<App> => {
  const defs = opts.defs ?? resources;
  const bodyLimit = opts.bodyLimit ?? 1024 * 1024;
  await syncSchema(opts.db, defs);
  await seedPermissions(opts.db, defs);
  const tokens = await Tokens.open(opts.db);
  const mailer = opts.mailer ?? (opts.smtpUrl || opts.mailDir ? createMailer({ smtpUrl: opts.smtpUrl, dir: opts.mailDir, log: opts.logger ? (l) => console.log(l) : undefined }) : undefined);
  const publicUrl = (opts.publicUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const services: Services = { db: opts.db, tokens, callers: new Callers(opts.db, tokens), mailer, publicUrl };
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };

  const app = Fastify({ logger: opts.logger ? { level: opts.logLevel ?? 'info' } : false, bodyLimit, trustProxy: trustOf(opts.trustProxy), ...edgeOptions(limits) });
  capConnections(app.server, limits);
  originFormOnly(app);
  // JSON only: a text/plain body answers 415 instead of reaching a call as a string.
  app.removeContentTypeParser('text/plain');
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
      ? (req, reply) => (isPageRoute(req.method, req.url) ? reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false }) : notFoundHandler(req, reply))
      : notFoundHandler,
  );
  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy }, crossOriginEmbedderPolicy: false });
  await app.register(rateLimit, { global: false });

  const docs: CallDoc[] = [];
  app.register(async (scope) => {
    // A BU's IP whitelist applies to every call made with that BU's tenant tokens.
    scope.addHook('preHandler', ipWhitelistHook(services));
    mountIdentity(scope, services, docs);
    mountTenantAuth(scope, services, docs);
    mountUnlock(scope, services, docs);
    mountResources(scope, services, defs, docs);
  });
  app.get('/open/openapi.json', async () => openapiDocument(docs));

  if (serveApp) {
    await app.register(fastifyStatic, { root: opts.staticDir, wildcard: false });
  }
  return { app, services, docs };
};
