import { translate } from '../../i18n/index.ts';
import { resources } from '../../resources/index.ts';
import type { CallSpec, Mount, ResourceDef } from '../../resources/types.ts';
import type { Caller } from '../auth/caller.ts';
import { ident, type Queryable } from '../db/driver.ts';
import { allows } from '../engine/authorize.ts';
import type { CallContext } from '../engine/context.ts';
import { fieldsOf, type FieldInfo } from '../engine/fields.ts';
import { specOf } from '../engine/spec.ts';
import { filterWhere, scopeWhere, Where } from '../engine/where.ts';
import { Warning } from '../http/envelope.ts';
import { refusal } from '../http/validation.ts';
import { HEADER_BYTES } from '../../schemas/image-size.ts';
import { imageBytesRefusal, imageFieldsOf } from './rules.ts';
import { fileAddress, guidOfAddress, type StoredFile } from './store.ts';

/** The fields of `def` that hold file addresses: its files lists and its images (`image()`). */
const fileFieldsOf = (def: ResourceDef) => {
  const images = imageFieldsOf(def);
  return fieldsOf(def).filter((f) => f.files || images.has(f.name));
};

/** Definitions whose rows hold file addresses, with those fields: worked out at the first file read, not at start. */
let held: { def: ResourceDef; fields: FieldInfo[] }[] | undefined;
const holders = () =>
  (held ??= resources.flatMap((def) => {
    const fields = def.storage.virtual ? [] : fileFieldsOf(def);
    return fields.length ? [{ def, fields }] : [];
  }));

/** Calls that read a definition's rows: through one the caller may make, the caller reads what its mount's scope reaches. */
const ROW_READS = new Set(['get', 'page', 'list', 'tree', 'one']);

/**
 * The mounts of `def` through which the caller reads its rows, each with the read call's fixed
 * filters: the engine's own `authorize` decides, exactly as it does for the call itself.
 */
const readsOf = (def: ResourceDef, caller: Caller) =>
  def.api.mounts.flatMap((mount) =>
    Object.values(mount.calls).map(specOf).filter((spec) => !!spec.verb && ROW_READS.has(spec.verb) && allows(mount, spec, caller)).map((spec) => ({ mount, spec })),
  );

/** `fields` hold the address: a list field contains it, a text field is it (`p` makes a parameter). */
const naming = (fields: FieldInfo[], address: string, p: (value: unknown) => string) => {
  let list: string | undefined;
  let text: string | undefined;
  return `(${fields.map((f) => (f.json ? `${ident(f.name)} @> ${(list ??= p(JSON.stringify([address])))}::jsonb` : `${ident(f.name)} = ${(text ??= p(address))}`)).join(' or ')})`;
};

/** The rows of `def` a caller reaches through `mount` and `spec`, as a WHERE with its parameters. */
const reach = (def: ResourceDef, mount: Mount, spec: CallSpec, caller: Caller) => filterWhere(def, spec, {}, scopeWhere(def, mount, caller));

/**
 * Whether a row the caller may read names the file: a row of a definition with a `files` field
 * reached through one of that definition's read calls, or, for a definition read through a parent
 * (a work order's conversation records), a row whose parent the caller reaches so.
 */
const namedInReadableRow = async (db: Queryable, caller: Caller, guid: string) => {
  const address = fileAddress(guid);
  for (const { def, fields } of holders()) {
    for (const { mount, spec } of readsOf(def, caller)) {
      const where = reach(def, mount, spec, caller).add((p) => naming(fields, address, p));
      if ((await db.query(`select 1 from ${ident(def.storage.table)}${where.toSql()} limit 1`, where.params)).rows.length) return true;
    }
    for (const parent of resources.filter((p) => p.admin.conversation?.resource === def.name)) {
      for (const { mount, spec } of readsOf(parent, caller)) {
        // The parent's scope is in its own subquery, so its unqualified columns are the parent's.
        const where = reach(parent, mount, spec, caller);
        const inner = where.toSql();
        const named = new Where();
        named.params.push(...where.params);
        named.add((p) => naming(fields, address, p));
        const sql = `select 1 from ${ident(def.storage.table)}${named.toSql()} and ${ident(parent.admin.conversation!.field)} in (select guid from ${ident(parent.storage.table)}${inner}) limit 1`;
        if ((await db.query(sql, named.params)).rows.length) return true;
      }
    }
  }
  return false;
};

/**
 * Who may read a file: anyone a public one; never an anonymous caller a private one; its uploader
 * while acting in the BU it was uploaded for (an operator: outside any BU); and whoever may read a
 * record that names it, by the engine's scope and permission for that record's read calls.
 */
export const mayRead = async (db: Queryable, caller: Caller | null, file: Pick<StoredFile, 'guid' | 'public' | 'created_by' | 'bu_guid'>) => {
  if (file.public) return true;
  if (!caller) return false;
  if (file.created_by === caller.userGuid && file.bu_guid === caller.buGuid) return true;
  return namedInReadableRow(db, caller, file.guid);
};

/**
 * A write may name in a `files` or image field only files its caller may read, so nobody hands
 * others a file by naming it in a record of theirs; an image field only an image its rule admits,
 * judged again from the stored bytes. Addresses the row already held are not checked again.
 */
export const checkFiles = async (ctx: CallContext, tx: Queryable, values: Record<string, unknown>, existing?: Record<string, unknown>) => {
  const images = imageFieldsOf(ctx.def);
  for (const f of fileFieldsOf(ctx.def)) {
    const had = new Set([existing?.[f.name]].flat());
    const named = new Set([values[f.name]].flat().filter((a) => a !== undefined && a !== null && !had.has(a)));
    for (const address of named) {
      const guid = guidOfAddress(address);
      const file = guid ? (await tx.query<StoredFile>('select guid, size, public, created_by, bu_guid from file where guid = $1', [guid])).rows[0] : undefined;
      const label = ctx.def.admin.labels?.[f.name] ?? translate(ctx.lang, `resources.${ctx.def.name}.fields.${f.name}`);
      if (!file || !(await mayRead(tx, ctx.caller, file))) throw new Warning('server.file_not_yours', { field: label }, { field: f.name });
      const rule = images.get(f.name);
      const head = rule && (await ctx.services.files.head(file.guid, HEADER_BYTES));
      const refused = rule && imageBytesRefusal(rule, head ?? Buffer.alloc(0), Number(file.size));
      if (refused) throw refusal(ctx.lang, refused.key, refused.params, f.name);
    }
  }
};
