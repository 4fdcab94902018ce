import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import rateLimit from '@fastify/rate-limit';
import { serveStatic } from './http/static-files.ts';
import { pageRenderer } from './http/page-render.ts';
import { existsSync } from 'node:fs';
import { resources } from '../resources/index.ts';
import type { ResourceDef } from '../resources/types.ts';
import { Callers } from './auth/caller.ts';
import { Tokens } from './auth/tokens.ts';
import type { Db } from './db/driver.ts';
import { ensureLogPartitions } from './db/log-partitions.ts';
import { prepareOnce } from './db/start-fingerprint.ts';
import type { Services } from './engine/context.ts';
import { mountResources } from './engine/mount.ts';
import { handlers } from './handlers/index.ts';
import { rules } from './rules/index.ts';
import type { CallDoc } from './http/calls.ts';
import { errorHandler, langOf, wrongMethodOr404 } from './http/envelope.ts';
import { isApiPath } from './http/api-paths.ts';
import { capConnections, DEFAULT_LIMITS, edgeOptions, firstHook, type EdgeLimits } from './http/edge.ts';
import { accessLog } from './http/access-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { lazyCompilers } from './http/schema-compilers.ts';
import { mountIdentity } from './routes/identity.ts';
import { dropWhitelists, ipAllowed } from './services/policy.ts';
import { CacheBus } from './services/cache-bus.ts';
import { countersFor } from './services/counters.ts';
import { pruneAttempts } from './auth/throttle.ts';
import { pruneCodes } from './services/one-time-codes.ts';
import { counterStore } from './http/rate-limit-store.ts';
import { mountTenantAuth } from './routes/tenant-auth.ts';
import { mountUnlock } from './routes/unlock.ts';
import { mountCodeLogin } from './routes/code-login.ts';
import { mountSso } from './routes/sso.ts';
import { Sealer } from './services/sealer.ts';
import { guardedFetch } from './sso/guarded-fetch.ts';
import { txtLookup } from './sso/domain-proof.ts';
import { randomBytes } from 'node:crypto';
import { mountOpenApi, OPEN_API_RATE_DEFAULT } from './routes/open-api.ts';
import { larkCalls, mountLark } from './lark/routes.ts';
import { withLark } from './lark/openapi.ts';
import { isLarkPath, notBuilt, sendLark } from './lark/errors.ts';
import { mountDeveloperLog } from './routes/developer-log.ts';
import { AppTokens } from './auth/app-tokens.ts';
import { LarkIdKeys } from './lark/ids.ts';
import { ApiLogWriter, maintainApiLog } from './services/api-log.ts';
import { AuditLogs, AUDIT_RETENTION_DAYS, maintainAuditLogs } from './services/audit-log.ts';
import { userRequestLog } from './http/user-request-log.ts';
import { coalesceWrites } from './http/write-coalescing.ts';
import { requestShares } from './http/request-share.ts';
import { idempotency } from './http/idempotency.ts';
import { markingCarriedOut } from './services/idempotency-keys.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { openapiDocument } from './openapi.ts';
import { PrebuiltJson } from './http/prebuilt-json.ts';
import { withCustomFieldDocs } from './engine/custom-field-docs.ts';
import type { Lang } from '../i18n/index.ts';
import { prepareDatabase } from './seed/prepare.ts';
import multipart from '@fastify/multipart';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FileStore } from './files/store.ts';
import { ANNOUNCE_EVERY_MS, publishDue } from './services/announcements.ts';
import { EXPIRE_EVERY_MS, expireOrders } from './services/order-expiry.ts';
import { MAX_FILES, MB } from './files/rules.ts';
import { mountFiles } from './routes/files.ts';
import { mountSiteMap } from './routes/site-map.ts';
import { mountHealth } from './routes/health.ts';
import { EventDelivery, pruneEvents, type DeliveryOptions } from './events/delivery.ts';
import { rotateTickets, TICKET_CHECK_MS } from './events/app-ticket.ts';
import { createOutgoing } from './events/outgoing.ts';
import { FieldSets } from './engine/custom-fields.ts';
import { summaryOf } from './open-api/calls.ts';
import { mountLongConnections } from './lark/ws/endpoint.ts';
import { OAuth } from './oauth/service.ts';
import { UserTokens } from './oauth/user-tokens.ts';
import { mountOAuth } from './oauth/mount.ts';
import { pruneOidcModels } from './oauth/adapter.ts';

