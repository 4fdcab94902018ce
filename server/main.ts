import { join } from 'node:path';
import { config, publicUrlOf } from './config.ts';
import { secretsKeyOf } from './services/sealer.ts';
import { StartRefused, type Db } from './db/driver.ts';
import { DataDirLockedError, hasDataDir, startPglite } from './db/pglite.ts';
import { createMailer } from './mail/mailer.ts';
import { FreeSpace, guardFreeSpace } from './db/free-space.ts';
import { replaySpool, spoolLogs } from './services/log-spool.ts';
import { unwritableFolder } from './writable-folders.ts';
import { buildFingerprint } from './db/start-fingerprint.ts';
import { deferOptimising } from './start-tiering.ts';
import { handoff } from './boot-handoff.ts';

/**
 * The server as `npm start` runs it, compiled to dist-server/server.cjs (scripts/build-server.mjs)
 * and run by server/boot.ts, which has started the embedded database's thread already. The
 * database starts opening first, on that thread, while the app's modules load here; the
 * banner gives the address, the operator login and where mail goes. SIGTERM and SIGINT stop it
 * cleanly: no new connections, requests in flight finish, then the database closes and its lock
 * is released.
 */
const startedAt = performance.now();
const optimiseAsUsual = deferOptimising();
// Every setting (SMTP_URL and MAIL_FROM included) is checked before the database is opened; a
// wrong one is a sentence, not a stack trace.
const { cfg, mailer } = (() => {
  try {
    const cfg = config();
    // A folder the server cannot write is one sentence and EX_CONFIG, before anything opens it.
    const unwritable = unwritableFolder({ ...cfg, smtpUrl: process.env.SMTP_URL || undefined });
    if (unwritable) {
      console.error(unwritable);
      process.exit(78);
    }
    const mailer = createMailer({ smtpUrl: process.env.SMTP_URL || undefined, dir: join(cfg.dataDir, 'mail'), from: process.env.MAIL_FROM || undefined, log: (l) => console.log(l) });
    return { cfg, mailer };
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
})();
const embedded = !cfg.databaseUrl;
const firstStart = embedded && !hasDataDir(cfg.dataDir);
const elapsed = () => Math.round(performance.now() - startedAt);

type App = Awaited<ReturnType<typeof import('./app.ts').buildApp>>['app'];
/** The database being opened or open, whatever the start has reached: the one to close. */
let opened: Promise<Db> | undefined;
let app: App | undefined;
let stopping: string | undefined;
/** The embedded database once open: a stop that cannot write its logs' rows spools them to DATA_DIR (server/services/log-spool.ts). */
let served: Db | undefined;
const spool = () => {
  if (served) spoolLogs(served, cfg.dataDir, (line) => console.error(line));
};

const fail = (e: unknown): never => {
  console.error(e instanceof DataDirLockedError || e instanceof StartRefused ? e.message : e);
  process.exit(1);
};

/**
 * A statement the embedded database leaves unanswered past its deadline: it may never answer again
 * (docs/operations.md, "Deadlines"), so the server says so and exits for its supervisor to restart it.
 */
const watchdog = {
  ms: cfg.databaseDeadlines.statementMs,
  onStuck: (op: string, ms: number) => {
    console.error(`The embedded database did not answer a statement (${op}) within ${ms} ms; exiting so that a supervisor restarts the server (the data on disk is intact).`);
    spool();
    process.exit(70);
  },
};

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite; node-postgres loads only when asked for,
 * so the embedded database's thread starts first. The embedded database comes before its thread has
 * opened the folder (`startPglite`): the routes are built meanwhile, its first statements waiting.
 */
const open = (): Promise<{ db: Db; ready: Promise<void> }> =>
  cfg.databaseUrl
    ? import('./db/postgres.ts').then(async (m) => ({ db: await m.openPostgres(cfg.databaseUrl!, undefined, cfg.databaseDeadlines, cfg.databaseDirectUrl, cfg.databaseShare), ready: Promise.resolve() }))
    : startPglite(cfg.dataDir, undefined, watchdog);

const start = async () => {
  let started = open();
  opened = started.then((s) => s.db);
  // Rejections are taken below, once the modules are loaded; until then they are not unhandled.
  opened.catch(() => {});
  const [{ buildApp }, { seedOperator }] = await Promise.all([import('./app.ts'), import('./seed/seed.ts')]);
  if (firstStart) {
    // Creating the database (initdb) leaves PGlite's WebAssembly memory about 400 MB larger, for
    // the life of its thread, than opening an existing one does: close that thread and open the
    // database again on a new one.
    const created = await started;
    await created.ready;
    opened = undefined;
    await created.db.close();
    started = open();
    opened = started.then((s) => s.db);
  }
  // A folder that fails to open fails the build's first statements with the thread's error.
  const { db } = await started;
  if (embedded) {
    served = db;
    // Writes are refused before the disk under DATA_DIR is full (server/db/free-space.ts).
    await guardFreeSpace(db, new FreeSpace(cfg.dataDir, cfg.dataDirMinFreeMb, (line, low) => (low ? console.error(line) : console.log(line))));
  }
  if (stopping) return;
  const built = await buildApp({
    db,
    staticDir: cfg.staticDir,
    logger: true,
    logLevel: cfg.logLevel,
    trustProxy: cfg.trustProxy,
    publicUrl: cfg.publicUrl,
    limits: cfg.limits,
    apiLogRetentionDays: cfg.apiLogRetentionDays,
    auditLogRetentionDays: cfg.auditLogRetentionDays,
    openApiRatePerMinute: cfg.openApiRatePerMinute,
    events: { allowPrivate: cfg.allowPrivateWebhooks, leaseS: cfg.eventLeaseS },
    sso: { allowPrivate: cfg.allowPrivateIdp, dnsServers: cfg.ssoDnsServers },
    secretsKey: secretsKeyOf(cfg.secretsKey, cfg.dataDir),
    // The compiled server's stamp sits beside it (scripts/build-server.mjs); from sources there is none.
    buildFingerprint: buildFingerprint(new URL('./.build-stamp.json', import.meta.url)),
    mailer,
    filesDir: cfg.filesDir,
  });
  app = built.app;
  // Under the start lock: of instances starting at once on an empty database, one creates the operator.
  const seeded = await db.exclusive(() => seedOperator(db, cfg.adminUsername, cfg.adminPassword));
  if (stopping) return;
  // Log rows the last stop could not write go in before anything is served.
  if (served) await replaySpool(served, cfg.dataDir, (line) => console.log(line));
  await app.listen({ port: cfg.port, host: cfg.host });
  optimiseAsUsual();
  handoff().started?.();
  // The listening address (a wildcard host is shown as 127.0.0.1).
  const origin = publicUrlOf(undefined, cfg.host, cfg.port);
  console.log(
    [
      `Open Platform on ${origin}/ — ready in ${elapsed()} ms${firstStart ? ' (first start: database created)' : ''}, ${embedded ? `embedded database in ${cfg.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      `Operator console: ${origin}/adminLogin`,
      mailer.dir ? `Mail: written as .eml files to ${mailer.dir} (set SMTP_URL to send it), from ${mailer.from}` : `Mail: sent through ${mailer.target}, from ${mailer.from}`,
      `Links in mail point to ${cfg.publicUrl}${cfg.publicUrlGiven ? '' : ' (set PUBLIC_URL to the address people use)'}.`,
    ].join('\n'),
  );
  if (seeded?.password) {
    console.log(`\nFirst operator created: username "${seeded.username}", password "${seeded.password}" (shown once; log in at ${origin}/adminLogin and change it).\n`);
  } else if (seeded) {
    console.log(`First operator "${seeded.username}" created from OPEN_ADMIN_USERNAME / OPEN_ADMIN_PASSWORD.`);
  }
};

/** The database is closed once, by whichever ends the process: a stop or a failed start. */
let closing: Promise<void> | undefined;
const closeDb = () => (closing ??= (opened ?? Promise.resolve(undefined)).then((db) => db?.close(), () => undefined));

let starting: Promise<void> | undefined;

/**
 * Once per process, whatever signals follow (npm forwards the one it receives; a terminal sends
 * Ctrl-C to both): waits for a start under way, stops listening and closes idle connections, lets
 * requests in flight finish (each connection is closed once its answer is sent), then closes the
 * database, which releases DATA_DIR's lock.
 */
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = signal;
  // A request may take REQUEST_TIMEOUT_MS; past that and a margin, give up and say so.
  const deadline = setTimeout(() => {
    console.error(`Not stopped ${cfg.limits.requestTimeoutMs + 5000} ms after ${signal}: exiting with requests or the database still open.`);
    spool();
    process.exit(1);
  }, cfg.limits.requestTimeoutMs + 5000);
  deadline.unref();
  try {
    await starting?.catch(() => {});
    if (app) {
      const server = app.server;
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
    }
    await closeDb();
  } catch (e) {
    fail(e);
  }
  spool();
  handoff().exiting?.();
  console.log(`Stopped (${signal}).`);
  process.exit(0);
};
// Before the start begins: a signal during the start (the lock already taken) is a clean stop too.
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

starting = start();
void starting.catch(async (e) => {
  // A failed start still closes the database it opened, which releases the lock.
  await closeDb().catch(() => {});
  fail(e);
});
