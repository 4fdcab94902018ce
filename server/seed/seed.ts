import { createHash, randomInt, randomUUID } from 'node:crypto';
import { menuScreens } from '../../resources/screens.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/driver.ts';
import { actionOf, specOf } from '../engine/spec.ts';
import zh from '../../i18n/resources/zh.ts';
import { DEFAULT_LANG, translate } from '../../i18n/index.ts';
import { adminMenus, buttonNames, tenantMenus, type MenuSeed } from '../../resources/menus.ts';

interface NodeSeed {
  code: string;
  name: string;
  url: string | null;
  type: 0 | 1 | 2;
  scene: 'admin' | 'tenant';
  parent: string | null;
  icon?: string;
  hidden?: boolean;
  sort: number;
}

/** The console a mount's permission codes belong to: operator-side scopes grant operator-console nodes. */
const sceneOfMount = (scope: string): 'admin' | 'tenant' => (scope === 'bu' || scope === 'user' ? 'tenant' : 'admin');

/** The zh label of a definition (the seed's names are the default language's; the console translates by code). */
const labelOf = (def: ResourceDef) => String((zh.resources as Record<string, { name?: string }>)[def.name]?.name ?? def.name).split('|')[0].trim();

/**
 * Menus, submenus and the buttons every mounted permission code needs. The skeleton (menus.ts)
 * holds the consoles' sections and the pages that are not entities; each definition with a `menu`
 * adds its own node — code = its mount's permission prefix, placed under `menu.parent` or the
 * section whose URL contains it — unless the skeleton already has that code. Every permission
 * prefix a mount checks must end up as a node, or no role could be granted it: that is an error
 * at start, never a skipped row.
 */
export const permissionSeed = (defs: readonly ResourceDef[]): NodeSeed[] => {
  const nodes: NodeSeed[] = [];
  const walk = (items: readonly MenuSeed[], scene: 'admin' | 'tenant', parent: string | null) =>
    items.forEach((m, i) => {
      nodes.push({ code: m.code, name: m.name, url: m.url, type: parent ? 1 : 0, scene, parent, icon: m.icon, hidden: m.hidden, sort: i });
      for (const action of m.buttons ?? []) nodes.push({ code: `${m.code}:${action}`, name: buttonNames[action] ?? action, url: null, type: 2, scene, parent: m.code, sort: Object.keys(buttonNames).indexOf(action) });
      if (m.children) walk(m.children, scene, m.code);
    });
  walk(adminMenus, 'admin', null);
  walk(tenantMenus, 'tenant', null);
  const byCode = new Map(nodes.map((n) => [n.code, n]));
  for (const def of defs) {
    for (const screen of menuScreens(def)) {
      const { menu } = screen;
      const mount = screen.mount ?? def.api.mounts.find((m) => m.perm && sceneOfMount(m.scope) === menu.scene);
      if (!mount?.perm || byCode.has(mount.perm)) continue;
      const container = nodes
        .filter((n) => n.scene === menu.scene && n.url && n.type !== 2 && (menu.parent ? n.url === menu.parent : menu.url.startsWith(`${n.url}/`)))
        .sort((a, b) => (b.url ?? '').length - (a.url ?? '').length)[0];
      const node: NodeSeed = { code: mount.perm, name: labelOf(def), url: menu.url, type: container ? 1 : 0, scene: menu.scene, parent: container?.code ?? null, icon: menu.icon, sort: 100 };
      nodes.push(node);
      byCode.set(node.code, node);
    }
  }
  for (const def of defs) {
    for (const mount of def.api.mounts) {
      for (const call of Object.values(mount.calls)) {
        const prefix = specOf(call).perm ?? mount.perm;
        if (!prefix || specOf(call).public || specOf(call).signedIn) continue;
        const owner = byCode.get(prefix);
        if (!owner) throw new Error(`${def.name}: ${mount.base} checks permission "${prefix}", which no menu node grants; give the definition a menu, or name an existing node.`);
        const action = actionOf(specOf(call));
        const code = `${prefix}:${action}`;
        if (byCode.has(code)) continue;
        const node: NodeSeed = { code, name: buttonNames[action] ?? action, url: null, type: 2, scene: owner.scene, parent: owner.code, sort: Object.keys(buttonNames).indexOf(action) };
        nodes.push(node);
        byCode.set(code, node);
      }
    }
  }
  return nodes;
};

/** Adds missing nodes by code (never overwriting an operator's edits); skipped when nothing changed since the last start. */
export const seedPermissions = async (db: Db, defs: readonly ResourceDef[]) => {
  const nodes = permissionSeed(defs);
  const digest = createHash('sha256').update(JSON.stringify(nodes)).digest('hex');
  const { rows } = await db.query<{ value: string }>("select value from server_secret where name = 'seed:permissions'");
  if (rows[0]?.value === digest) return 0;
  let added = 0;
  await db.transaction(async (tx) => {
    for (const n of nodes) {
      const parent = n.parent ? (await tx.query<{ guid: string }>('select guid from permission where code = $1', [n.parent])).rows[0]?.guid ?? null : null;
      const res = await tx.query(
        `insert into permission (guid, parent_guid, name, code, url, type, status, scene, icon, hidden, sort)
         values ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10) on conflict do nothing returning guid`,
        [randomUUID(), parent, n.name, n.code, n.url, n.type, n.scene, n.icon ?? null, n.hidden ?? false, n.sort],
      );
      added += res.rows.length;
    }
    await tx.query("insert into server_secret (name, value) values ('seed:permissions', $1) on conflict (name) do update set value = excluded.value", [digest]);
  });
  return added;
};

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 16 characters with letters and digits, within the password rule. */
export const randomPassword = () => {
  let p = '';
  while (!/[A-Za-z]/.test(p) || !/[0-9]/.test(p)) p = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return p;
};

/**
 * On a database with no operator: a super management role and the first operator. Returns the
 * generated password when none was given, so it can be printed once.
 */
export const seedOperator = async (db: Db, username?: string, password?: string) => {
  const { rows } = await db.query('select 1 from users where user_type = 0 limit 1');
  if (rows[0]) return null;
  const plain = password || randomPassword();
  const roleGuid = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query("insert into role (guid, name, code, type, category, description, status) values ($1, $2, 'superadmin', 0, 'common', $3, 0) on conflict do nothing", [
      roleGuid,
      // The default language's words; screens show the reader's while the row keeps them (dataProvider/seeded.ts).
      translate(DEFAULT_LANG, 'resources.role.seeded.superadmin.name'),
      translate(DEFAULT_LANG, 'resources.role.seeded.superadmin.description'),
    ]);
    const role = (await tx.query<{ guid: string }>("select guid from role where code = 'superadmin' and bu_guid is null")).rows[0];
    await tx.query('insert into users (guid, username, password, name, status, user_type, role_guids) values ($1, $2, $3, $4, 0, 0, $5)', [
      randomUUID(),
      username || 'admin',
      await hashPassword(plain),
      username || 'admin',
      JSON.stringify([role.guid]),
    ]);
  });
  return { username: username || 'admin', password: password ? null : plain };
};
