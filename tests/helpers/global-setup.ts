import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/db/pglite.ts';
import { prepareOnce } from '../../server/db/start-fingerprint.ts';
import { resources } from '../../resources/index.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';

/**
 * PGlite's initdb costs seconds; a database prepared as a start prepares it (tables, migrations,
 * seeds: `prepareDatabase`) is dumped once here and every test file loads its own copy. It is
 * recorded as prepared by this run's "build" (`SNAPSHOT_BUILD`), so that a test server on a copy
 * skips preparing it again, as a compiled start skips a database its build prepared
 * (`startServer`, tests/helpers/server.ts): about 0.5 s of CPU a server. Preparing itself is
 * tested on databases of its own (tests/server/start-fingerprint.test.ts, the migrations' and
 * the schema's tests) and by every server on PostgreSQL, whose databases start empty.
 */
const SNAPSHOT_BUILD = `tests-${Date.now()}`;

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'open-platform-snapshot-'));
  const db = await openPglite();
  await prepareOnce(db, SNAPSHOT_BUILD, () => prepareDatabase(db, resources));
  // PostgreSQL's template databases are a third of the folder, and nothing on the embedded
  // database creates a database from them: each copy opens with about 0.3 s less CPU without them.
  for (const template of ['template0', 'template1']) {
    await db.query(`alter database ${template} is_template false`);
    await db.query(`drop database ${template}`);
  }
  // Written out at a checkpoint: a copy opens without replaying the preparation's WAL.
  await db.query('checkpoint');
  const blob = await (db as unknown as { dumpDataDir(): Promise<Blob> }).dumpDataDir();
  const file = join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteSnapshotBuild', SNAPSHOT_BUILD);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** The build the snapshot is recorded as prepared by (`prepareOnce`). */
    pgliteSnapshotBuild: string;
  }
}
