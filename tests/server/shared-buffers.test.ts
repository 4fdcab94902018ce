import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.ts';
import { LARGE_POOL, SMALL_DATABASE_BYTES, SMALL_POOL, sharedBuffersFor } from '../../server/db/shared-buffers.mjs';

/** The embedded database's buffer pool is sized by the database it opens (server/db/shared-buffers.mjs). */
describe('the embedded buffer pool', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-buffers-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('is the small pool for a new, an in-memory or a small database, the large one past the threshold', () => {
    expect(sharedBuffersFor(undefined)).toBe(SMALL_POOL);
    const pg = folder();
    expect(sharedBuffersFor(pg)).toBe(SMALL_POOL);
    mkdirSync(join(pg, 'base', '5'), { recursive: true });
    writeFileSync(join(pg, 'base', '5', '16384'), '');
    // Sparse files: their size counts, no disk is used.
    truncateSync(join(pg, 'base', '5', '16384'), SMALL_DATABASE_BYTES - 2);
    expect(sharedBuffersFor(pg)).toBe(SMALL_POOL);
    writeFileSync(join(pg, 'base', '5', '16385'), '');
    truncateSync(join(pg, 'base', '5', '16385'), 2);
    expect(sharedBuffersFor(pg)).toBe(LARGE_POOL);
    // The largest database counts, not the cluster's sum (PostgreSQL's own two beside it), nor the WAL.
    const cluster = folder();
    for (const [path, bytes] of [['base/1/1259', SMALL_DATABASE_BYTES - 1], ['base/4/1259', SMALL_DATABASE_BYTES - 1], ['pg_wal/000000010000000000000001', SMALL_DATABASE_BYTES * 2]] as const) {
      mkdirSync(join(cluster, path, '..'), { recursive: true });
      writeFileSync(join(cluster, path), '');
      truncateSync(join(cluster, path), bytes);
    }
    expect(sharedBuffersFor(cluster)).toBe(SMALL_POOL);
  });

  it.skipIf(!!process.env.DATABASE_URL)('is what a new database opens with, and again once it exists', async () => {
    const dataDir = folder();
    for (let open = 0; open < 2; open++) {
      const db = await openPglite(dataDir);
      try {
        expect((await db.query<{ shared_buffers: string }>('show shared_buffers')).rows[0].shared_buffers).toBe(SMALL_POOL);
      } finally {
        await db.close();
      }
    }
  });
});
