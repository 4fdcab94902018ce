import type { Where } from './where.ts';

/**
 * Rows within a record's members: those whose `bu_guid` is one of `members` (a union's member BUs),
 * and with `platform` the platform's own rows (no BU) too. `alias` qualifies the column in a join.
 */
export const withinMembers = (where: Where, alias: string, members: readonly string[], platform = false) =>
  where.add((p) => `(${alias}.bu_guid = any(${p(members)}::uuid[])${platform ? ` or ${alias}.bu_guid is null` : ''})`);