export interface AppOptions {
  db: Db;
  defs?: readonly ResourceDef[];
  /** Built console to serve (vite's `dist/`); absent in API-only tests. */
  staticDir?: string;
  /** The public pages' server renderer (vite's `dist-ssr/`); beside `staticDir` by default. */
  ssrDir?: string;
  bodyLimit?: number;
  logger?: boolean;
  logLevel?: string;
  /** Where log lines go (stdout by default); tests read them here. */
  logStream?: NodeJS.WritableStream;
  /** Proxies whose X-Forwarded-For is believed: a hop count or their addresses (server/config.ts). */
  trustProxy?: false | number | string[];
  /** Origin of the links in mail (PUBLIC_URL); never derived from request headers. */
  publicUrl?: string;
  /** Timeouts and connection caps of the HTTP edge. */
  limits?: Partial<EdgeLimits>;
  /** `false`: no scheduler publishes due announcements (tests run `publishDue` with their own clock). */
  announcements?: boolean;
  /** Calls per minute each app may make to each open API (OPEN_API_RATE_LIMIT). */
  openApiRatePerMinute?: number;
  /** Days the open-API call log keeps (API_LOG_RETENTION_DAYS); absent: no pruning. */
  apiLogRetentionDays?: number;
  /** Days the audit logs keep (AUDIT_LOG_RETENTION_DAYS, 90 by default); 0: no pruning. */
  auditLogRetentionDays?: number;
  /** Outgoing mail: SMTP when `smtpUrl` is set, else `.eml` files in `mailDir` (DATA_DIR/mail); or a ready mailer. */
  mailer?: Mailer;
  smtpUrl?: string;
  mailDir?: string;
  /** Where uploaded files are kept (DATA_DIR/files, or FILES_DIR); a temporary folder when absent. */
  filesDir?: string;
  /**
   * Event pushes: `allowPrivate` (ALLOW_PRIVATE_WEBHOOKS) lets them reach loopback and private
   * addresses; `worker: false` leaves delivery to `services.events.runOnce()` (tests step it).
   */
  events?: DeliveryOptions & { allowPrivate?: boolean; worker?: boolean };
  /** SSO's fetches to identity providers may reach loopback and private addresses (ALLOW_PRIVATE_IDP; docs/sso.md). */
  sso?: { allowPrivate?: boolean; dnsServers?: readonly string[] };
  /** The key sealing BUs' SSO secrets (SECRETS_KEY or DATA_DIR/secrets.key); a key of this process only when absent. */
  secretsKey?: Buffer;
  /** The compiled build's fingerprint: a database it last prepared is not prepared again (server/db/start-fingerprint.ts). */
  buildFingerprint?: string;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  docs: CallDoc[];
}

/** A console or site route the single-page app answers: a GET outside the API with no file extension (a missing asset is a 404). */
const isPageRoute = (method: string, url: string) => {
  const path = url.split('?')[0];
  return method === 'GET' && !isApiPath(path) && !/\.[A-Za-z0-9]+$/.test(path);
};

/** A hop count becomes proxy-addr's "trust the n nearest hops" (fastify's types take no number). */
const trustOf = (t: AppOptions['trustProxy']) => (typeof t === 'number' ? (_addr: string, hop: number) => hop < t : t ?? false);

