import { Warning } from '../http/envelope.ts';
import { ident, type Queryable } from '../db/driver.ts';
import type { Mount, ResourceDef } from '../../resources/types.ts';
import { parseOrWarn } from '../http/validation.ts';
import { resourceByName } from '../../resources/index.ts';
import { translate } from '../../i18n/index.ts';
import type { CallContext } from './context.ts';
import { guidInputOf } from './guid-input.ts';
import { checkFiles } from '../files/access.ts';

/**
 * The BU a write lands in: the caller's for tenant mounts, the row's own for operators' oversight,
 * the one the body names on a `within` mount (checked by `withinOf` before the verb runs).
 * `undefined`: an operator's new row whose BU a rule derives from what it references (a payment
 * from its order), so a reference is checked for existence and the rule keeps the BUs together.
 */
export const ownerBuOf = (ctx: CallContext, existing?: Record<string, unknown>): string | null | undefined =>
  ctx.mount.scope === 'oversight' ? ((existing?.bu_guid as string) ?? (ctx.input.bu_guid as string) ?? undefined) : ctx.mount.scope === 'bu' ? ctx.caller?.buGuid ?? null : null;

/** What a `within` field names: the definition of its record. */
const WITHIN = { bu_guid: 'bu' } satisfies Record<NonNullable<Mount['within']>, string>;

/**
 * The record a `within` mount's call acts on (the BU its body names), or the refusal operators'
 * calls have always given: a validation failure for a missing or malformed guid, "does not exist" for
 * an unknown one. Every verb asks this first on such a mount.
 */
export const withinOf = async (ctx: CallContext, tx: Queryable = ctx.services.db) => {
  const field = ctx.mount.within;
  if (!field) return undefined;
  const guid = parseOrWarn(ctx.lang, guidInputOf(field), ctx.input, WITHIN[field])[field] as string;
  const { rows } = await tx.query(`select 1 from ${ident(resourceByName.get(WITHIN[field])!.storage.table)} where guid = $1`, [guid]);
  if (!rows[0]) throw new Warning('server.record_not_found');
  return guid;
};

const hasBu = (def: ResourceDef) => def.api.mounts.some((m) => m.scope === 'bu');

/**
 * Every guid a write names in a reference field must be a row of the target definition within the
 * same BU (or, for definitions without BUs, simply exist), and every file it names in a `files`
 * field one its caller may read. Runs inside the write's transaction.
 */
export const checkReferences = async (ctx: CallContext, tx: Queryable, values: Record<string, unknown>, existing?: Record<string, unknown>, defs: ReadonlyMap<string, ResourceDef> = resourceByName) => {
  const refs = { ...(ctx.def.relations?.references ?? {}), ...(ctx.def.relations?.tree ? { [ctx.def.relations?.tree.parent]: ctx.def.name } : {}) };
  for (const [field, targetName] of Object.entries(refs)) {
    const raw = values[field];
    if (raw === undefined || raw === null || raw === '') continue;
    const guids = [...new Set((Array.isArray(raw) ? raw : [raw]).map(String))];
    if (!guids.length) continue;
    const target = defs.get(targetName);
    if (!target) throw new Error(`${ctx.def.name}.${field} references unknown resource ${targetName}`);
    const bu = hasBu(target) ? ownerBuOf(ctx, existing) : undefined;
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from ${ident(target.storage.table)} where guid = any($1::uuid[])${bu === undefined ? '' : ` and ${ident('bu_guid')} is not distinct from $2`}`,
      bu === undefined ? [guids] : [guids, bu],
    );
    if (rows[0].n !== guids.length) throw new Warning('server.reference_not_found', { field: fieldLabel(ctx, field) }, { field });
  }
  await checkFiles(ctx, tx, values, existing);
};

/** A tree row's new parent may not be the row itself or one of its descendants. */
export const checkTreeCycle = async (ctx: CallContext, tx: Queryable, values: Record<string, unknown>, existing?: Record<string, unknown>) => {
  const tree = ctx.def.relations?.tree;
  if (!tree || !existing) return;
  const parent = values[tree.parent];
  if (parent === undefined || parent === null || parent === '') return;
  const col = ident(tree.parent);
  const { rows } = await tx.query<{ hit: boolean }>(
    `with recursive up as (
       select guid, ${col} as parent, 1 as depth from ${ident(ctx.def.storage.table)} where guid = $1
       union all
       select t.guid, t.${col}, up.depth + 1 from ${ident(ctx.def.storage.table)} t join up on t.guid = up.parent where up.depth < 1000
     ) select exists (select 1 from up where guid = $2) as hit`,
    [parent, existing.guid],
  );
  if (rows[0]?.hit) throw new Warning('server.tree_cycle', {}, { field: tree.parent });
};

/** Nests flat rows by the parent field; rows whose parent is not in the set are roots. */
export const nest = (rows: Record<string, unknown>[], parentField: string) => {
  type Node = Record<string, unknown> & { children: Record<string, unknown>[] };
  const nodes = new Map<string, Node>(rows.map((r) => [r.guid as string, { ...r, children: [] }]));
  const roots: Record<string, unknown>[] = [];
  for (const n of nodes.values()) {
    const parent = n[parentField] ? nodes.get(n[parentField] as string) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
};

const fieldLabel = (ctx: CallContext, field: string) => translate(ctx.lang, `resources.${ctx.def.name}.fields.${field}`);
