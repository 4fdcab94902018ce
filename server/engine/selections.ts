import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import type { CallSpec, ResourceDef, Selection } from '../../resources/types.ts';
import { ident, type Queryable } from '../db/driver.ts';
import { Warning } from '../http/envelope.ts';
import type { JsonSchema } from '../http/json-schema.ts';
import type { CallContext, Handler } from './context.ts';
import { withinMembers } from './members.ts';
import { named } from './named.ts';
import { pageQuery, pagingInput, pagingOf } from './paging.ts';
import { viewTarget, T, viewOf, viewPageDoc, viewRowDoc } from './row-view.ts';
import { findOne } from './verbs.ts';
import { Where } from './where.ts';

/**
 * A definition's `selections` (resources/types.ts): rows of other definitions a record holds as
 * guids, read with their rows, offered, and replaced as a whole in one transaction, each guid
 * checked to be a row the record may hold (within its members, and joinable unless already held).
 */

const guid = () => z.uuid('validation.guid_format');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const selectionOf = (def: ResourceDef, field: string) => {
  const sel = def.storage.selections?.[field];
  if (!sel) throw new Error(`${def.name} has no selection ${field}`);
  return sel;
};

/** Rows the record may hold at all: within its members, where the selection is drawn from them. */
const reach = (sel: Selection, where: Where, row: Record<string, unknown>) => (sel.within ? withinMembers(where, T, list(row[sel.within]), sel.platform) : where);

/** What a row must hold to be newly chosen, unless it is one of `held`. */
const joinable = (sel: Selection, where: Where, held?: readonly string[]) => {
  const joins = Object.entries(sel.joins ?? {});
  if (!joins.length) return where;
  return where.add((p) => {
    const cond = joins.map(([field, values]) => `${T}.${ident(field)}::text = any(${p(values.map(String))}::text[])`).join(' and ');
    return held ? `((${cond}) or ${T}.guid = any(${p(held)}::uuid[]))` : cond;
  });
};

/** The chosen rows of each selection `of` that are still rows the record may hold, with their guids. */
const chosen = async (db: Queryable, def: ResourceDef, of: readonly string[], row: Record<string, unknown>) => {
  const out: Record<string, unknown> = { guid: row.guid };
  for (const field of of) {
    const sel = selectionOf(def, field);
    const view = viewOf(sel);
    const where = reach(sel, new Where().add((p) => `${T}.guid = any(${p(list(row[field]))}::uuid[])`), row);
    const { rows } = await db.query<{ guid: string }>(`select ${view.select} ${view.from}${where.toSql()} ${view.order}`, where.params);
    out[field] = rows.map((r) => r.guid);
    out[sel.key] = rows;
  }
  return out;
};

/** A keyword found in any of the selection's `keyword` columns. */
const searched = (sel: Selection, view: ReturnType<typeof viewOf>, where: Where, keyword: unknown) => {
  if (!keyword) return where;
  return where.addKeyword(sel.keyword.map((c) => view.column(c)), keyword as string);
};

const recordInput = z.object({ guid: guid() });
const keyword = z.string().trim().max(64, 'validation.max_64').optional();

const optionsInput = (sel: Selection) => {
  const body = recordInput.extend({ ...Object.fromEntries(Object.keys(sel.filters ?? {}).map((f) => [f, guid().optional()])), keyword });
  return sel.whole ? body : body.extend(pagingInput.shape);
};

/** Every list given replaces its selection; with one selection the list is required. */
const saveInput = (def: ResourceDef, of: readonly string[]) =>
  recordInput.extend(Object.fromEntries(of.map((f) => {
    const guids = z.array(guid()).max(selectionOf(def, f).max, 'validation.too_many');
    return [f, of.length > 1 ? guids.optional() : guids];
  })));

const answerDoc = (def: ResourceDef, spec: NonNullable<CallSpec['selection']>) => {
  const ref = (f: string) => ({ $ref: `#/components/schemas/${def.name}.${f}` });
  const components = Object.fromEntries(spec.of.map((f) => [`${def.name}.${f}`, viewRowDoc(selectionOf(def, f))]));
  if (spec.call === 'options' || spec.call === 'browse') {
    const whole = spec.call === 'options' && selectionOf(def, spec.of[0]).whole;
    return { json: whole ? { type: 'array', items: ref(spec.of[0]) } : viewPageDoc(ref(spec.of[0])), components };
  }
  const properties: Record<string, JsonSchema> = { guid: { type: 'string', format: 'uuid' } };
  for (const f of spec.of) {
    properties[f] = { type: 'array', items: { type: 'string', format: 'uuid' } };
    properties[selectionOf(def, f).key] = { type: 'array', items: ref(f) };
  }
  return { json: { type: 'object', required: Object.keys(properties), properties }, components };
};

/** `read`: the record's chosen rows of each selection. */
const read = (def: ResourceDef, spec: NonNullable<CallSpec['selection']>) =>
  named({ input: recordInput, output: () => answerDoc(def, spec) }, async (ctx, { guid: g }) => chosen(ctx.services.db, def, spec.of, await findOne(ctx, g)));

