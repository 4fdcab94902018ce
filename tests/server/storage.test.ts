import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { openPglite, DataDirLockedError } from '../../server/db/pglite.ts';
import { syncSchema } from '../../server/db/sync.ts';
import { migrations } from '../../server/db/migrations.ts';
import { testDb } from '../helpers/db.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('tables derived from definitions', () => {
  it('creates nothing on a database that is up to date, and records every migration once', async () => {
    const db = await testDb();
    try {
      await syncSchema(db, resources);
      expect((await syncSchema(db, resources)).statements).toBe(0);
      const { rows } = await db.query<{ id: number }>('select id from schema_migrations order by id');
      expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
    } finally {
      await db.close();
    }
  });

  it('adds a new column and its unique index when a definition gains a field', async () => {
    const db = await testDb();
    try {
      const base: ResourceDef = {
        name: 'gadget',
        schema: z.object({ name: z.string() }),
        storage: {
          table: 'gadget',
        },
        api: {
          mounts: [{ side: 'system', base: '/open/system/gadget', scope: 'bu', calls: { page: 'page' } }],
        },
        admin: {
          columns: [{ field: 'name' }],
        },
      };
      // Migrations assume the product's own tables, so the test table joins them.
      await syncSchema(db, [...resources, base]);
      const grown: ResourceDef = { ...base, schema: z.object({ name: z.string(), weight: z.number().int(), tags: z.array(z.string()) }), storage: { ...base.storage, unique: [['name']] } };
      expect((await syncSchema(db, [...resources, grown])).statements).toBe(3);
      const { rows } = await db.query<{ column_name: string; data_type: string }>(
        "select column_name, data_type from information_schema.columns where table_name = 'gadget' order by ordinal_position",
      );
      expect(rows.map((r) => `${r.column_name}:${r.data_type}`)).toEqual([
        'guid:uuid', 'bu_guid:uuid', 'created_by:uuid', 'created_at:timestamp with time zone', 'updated_at:timestamp with time zone',
        'name:text', 'weight:integer', 'tags:jsonb',
      ]);
      await db.query("insert into gadget (guid, bu_guid, name) values (gen_random_uuid(), '00000000-0000-4000-8000-000000000001', 'a')");
      await db.query("insert into gadget (guid, bu_guid, name) values (gen_random_uuid(), '00000000-0000-4000-8000-000000000002', 'a')");
      await expect(db.query("insert into gadget (guid, bu_guid, name) values (gen_random_uuid(), '00000000-0000-4000-8000-000000000001', 'a')")).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('embedded data folder', () => {
  it('keeps data across a restart and refuses a folder another process holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'open-platform-data-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    await syncSchema(first, resources);
    await first.query("insert into dict (guid, type, label, value) values (gen_random_uuid(), 'currency', 'Yuan', 'CNY')");
    await first.close();

    const second = await openPglite(dir);
    try {
      expect((await syncSchema(second, resources)).statements).toBe(0);
      expect((await second.query<{ value: string }>('select value from dict')).rows.map((r) => r.value)).toEqual(['CNY']);
    } finally {
      await second.close();
    }

    // A lock held by a live process (here, the parent of this test run) is refused.
    writeFileSync(join(dir, 'open-platform.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/in use by process/);
    // A lock left by a dead process is taken over.
    writeFileSync(join(dir, 'open-platform.lock'), '999999999');
    const third = await openPglite(dir);
    await third.close();
  });
});
