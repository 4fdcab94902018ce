import type { Joined, Mount, ResourceDef } from '../../resources/types.ts';
import { resourceByName } from '../../resources/index.ts';
import { ident } from '../db/driver.ts';
import { fieldsOf, type SqlType } from './fields.ts';

/**
 * A mount's joined columns (`Mount.joins`) as SQL: each a correlated subquery on the other
 * definition's table, so the verbs' select, WHERE and ORDER BY take it like a column of the row's
 * own and no alias of the row's table is needed. Identifiers come only from definitions.
 */
export interface JoinedColumn {
  name: string;
  /**
   * Its SQL; one leaving out the caller's BU (`others`) takes the statement's placeholder of that
   * BU, which the member predicate bound (`Where.member`, server/engine/where.ts).
   */
  sql: (callerBu?: string) => string;
  sqlType: SqlType;
  join: Joined;
  /** A list of the other rows (`on: { many }`): answered only, never sorted, searched or filtered. */
  many: boolean;
}

const cache = new WeakMap<Mount, JoinedColumn[]>();

/** A readable field of the other definition; a hash or a sealed secret never leaves its own definition. */
const readable = (def: ResourceDef, target: ResourceDef, name: string, field: string) => {
  const found = field === 'guid' ? { sqlType: 'uuid' as const, hidden: false } : fieldsOf(target).find((f) => f.name === field);
  if (!found || found.hidden) throw new Error(`${def.name}: joined ${name} names no readable field ${target.name}.${field}`);
  return found;
};

/**
 * The other rows an array field names, as a JSON list of their `field` (with `detail` in brackets):
 * only those rows are read, so the list holds nothing the record does not name.
 */
const manyOf = (def: ResourceDef, mount: Mount, name: string, join: Joined, array: string): JoinedColumn => {
  const target = resourceByName.get(join.resource)!;
  if (join.filter || join.keyword) throw new Error(`${def.name}: joined list ${name} is neither searched nor filtered`);
  if (join.others && !mount.member) throw new Error(`${def.name}: joined ${name} leaves out the caller's BU, which only a member mount reaches rows by`);
  const label = join.detail ? `j.${ident(join.field)} || coalesce(' (' || j.${ident(join.detail)} || ')', '')` : `j.${ident(join.field)}`;
  const named = `j.${ident('guid')}::text in (select jsonb_array_elements_text(${ident(def.storage.table)}.${ident(array)}))`;
  return {
    name,
    sql: (callerBu) => {
      if (join.others && !callerBu) throw new Error(`${def.name}: joined ${name} needs the caller's BU bound by the member predicate`);
      const others = join.others ? ` and j.${ident('guid')} <> ${callerBu}::uuid` : '';
      return `(select coalesce(jsonb_agg(${label} order by j.${ident(join.field)}), '[]'::jsonb) from ${ident(target.storage.table)} j where ${named}${others})`;
    },
    sqlType: 'jsonb',
    join,
    many: true,
  };
};

const columnOf = (def: ResourceDef, mount: Mount, name: string, join: Joined): JoinedColumn => {
  const target = resourceByName.get(join.resource);
  if (!target) throw new Error(`${def.name}: joined ${name} names unknown resource ${join.resource}`);
  const field = readable(def, target, name, join.field);
  if (join.detail) readable(def, target, name, join.detail);
  if (typeof join.on === 'object' && 'many' in join.on) return manyOf(def, mount, name, join, join.on.many);
  const row = (col: string) => `${ident(def.storage.table)}.${ident(col)}`;
  const on = typeof join.on === 'string' ? `j.${ident('guid')} = ${row(join.on)}` : `j.${ident(join.on.back)} = ${row('guid')}`;
  const sub = `(select j.${ident(join.field)} from ${ident(target.storage.table)} j where ${on} limit 1)`;
  const sql = join.fallback === undefined ? sub : `coalesce(${sub}, ${Number(join.fallback)})`;
  return { name, sql: () => sql, sqlType: field.sqlType, join, many: false };
};

/** The joined columns a mount answers (none for most). */
export const joinedOf = (def: ResourceDef, mount?: Mount): JoinedColumn[] => {
  if (!mount?.joins) return [];
  let hit = cache.get(mount);
  if (!hit) {
    hit = Object.entries(mount.joins).map(([name, join]) => columnOf(def, mount, name, join));
    cache.set(mount, hit);
  }
  return hit;
};
