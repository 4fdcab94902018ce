import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/**
 * Creates `dir` a level at a time: Node's recursive mkdir never returns under some virtual
 * filesystems (a path under /proc), where this fails with the missing level's error.
 */
const makeDir = (dir: string) => {
  try {
    mkdirSync(dir);
  } catch (e) {
    if (errno(e) === 'EEXIST') return;
    if (errno(e) !== 'ENOENT' || dirname(dir) === dir) throw e;
    makeDir(dirname(dir));
    mkdirSync(dir);
  }
};

/** The error code that stops the server creating `dir` or a file in it, or undefined when it can. */
const cannotWrite = (dir: string) => {
  try {
    makeDir(dir);
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '', { flag: 'w' });
    unlinkSync(probe);
    return undefined;
  } catch (e) {
    return errno(e);
  }
};

/**
 * The sentence that stops a start whose folders cannot be written (a read-only filesystem, a path
 * under a file, no permission), before anything opens them; undefined when they can. DATA_DIR is
 * looked at when something is kept there: the embedded database, mail without SMTP_URL, the
 * secrets key without SECRETS_KEY; FILES_DIR always.
 */
export const unwritableFolder = (cfg: { dataDir: string; filesDir: string; databaseUrl?: string; secretsKey?: string; smtpUrl?: string }) => {
  const kept = [...(cfg.smtpUrl ? [] : ['mail (as .eml files)']), ...(cfg.secretsKey ? [] : ['its secrets key'])];
  const data = !cfg.databaseUrl || kept.length ? cannotWrite(cfg.dataDir) : undefined;
  if (data) {
    return cfg.databaseUrl
      ? `DATA_DIR ${cfg.dataDir} is not writable (${data}): the server keeps ${kept.join(' and ')} there; set DATA_DIR to a folder it can write.`
      : `DATA_DIR ${cfg.dataDir} is not writable (${data}): the embedded database needs a folder it can write; set DATA_DIR to one, or DATABASE_URL to use PostgreSQL.`;
  }
  const files = cannotWrite(cfg.filesDir);
  if (files) return `FILES_DIR ${cfg.filesDir} is not writable (${files}): uploaded files are kept there; set FILES_DIR to a folder the server can write.`;
  return undefined;
};
