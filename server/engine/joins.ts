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
  sql: string;
  sqlType: SqlType;
  join: Joined;
}

const cache = new WeakMap<Mount, JoinedColumn[]>();

const columnOf = (def: ResourceDef, name: string, join: Joined): JoinedColumn => {
  const target = resourceByName.get(join.resource);
  if (!target) throw new Error(`${def.name}: joined ${name} names unknown resource ${join.resource}`);
  const field = join.field === 'guid' ? { sqlType: 'uuid' as const, hidden: false } : fieldsOf(target).find((f) => f.name === join.field);
  // A hash or a sealed secret never leaves its own definition.
  if (!field || field.hidden) throw new Error(`${def.name}: joined ${name} names no readable field ${join.resource}.${join.field}`);
  const row = (col: string) => `${ident(def.table)}.${ident(col)}`;
  const on = typeof join.on === 'string' ? `j.${ident('guid')} = ${row(join.on)}` : `j.${ident(join.on.back)} = ${row('guid')}`;
  const sub = `(select j.${ident(join.field)} from ${ident(target.table)} j where ${on} limit 1)`;
  return { name, sql: join.fallback === undefined ? sub : `coalesce(${sub}, ${Number(join.fallback)})`, sqlType: field.sqlType, join };
};

/** The joined columns a mount answers (none for most). */
export const joinedOf = (def: ResourceDef, mount?: Mount): JoinedColumn[] => {
  if (!mount?.joins) return [];
  let hit = cache.get(mount);
  if (!hit) {
    hit = Object.entries(mount.joins).map(([name, join]) => columnOf(def, name, join));
    cache.set(mount, hit);
  }
  return hit;
};
