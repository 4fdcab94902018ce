import { config } from '../config.ts';
import { DataDirLockedError, openPglite } from '../db/pglite.ts';
import type { Db } from '../db/driver.ts';
import type { Mail } from '../mail/mailer.ts';
import { secretsKeyOf } from '../services/sealer.ts';
import { LANGUAGES, DEFAULT_LANG, type Lang } from '../../i18n/languages.ts';
import { buildApp } from '../app.ts';
import { seedOperator } from '../seed/seed.ts';
import { fillDemo } from './fill.ts';

/**
 * `npm run demo [-- --lang zh|hk|en]`: fills an empty database (DATA_DIR or DATABASE_URL, as
 * `npm start` uses it; the server must not be running on an embedded one) with a product to look
 * at, through the calls people make (server/demo/fill.ts), and prints the accounts it made. A
 * database that already holds tenants, BUs or apps is refused; one the demo filled is left as it is.
 */
const MARKER = 'demo:filled';

const langArg = (): Lang => {
  const i = process.argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const value = i < 0 ? DEFAULT_LANG : process.argv[i].includes('=') ? process.argv[i].split('=')[1] : process.argv[i + 1];
  if (!(value in LANGUAGES)) throw new Error(`--lang takes ${Object.keys(LANGUAGES).join(', ')}, not "${value}".`);
  return value as Lang;
};

/** Whether anyone has used the database: a tenant account, a BU or an app. */
const inUse = async (db: Db) =>
  (await db.query<{ used: boolean }>('select exists(select 1 from users where user_type <> 0) or exists(select 1 from bu) or exists(select 1 from app) as used')).rows[0].used;

const run = async () => {
  const lang = langArg();
  const cfg = config();
  const db = cfg.databaseUrl ? await import('../db/postgres.ts').then((m) => m.openPostgres(cfg.databaseUrl!, undefined, cfg.databaseDeadlines, cfg.databaseDirectUrl, cfg.databaseShare)) : await openPglite(cfg.dataDir);
  const where = cfg.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${cfg.dataDir}`;
  const mails: Mail[] = [];
  const built = await buildApp({
    db,
    logger: false,
    publicUrl: cfg.publicUrl,
    // The demo's accounts are example.com addresses: their mail is read here, never sent.
    mailer: { send: async (mail) => void mails.push(mail) },
    events: { worker: false },
    announcements: false,
    secretsKey: secretsKeyOf(cfg.secretsKey, cfg.dataDir),
  });
  try {
    await built.app.ready();
    const done = (await db.query<{ value: string }>('select value from server_secret where name = $1', [MARKER])).rows[0];
    if (done) {
      console.log(`The demo already filled ${where} (${done.value}); nothing changed. Its accounts were printed then.`);
      return 0;
    }
    if (await inUse(db)) {
      console.error(`Refused: ${where} already holds tenants, business units or apps. The demo fills only an empty database (a new DATA_DIR).`);
      return 1;
    }
    const created = await seedOperator(db, cfg.adminUsername, cfg.adminPassword);
    const first = (await db.query<{ guid: string; username: string }>('select guid, username from users where user_type = 0 and status = 0 order by created_at limit 1')).rows[0];
    // The operator acts through its own token, as after signing in at /adminLogin.
    const { token } = await built.services.tokens.issue({ guid: first.guid, user_type: 0 }, null);
    const accounts = await fillDemo(built.app, token, (to) => mails.filter((m) => m.to === to).at(-1)?.text, lang);
    await db.query('insert into server_secret (name, value) values ($1, $2)', [MARKER, `${lang}, ${new Date().toISOString()}`]);
    const operator = created?.password ?? (created ? 'OPEN_ADMIN_PASSWORD' : 'the password printed at its first start');
    console.log(
      [
        `Demo data written in ${lang} to ${where}. Accounts:`,
        `  operator   ${first.username} / ${operator}   (sign in at /adminLogin)`,
        ...accounts.map((a) => `  ${a.role.padEnd(10)} ${a.username} / ${a.password}   (sign in at ${a.url})`),
        'Start the server (npm start) and open it: the store, the docs and the consoles hold the demo.',
      ].join('\n'),
    );
    return 0;
  } finally {
    await built.app.close();
    await db.close();
  }
};

run().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof DataDirLockedError ? e.message : e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
