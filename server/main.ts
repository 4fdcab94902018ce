import { join } from 'node:path';
import { buildApp } from './app.ts';
import { config } from './config.ts';
import { openDb } from './db/open.ts';
import { DataDirLockedError } from './db/pglite.ts';
import { seedOperator } from './seed/seed.ts';

const cfg = config();
const started = Date.now();
let db;
try {
  db = await openDb({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
const { app } = await buildApp({
  db,
  staticDir: cfg.staticDir,
  logger: true,
  logLevel: cfg.logLevel,
  trustProxy: cfg.trustProxy,
  publicUrl: cfg.publicUrl,
  limits: cfg.limits,
  smtpUrl: process.env.SMTP_URL || undefined,
  mailDir: join(cfg.dataDir, 'mail'),
});
const seeded = await seedOperator(db, cfg.adminUsername, cfg.adminPassword);
if (seeded?.password) {
  console.log(`\nFirst operator created: username "${seeded.username}", password "${seeded.password}" (shown once; log in at /adminLogin and change it).\n`);
} else if (seeded) {
  console.log(`First operator "${seeded.username}" created from OPEN_ADMIN_USERNAME / OPEN_ADMIN_PASSWORD.`);
}

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await app.listen({ port: cfg.port, host: cfg.host });
console.log(`Open Platform on http://${cfg.host}:${cfg.port}/ (${db.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${cfg.dataDir}`}), ready in ${Date.now() - started} ms`);
console.log(`Links in mail point to ${cfg.publicUrl}${cfg.publicUrlGiven ? '' : ' (set PUBLIC_URL to the address people use)'}.`);
