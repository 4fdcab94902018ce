import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Queryable } from './driver.ts';

const UNDEFINED_TABLE = '42P01';

/**
 * What the compiled server was built from (its sources' and dependencies' hashes in the build's
 * stamp, scripts/build-stamp.mjs), or undefined when it runs from its sources (tests, tsx): a start
 * on a database last prepared by the same build skips preparing it again (`prepareOnce`).
 */
export const buildFingerprint = (stampFile: URL): string | undefined => {
  if (!existsSync(stampFile)) return undefined;
  const { dependencies, files } = JSON.parse(readFileSync(stampFile, 'utf8')) as { dependencies?: string; files?: Record<string, string> };
  return files ? createHash('sha256').update(JSON.stringify({ dependencies, files })).digest('hex') : undefined;
};

/**
 * Runs `prepare` (tables, indexes, migrations and seeds: all of it decided by the code) unless the
 * database was last prepared by the build `fingerprint` names; then records it. Without a
 * fingerprint it always runs, and forgets the build on record. On an up-to-date database preparing is a dozen statements; skipping
 * them is a start's last database round trips before it listens (docs/operations.md, "Start").
 */
export const prepareOnce = async (db: Queryable, fingerprint: string | undefined, prepare: () => Promise<void>): Promise<boolean> => {
  if (fingerprint && (await preparedBy(db)) === fingerprint) return false;
  await prepare();
  // Prepared from sources (no fingerprint), the database is no longer a build's: the next compiled start prepares it.
  if (!fingerprint) await db.query('delete from start_fingerprint');
  else {
    await db.query(
      'insert into start_fingerprint (id, fingerprint) values (1, $1) on conflict (id) do update set fingerprint = excluded.fingerprint, prepared_at = now()',
      [fingerprint],
    );
  }
  return true;
};

/** The build that last prepared the database; none on a database older than the record. */
const preparedBy = async (db: Queryable) => {
  try {
    return (await db.query<{ fingerprint: string }>('select fingerprint from start_fingerprint where id = 1')).rows[0]?.fingerprint;
  } catch (e) {
    if ((e as { code?: string }).code === UNDEFINED_TABLE) return undefined;
    throw e;
  }
};
