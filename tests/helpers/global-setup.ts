import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { syncSchema } from '../../server/db/sync.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { resources } from '../../resources/index.ts';
import { seedPermissions } from '../../server/seed/seed.ts';

/**
 * PGlite's initdb costs seconds; a prepared database (tables, migrations, permission seed) is
 * dumped once here and every test file loads its own copy of it in about half a second.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'open-platform-snapshot-'));
  const db = await openPglite();
  await syncSchema(db, resources);
  await seedPermissions(db, resources);
  const blob = await (db as unknown as { dumpDataDir(): Promise<Blob> }).dumpDataDir();
  const file = join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
