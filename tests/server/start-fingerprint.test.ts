import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/driver.ts';
import { resources } from '../../resources/index.ts';
import { syncSchema } from '../../server/db/sync.ts';
import { buildFingerprint, prepareOnce } from '../../server/db/start-fingerprint.ts';
import { testDb } from '../helpers/db.ts';

/** A compiled start skips preparing a database the same build last prepared (server/db/start-fingerprint.ts). */
describe('preparing the database once per build', () => {
  let db: Db;
  let runs = 0;
  const prepare = async () => {
    runs++;
    await syncSchema(db, resources);
  };
  beforeAll(async () => {
    db = await testDb();
    await db.query('drop table if exists start_fingerprint');
  });
  afterAll(() => db?.close());

  it('prepares a database no build is on record for, then not again for the same build; a new build prepares it again', async () => {
    expect(await prepareOnce(db, 'build-a', prepare)).toBe(true);
    expect(await prepareOnce(db, 'build-a', prepare)).toBe(false);
    expect(runs).toBe(1);
    expect(await prepareOnce(db, 'build-b', prepare)).toBe(true);
    expect(await prepareOnce(db, 'build-b', prepare)).toBe(false);
    expect(runs).toBe(2);
  });

  it('always prepares from sources (no fingerprint), and then the next compiled start prepares too', async () => {
    expect(await prepareOnce(db, undefined, prepare)).toBe(true);
    expect(await prepareOnce(db, undefined, prepare)).toBe(true);
    expect(runs).toBe(4);
    expect(await prepareOnce(db, 'build-b', prepare)).toBe(true);
    expect(runs).toBe(5);
  });

  it('a failed preparation records no build', async () => {
    await expect(prepareOnce(db, 'build-c', async () => { throw new Error('migration failed'); })).rejects.toThrow('migration failed');
    expect(await prepareOnce(db, 'build-c', prepare)).toBe(true);
  });

  it('fingerprints a build by its sources and dependencies, not by when it was built', () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-stamp-'));
    try {
      const stamp = (builtAt: string, hash: string) => {
        writeFileSync(join(dir, '.build-stamp.json'), JSON.stringify({ builtAt, dependencies: 'd1', files: { 'server/app.ts': hash }, stats: { 'server/app.ts': [1, Date.parse(builtAt)] } }));
        return buildFingerprint(pathToFileURL(join(dir, '.build-stamp.json')));
      };
      const first = stamp('2026-11-01T00:00:00Z', 'h1');
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(stamp('2026-11-02T00:00:00Z', 'h1')).toBe(first);
      expect(stamp('2026-11-02T00:00:00Z', 'h2')).not.toBe(first);
      expect(buildFingerprint(pathToFileURL(join(dir, 'missing.json')))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
