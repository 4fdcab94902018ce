import type { ResourceDef } from '../../resources/types.ts';
import { fieldsOf, managedColumns, scopesOf } from '../engine/fields.ts';
import { ident, type Db } from './driver.ts';
import { ensureLogPartitions } from './log-partitions.ts';
import { migrations } from './migrations.ts';

interface IndexSpec {
  name: string;
  columns: readonly string[];
  unique: boolean;
  /** A partial index's condition. */
  where?: string;
}

const indexesOf = (def: ResourceDef): IndexSpec[] => {
  const owner = scopesOf(def).has('bu') ? ['bu_guid'] : scopesOf(def).has('user') ? ['user_guid'] : [];
  const list: IndexSpec[] = [
    ...(def.storage.unique ?? []).map((cols) => ({ name: `${def.storage.table}_${[...owner, ...cols].join('_')}_uq`, columns: [...owner, ...cols], unique: true })),
    ...(def.storage.indexes ?? []).map((cols) => ({ name: `${def.storage.table}_${cols.join('_')}_idx`, columns: cols, unique: false })),
    // Serves the default newest-first page of every list, scoped and paged without a sort step.
    ...sortIndexes(def, owner, ['created_at']),
  ];
  return list;
};

/**
 * Every sortable column (and the default sort) gets an index that pages without a sort step: led
 * by the owner column for scoped rows, and partial `where owner is null` for platform rows, since
 * PostgreSQL takes no ordering from an `is null` condition.
 */
const sortIndexes = (def: ResourceDef, owner: string[], always: string[]): IndexSpec[] => {
  const fields = new Set([...always, ...def.admin.columns.filter((c) => c.sortable).map((c) => c.field), ...(def.api.sort ? [def.api.sort.split(',')[0].replace(/^-/, '')] : [])]);
  const unowned = def.api.mounts.some((m) => m.scope === 'platform' || m.scope === 'catalog');
  return [...fields].flatMap((f) => [
    { name: `${def.storage.table}_${[...owner, f, 'guid'].join('_')}_idx`, columns: [...owner, f, 'guid'], unique: false },
    ...(owner.length && unowned ? [{ name: `${def.storage.table}_${f}_guid_unowned_idx`, columns: [f, 'guid'], unique: false, where: `${ident(owner[0])} is null` }] : []),
  ]);
};

/**
 * Brings the database up to the definitions: new tables, columns and indexes are created; anything
 * else (renames, type changes, data moves) is a numbered migration. On an up-to-date database this
 * is two catalogue reads and nothing more.
 */
export const syncSchema = async (db: Db, defs: readonly ResourceDef[]) => {
  // Straight from pg_catalog: information_schema's views cost a cold start several times as much.
  const existing = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  );
  const columns = new Map<string, Set<string>>();
  for (const r of existing.rows) {
    if (!columns.has(r.table_name)) columns.set(r.table_name, new Set());
    columns.get(r.table_name)!.add(r.column_name);
  }
  if (!columns.has('schema_migrations')) await db.query('create table if not exists schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())');
  // The build that last prepared the database (server/db/start-fingerprint.ts).
  if (!columns.has('start_fingerprint')) await db.query('create table if not exists start_fingerprint (id integer primary key, fingerprint text not null, prepared_at timestamptz not null default now())');
  // A partitioned table's indexes (the logs on PostgreSQL, server/db/log-partitions.ts) are of kind 'I'.
  const indexes = new Set((await db.query<{ indexname: string }>("select relname as indexname from pg_class where relnamespace = current_schema()::regnamespace and relkind in ('i', 'I')")).rows.map((r) => r.indexname));

  const statements: string[] = [];
  for (const def of defs.filter((d) => !d.storage.virtual)) {
    const all = [...managedColumns(def), ...fieldsOf(def).map((f) => ({ name: f.name, ddl: f.sqlType }))];
    const have = columns.get(def.storage.table);
    if (!have) statements.push(`create table ${ident(def.storage.table)} (${all.map((c) => `${ident(c.name)} ${c.ddl}`).join(', ')})`);
    else for (const c of all) if (!have.has(c.name)) statements.push(`alter table ${ident(def.storage.table)} add column ${ident(c.name)} ${c.ddl.replace(' primary key', '')}`);
    // Two definitions may share a table (users: operators and sub-accounts); the second adds only its missing columns.
    columns.set(def.storage.table, new Set([...(have ?? []), ...all.map((c) => c.name)]));
    for (const ix of indexesOf(def)) {
      if (indexes.has(ix.name)) continue;
      statements.push(
        `create ${ix.unique ? 'unique ' : ''}index if not exists ${ident(ix.name)} on ${ident(def.storage.table)} (${ix.columns.map(ident).join(', ')})${ix.unique ? ' nulls not distinct' : ''}${ix.where ? ` where ${ix.where}` : ''}`,
      );
    }
  }
  for (const sql of statements) await db.query(sql);

  const applied = new Set((await db.query<{ id: number }>('select id from schema_migrations')).rows.map((r) => r.id));
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    await db.transaction(async (tx) => {
      for (const sql of m.up) await tx.query(sql);
      if (m.postgres && db.kind === 'postgres') await m.postgres(tx);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [m.id, m.name]);
    });
  }
  // The partitioned logs' days from today on (server/db/log-partitions.ts); the upkeep makes them hourly after.
  if (db.kind === 'postgres') await ensureLogPartitions(db);
  return { statements: statements.length };
};