/** Prepares the database (tables, migrations, seed) and builds the HTTP app on it. */
export const buildApp = async (opts: AppOptions): Promise<App> => {
  const defs = opts.defs ?? resources;
  const bodyLimit = opts.bodyLimit ?? 1024 * 1024;
  // Tables, seed and the token key are prepared on the database's side while this thread builds the
  // routes (a start waits for the longer of the two, not both); nothing reads them before a request.
  // Instances starting at once on one PostgreSQL take turns (an advisory lock): the first creates, the others find it done.
  const prepared = opts.db.exclusive(async () => {
    const fresh = await prepareOnce(opts.db, opts.buildFingerprint, () => prepareDatabase(opts.db, defs));
    // The partitioned logs' days ahead depend on the date, not the build (server/db/log-partitions.ts).
    if (!fresh && opts.db.kind === 'postgres') await ensureLogPartitions(opts.db);
    return Promise.all([Tokens.open(opts.db), AppTokens.open(opts.db), LarkIdKeys.open(opts.db)]);
  });
  prepared.catch(() => {});
  const mailer = opts.mailer ?? (opts.smtpUrl || opts.mailDir ? createMailer({ smtpUrl: opts.smtpUrl, dir: opts.mailDir, log: opts.logger ? (l) => console.log(l) : undefined }) : undefined);
  const publicUrl = (opts.publicUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  // `tokens`, `appTokens` and `callers` are set once `prepared` is (below, before the app is returned).
  // What decides access is cached per instance; a change anywhere drops it everywhere (server/services/cache-bus.ts).
  const caches = new CacheBus(opts.db, (message) => console.warn(message));
  caches.register('whitelists', dropWhitelists);
  // Rate limits and lockouts: shared rows on PostgreSQL, memory on the embedded database (server/services/counters.ts).
  const counters = countersFor(opts.db);
  const ssoAllowPrivate = !!opts.sso?.allowPrivate;
  const sso = { sealer: new Sealer(opts.secretsKey ?? randomBytes(32)), idpFetch: guardedFetch(ssoAllowPrivate), ssoAllowPrivate, domainTxt: txtLookup(opts.sso?.dnsServers) };
  // The OpenID provider's issuer is the platform's public origin (docs/oauth.md).
  const oauth = new OAuth(opts.db, publicUrl, !!opts.trustProxy, () => caches.changed('app-callers'));
  const services = { db: markingCarriedOut(opts.db), caches, counters, fieldSets: new FieldSets(opts.db, caches), mailer, publicUrl, oauth, ...sso, admits: (buGuid: string, ip: string) => ipAllowed(opts.db, buGuid, ip) } as Services;
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  // Log lines are written in batches of 4 KB rather than one system call each; closing flushes them.
  const stdout = opts.logger && !opts.logStream ? pino.destination({ dest: 1, sync: false, minLength: 4096 }) : undefined;
  const logStream = opts.logStream ?? stdout;

  const app = Fastify({
    logger: opts.logger ? { level: opts.logLevel ?? 'info', stream: logStream } : false,
    // One line per call instead of fastify's two, none for static files (server/http/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit,
    trustProxy: trustOf(opts.trustProxy),
    schemaController: lazyCompilers,
    ...edgeOptions(limits),
  });
  app.decorateRequest('callerKind', 'anonymous');
  app.decorateRequest('caller', null);
  capConnections(app.server, limits);
  coalesceWrites(app.server);
  firstHook(app, securityHeaders());
  if (opts.logger) accessLog(app);
  if (stdout) app.addHook('onClose', async () => stdout.flushSync());
  services.files = new FileStore(opts.db, opts.filesDir ?? mkdtempSync(join(tmpdir(), 'open-platform-files-')));
  services.apiLog = new ApiLogWriter(opts.db, (err) => app.log.error({ err }, 'writing the open-API call log failed'));
  // The log's last entries are written before the database closes (hooks run in reverse order).
  app.addHook('onClose', async () => services.apiLog.flush());
  // The audit logs (docs/operator.md): sign-ins, operations and users' requests, written in batches; a stop writes what is waiting.
  services.audit = new AuditLogs(opts.db, new Set(defs.map((d) => d.storage.table)), (err) => app.log.error({ err }, 'writing the audit logs failed'));
  app.addHook('onClose', async () => services.audit.flush());
  // Statements before a call's own share (the token's look-up) take the token's (server/http/request-share.ts).
  requestShares(app);
  userRequestLog(app, services.audit);
  // Writes carrying an Idempotency-Key answer their first result when retried (server/http/idempotency.ts).
  idempotency(app, services);
  const auditDays = opts.auditLogRetentionDays ?? AUDIT_RETENTION_DAYS;
  if (auditDays > 0 && defs.some((d) => d.storage.table === 'operation_log')) {
    // Older rows go hourly, in batches (server/services/audit-log.ts).
    const pruneAudit = setInterval(() => void maintainAuditLogs(opts.db, auditDays).catch((e) => app.log.warn({ err: e }, 'audit log upkeep failed')), 3_600_000);
    pruneAudit.unref();
    app.addHook('onClose', async () => clearInterval(pruneAudit));
  }
  const eventOpts = opts.events ?? {};
  services.events = new EventDelivery(opts.db, createOutgoing(!!eventOpts.allowPrivate), { ...eventOpts, onError: (err) => app.log.error({ err }, 'event delivery failed') });
  // Pushes in flight finish before the database closes.
  app.addHook('onClose', async () => services.events.stop());
  if (opts.db.kind === 'postgres') {
    // The partitioned logs' days ahead, hourly whatever their retention (server/db/log-partitions.ts).
    const ahead = setInterval(() => void ensureLogPartitions(opts.db).catch((e) => app.log.warn({ err: e }, 'making log partitions failed')), 3_600_000);
    ahead.unref();
    app.addHook('onClose', async () => clearInterval(ahead));
  }
  if (opts.apiLogRetentionDays) {
    // The open-API log keeps API_LOG_RETENTION_DAYS; older rows go hourly, in batches.
    const days = opts.apiLogRetentionDays;
    const prune = setInterval(() => void maintainApiLog(opts.db, days).catch((e) => app.log.warn({ err: e }, 'api log upkeep failed')), 3_600_000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  }
  // Scheduled announcements go out when due, once across servers and restarts (server/services/announcements.ts).
  if (opts.announcements !== false) {
    const announce = setInterval(() => void publishDue(opts.db, new Date()).catch((e) => app.log.warn({ err: e }, 'publishing announcements failed')), ANNOUNCE_EVERY_MS);
    announce.unref();
    app.addHook('onClose', async () => clearInterval(announce));
  }
  // To-be-paid orders past their due time expire (server/services/order-expiry.ts).
  const expire = setInterval(() => void expireOrders(opts.db, new Date()).catch((e) => app.log.warn({ err: e }, 'expiring orders failed')), EXPIRE_EVERY_MS);
  expire.unref();
  app.addHook('onClose', async () => clearInterval(expire));
  // Pushed events and their attempts keep 8 days (the log's 7-day window and replay's reach).
  const pruneOutbox = setInterval(() => void pruneEvents(opts.db).catch((e) => app.log.warn({ err: e }, 'event log upkeep failed')), 3_600_000);
  pruneOutbox.unref();
  app.addHook('onClose', async () => clearInterval(pruneOutbox));
  // Store apps' tickets are renewed and pushed hourly, by whichever instance looks first (server/events/app-ticket.ts).
  const tickets = setInterval(() => void rotateTickets(opts.db).then((n) => n && services.events.kick()).catch((e) => app.log.warn({ err: e }, 'pushing app tickets failed')), TICKET_CHECK_MS);
  tickets.unref();
  app.addHook('onClose', async () => clearInterval(tickets));
  // The provider's signing key is renewed when old, and its expired codes, tokens and sessions go (server/oauth/).
  const oauthUpkeep = setInterval(() => void Promise.all([oauth.rotate(), pruneOidcModels(opts.db)]).catch((e) => app.log.warn({ err: e }, 'OpenID provider upkeep failed')), 3_600_000);
  oauthUpkeep.unref();
  app.addHook('onClose', async () => clearInterval(oauthUpkeep));
  // Counters' ended windows go every 10 minutes (rows on PostgreSQL), with login lanes that count nothing and codes a day past their end.
  const pruneCounters = setInterval(() => void Promise.all([counters.prune(), pruneAttempts(opts.db), pruneCodes(opts.db)]).catch((e) => app.log.warn({ err: e }, 'counter upkeep failed')), 600_000);
  pruneCounters.unref();
  app.addHook('onClose', async () => clearInterval(pruneCounters));
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
  const docs: CallDoc[] = [];
  const serveApp = !!opts.staticDir && existsSync(opts.staticDir);
  // Fastify takes one not-found handler: with the console built, client-side routes answer with
  // the app; unknown API paths keep their 404 envelope.
  const page = serveApp && opts.staticDir ? pageRenderer(app, { staticDir: opts.staticDir, ssrDir: opts.ssrDir ?? join(dirname(opts.staticDir), 'dist-ssr'), publicUrl, log: app.log }) : undefined;
  // A mounted call asked with another method answers 405 naming the one it takes (`docs` is complete once the app is ready).
  let methods: Map<string, string[]> | undefined;
  const methodsOf = (path: string) => (methods ??= docs.reduce((m, d) => m.set(d.path, [...(m.get(d.path) ?? []), d.method]), new Map<string, string[]>())).get(path);
  const platformMiss = wrongMethodOr404(methodsOf);
  // Lark's paths answer a miss in Lark's shape (server/lark/errors.ts `notBuilt`).
  const apiMiss = (req: FastifyRequest, reply: FastifyReply) => (isLarkPath(req.url) ? sendLark(req, reply, notBuilt()) : platformMiss(req, reply));
  app.setNotFoundHandler(page ? (req, reply) => (isPageRoute(req.method, req.url) ? page(req, reply) : apiMiss(req, reply)) : apiMiss);
  await app.register(rateLimit, { global: false, store: counterStore(services.counters) });
  // Form uploads (file/simple-upload): read by the one call that takes them (`form` calls); one more
  // file than allowed is let through so that the call can say how many are.
  await app.register(multipart, { limits: { fileSize: 10 * MB + 1, files: MAX_FILES + 1, fields: 10, parts: MAX_FILES + 11 } });

  app.register(async (scope) => {
    mountIdentity(scope, services, docs);
    mountTenantAuth(scope, services, docs);
    mountCodeLogin(scope, services, docs);
    mountSso(scope, services, docs);
    mountUnlock(scope, services, docs);
    mountFiles(scope, services, docs);
    mountOpenApi(scope, services, docs, { defs, rules, handlers, ratePerMinute: opts.openApiRatePerMinute ?? OPEN_API_RATE_DEFAULT });
    // Lark's dialect of the same calls, for apps built on Lark's SDKs (docs/lark.md).
    mountLark(scope, services, { defs, rules, handlers, ratePerMinute: opts.openApiRatePerMinute ?? OPEN_API_RATE_DEFAULT });
    mountDeveloperLog(scope, services, docs);
    // The platform as an OpenID provider: its endpoints, and the consent screen's calls (docs/oauth.md).
    mountOAuth(scope, services, docs);
    mountResources(scope, services, defs, docs, { handlers, rules });
  });
  // Both documents are built once per start (per language) and served from memory (server/http/prebuilt-json.ts).
  // Each in the reader's language (Accept-Language), as the envelope's sentences are; the apps' calls summarised from i18n/open-api.
  // Staff's custom fields are in both, named in the reader's language: rebuilt when they change.
  const consoleDoc = new PrebuiltJson((lang) => withCustomFieldDocs(openapiDocument(docs, { kind: 'console', lang: lang as Lang, publicUrl }), opts.db, defs, lang));
  app.get('/open/openapi.json', { config: { published: true } }, (req, reply) => consoleDoc.send(req, reply, langOf(req), ['Accept-Language']));
  mountSiteMap(app, services);
  mountHealth(app, services);
  // Events over Lark's long connection: its endpoint call and WebSocket (server/lark/ws/).
  mountLongConnections(app, services);
  // Lark's dialect of the same calls is in it too, in Lark's shapes (server/lark/openapi.ts).
  const appsDoc = new PrebuiltJson((lang) =>
    withCustomFieldDocs(withLark(openapiDocument(docs.filter((d) => d.tag === 'open-api').map((d) => ({ ...d, summary: summaryOf(lang as Lang, d.path) })), { kind: 'apps', lang: lang as Lang, publicUrl }), larkCalls, lang as Lang), opts.db, defs, lang),
  );
  services.fieldSets.onChange(() => (consoleDoc.forget(), appsDoc.forget()));
  app.get('/open/api/openapi.json', { config: { published: true } }, (req, reply) => appsDoc.send(req, reply, langOf(req), ['Accept-Language']));

  if (serveApp && opts.staticDir) {
    // Brotli or gzip copies by Accept-Encoding; hashed assets immutable, index.html no-cache (server/http/static-files.ts).
    await serveStatic(app, opts.staticDir);
  }
  // The routes registered so far are built now, then the database's part is awaited.
  await app.after();
  const [tokens, appTokens, larkIds] = await prepared;
  appTokens.joinBus(caches);
  const callers = new Callers(opts.db, tokens, caches);
  // Pushes name members and departments by the receiving app's ids (server/events/shapes.ts).
  services.events.larkIds = larkIds;
  Object.assign(services, { tokens, appTokens, larkIds, callers, userTokens: new UserTokens(opts.db, oauth, callers, caches) });
  await oauth.rotate();
  await caches.start();
  app.addHook('onClose', () => caches.stop());
  if (eventOpts.worker !== false) services.events.start();
  return { app, services, docs };
};