/** `options`: the rows the record may newly choose, searched and filtered, a page at a time (or whole). */
const options = (def: ResourceDef, spec: NonNullable<CallSpec['selection']>) => {
  const sel = selectionOf(def, spec.of[0]);
  return named({ input: optionsInput(sel), output: () => answerDoc(def, spec) }, async (ctx, input: Record<string, unknown>) => {
    const paging = sel.whole ? undefined : pagingOf(ctx.lang, ctx.input, def.name);
    const row = await findOne(ctx, input.guid as string);
    const view = viewOf(sel);
    const where = joinable(sel, reach(sel, new Where(), row));
    for (const [name, column] of Object.entries(sel.filters ?? {})) if (input[name]) where.add((p) => `${T}.${ident(column)} = ${p(input[name])}`);
    searched(sel, view, where, input.keyword);
    if (!paging) return (await ctx.services.db.query(`select ${view.select} ${view.from}${where.toSql()} ${view.order} limit ${sel.whole}`, where.params)).rows;
    return pageQuery(ctx.services.db, { select: view.select, from: `${view.from}${where.toSql()}`, countFrom: `${view.from}${where.toCountSql()}`, order: view.order, params: where.params }, paging);
  });
};

const browseInput = z.object({ guid: guid().optional(), keyword }).extend(pagingInput.shape);

/** `browse`: with a record's guid, a page of its chosen rows (whatever they hold now); without, of the rows any record may choose. */
const browse = (def: ResourceDef, spec: NonNullable<CallSpec['selection']>) => {
  const field = spec.of[0];
  const sel = selectionOf(def, field);
  return named({ input: browseInput, output: () => answerDoc(def, spec) }, async (ctx, input) => {
    const paging = pagingOf(ctx.lang, ctx.input, def.name);
    const view = viewOf(sel);
    const where = new Where();
    if (input.guid) {
      const row = await findOne(ctx, input.guid);
      where.add((p) => `${T}.guid = any(${p(list(row[field]))}::uuid[])`);
    } else joinable(sel, where);
    searched(sel, view, where, input.keyword);
    return pageQuery(ctx.services.db, { select: view.select, from: `${view.from}${where.toSql()}`, countFrom: `${view.from}${where.toCountSql()}`, order: view.order, params: where.params }, paging);
  });
};

/**
 * `save`: replaces each selection the body names, in one transaction holding the record, so a
 * change of its members cannot slip between the check and the write; every guid must be a row it
 * may hold, or nothing changes and the refusal names the field.
 */
const save = (def: ResourceDef, spec: NonNullable<CallSpec['selection']>) =>
  named({ input: saveInput(def, spec.of), output: () => answerDoc(def, spec) }, async (ctx, input: Record<string, unknown>) =>
    ctx.services.db.transaction(async (tx) => {
      await findOne(ctx, input.guid as string, tx);
      await tx.query(`select 1 from ${ident(def.storage.table)} where guid = $1 for update`, [input.guid]);
      const row = await findOne(ctx, input.guid as string, tx);
      const sets: Record<string, string[]> = {};
      for (const field of spec.of) {
        if (input[field] === undefined) continue;
        const sel = selectionOf(def, field);
        const wanted = [...new Set(input[field] as string[])];
        if (wanted.length) await mustBeHeld(ctx, tx, sel, field, wanted, row);
        sets[field] = wanted;
      }
      const names = Object.keys(sets);
      if (names.length) {
        await tx.query(`update ${ident(def.storage.table)} set ${names.map((n, i) => `${ident(n)} = $${i + 2}::jsonb`).join(', ')}, updated_at = now() where guid = $1`, [input.guid, ...names.map((n) => JSON.stringify(sets[n]))]);
      }
      return chosen(tx, def, spec.of, { ...row, ...sets });
    }),
  );

const mustBeHeld = async (ctx: CallContext, tx: Queryable, sel: Selection, field: string, wanted: string[], row: Record<string, unknown>) => {
  const where = joinable(sel, reach(sel, new Where().add((p) => `${T}.guid = any(${p(wanted)}::uuid[])`), row), list(row[field]));
  const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from ${ident(viewTarget(sel.target).storage.table)} ${T}${where.toSql()}`, where.params);
  if (rows[0].n !== wanted.length) throw new Warning(sel.outside, { field: translate(ctx.lang, `resources.${ctx.def.name}.fields.${field}`) }, { field });
};

const CALLS = { read, options, save, browse };

/** The handler of a call naming a `selection`: its body and answer documented like a named handler's. */
export const selectionCall = (def: ResourceDef, spec: NonNullable<CallSpec['selection']>): Handler => CALLS[spec.call](def, spec);

/**
 * The selections of `def` drawn from its `within` field, each kept to the rows still within
 * `members` (in their order): what a record holds once some of its members left.
 */
export const keptWithin = async (tx: Queryable, def: ResourceDef, within: string, row: Record<string, unknown>, members: readonly string[]) => {
  const kept: Record<string, string[]> = {};
  for (const [field, sel] of Object.entries(def.storage.selections ?? {})) {
    if (sel.within !== within) continue;
    const guids = list(row[field]);
    const where = withinMembers(new Where().add((p) => `${T}.guid = any(${p(guids)}::uuid[])`), T, members, sel.platform);
    const found = guids.length ? new Set((await tx.query<{ guid: string }>(`select ${T}.guid from ${ident(viewTarget(sel.target).storage.table)} ${T}${where.toSql()}`, where.params)).rows.map((r) => r.guid)) : new Set();
    kept[field] = guids.filter((g) => found.has(g));
  }
  return kept;
};
