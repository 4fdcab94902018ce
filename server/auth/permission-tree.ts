import type { Queryable } from '../db/driver.ts';
import { nest } from '../engine/relations.ts';
import type { Caller } from './caller.ts';

export interface PermissionNode {
  guid: string;
  parent_guid: string | null;
  name: string;
  code: string;
  url: string | null;
  type: number;
  status: number;
  icon: string | null;
  hidden: boolean;
  sort: number;
  children: PermissionNode[];
}

/**
 * The caller's permission tree for its console: every node when it holds all of them, otherwise
 * the granted nodes plus their ancestors so the tree stays connected.
 */
export const permissionTreeFor = async (db: Queryable, caller: Caller) => {
  const scene = caller.userType === 0 ? 'admin' : 'tenant';
  const all = (caller.isSuper || (caller.userType === 1 && !caller.buGuid));
  const cols = 'guid, parent_guid, name, code, url, type, status, icon, hidden, sort';
  const { rows } = await db.query<Omit<PermissionNode, 'children'>>(
    all
      ? `select ${cols} from permission where scene = $1 order by sort, created_at`
      : `with recursive granted as (
           select p.* from permission p where p.scene = $1 and p.code = any($2::text[])
           union
           select p.* from permission p join granted g on p.guid = g.parent_guid
         ) select ${cols} from granted order by sort, created_at`,
    all ? [scene] : [scene, [...caller.codes]],
  );
  return nest(rows, 'parent_guid') as unknown as PermissionNode[];
};
