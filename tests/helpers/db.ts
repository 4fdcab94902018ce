import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../../server/db/driver.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';

/**
 * A database of its own for one test file: a copy of the prepared PGlite snapshot, or, when
 * DATABASE_URL is set, a fresh database on that PostgreSQL server dropped afterwards.
 */
export const testDb = async (): Promise<Db> => (await testDatabase()).db;

/** The build the prepared PGlite snapshot is recorded as prepared by; none on PostgreSQL (its databases start empty). */
export const testDbBuild = (): string | undefined => (process.env.DATABASE_URL ? undefined : inject('pgliteSnapshotBuild'));

/** The same, with the PostgreSQL database's URL (undefined on PGlite) for a second instance on it. */
export const testDatabase = async (): Promise<{ db: Db; url?: string }> => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const file = inject('pgliteSnapshot');
    return { db: await openPglite(undefined, file ? new Blob([readFileSync(file)]) : undefined) };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), 5);
  const close = db.close.bind(db);
  return {
    url: u.toString(),
    db: {
      ...db,
      close: async () => {
        await close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    },
  };
};
