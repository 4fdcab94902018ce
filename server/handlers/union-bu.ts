import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import { holds } from '../auth/caller.ts';
import { pageQuery, pagingInput, pagingOf } from '../engine/paging.ts';
import { add, findOne, update } from '../engine/verbs.ts';
import { escapeLike, Where } from '../engine/where.ts';
import { Warning } from '../http/envelope.ts';
import { unionBuSchema } from '../../schemas/union-bu.ts';
import { named } from '../engine/named.ts';
import { pageAnswer, rowAnswer } from '../engine/call-docs.ts';

/**
 * Union BUs (docs/operator.md "Union BUs"): saving a union and listing the BUs it may hold; what it
 * shares is its `selections` (server/engine/selections.ts), its own fields, member BUs and states
 * go through the generic verbs and server/rules/union-bu.ts.
 */

const NAME = 'union-bu';
const ENABLED = 0;
const guid = () => z.uuid('validation.guid_format');
const keyword = () => z.string().trim().max(64, 'validation.max_64').optional();

/** What the calls answer (the documents show them; the contract suite checks real answers against them). */
const text = () => z.string().nullable();
const buRow = z.object({ guid: z.uuid(), name: z.string(), alias: text(), code: text(), cover_url: text(), status: z.int(), created_at: datetime() });

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
/** A keyword found in any of `columns` (fixed names of this file, never input). */
const anyLike = (columns: readonly string[], k: string) => (p: (v: unknown) => string) => {
  const pattern = p(`%${escapeLike(k)}%`);
  return `(${columns.map((c) => `${c} ilike ${pattern}`).join(' or ')})`;
};

/**
 * `save` takes what `add` does, or the union's `guid` and the fields to change: without a guid
 * the fields `add` requires are refused by name, as the document's first alternative says.
 */
const saveInput = unionBuSchema
  .partial()
  .extend({ guid: guid().optional() })
  .superRefine((v, ctx) => {
    // Fields present were checked by the partial schema above; only what `add` lacks is added.
    if (!v.guid) for (const issue of unionBuSchema.safeParse(v).error?.issues ?? []) if ((v as Record<string, unknown>)[String(issue.path[0])] === undefined) ctx.addIssue({ ...issue, message: issue.message });
  })
  .meta({ anyOf: [{ required: (z.toJSONSchema(unionBuSchema, { io: 'input' }) as { required?: string[] }).required ?? [] }, { required: ['guid'] }] });
/**
 * `save`: without a guid it creates a union (which needs the add code besides the update code the
 * call checks), with one it changes that union; either way through the generic verb, so the schema,
 * references, uniqueness and rules are the same as `add` and `update`.
 */
export const unionBuSave = named({ input: saveInput, output: (_mount, def) => rowAnswer(def) }, async (ctx) => {
  const { guid: g, ...rest } = ctx.input;
  if (g !== undefined && g !== null && g !== '') return update(ctx);
  if (!holds(ctx.caller!, `${ctx.mount.perm}:add`)) throw new Warning('server.no_access');
  return add({ ...ctx, input: rest });
});

const buListInput = z.object({ guid: guid().optional(), keyword: keyword() });

/**
 * `bu-list`: with a union's guid, its member BUs (whatever their state); without, the enabled BUs an
 * operator may add to a union. Paged, searched by name, alias or code.
 */
export const unionBuBuList = named({ input: buListInput.extend(pagingInput.shape), output: pageAnswer(buRow) }, async (ctx, input) => {
  const paging = pagingOf(ctx.lang, ctx.input, NAME);
  const where = new Where();
  if (input.guid) {
    const members = list((await findOne(ctx, input.guid)).bu_guids);
    where.add((p) => `guid = any(${p(members)}::uuid[])`);
  } else where.add((p) => `status = ${p(ENABLED)}`);
  if (input.keyword) where.add(anyLike(['name', 'alias', 'code'], input.keyword));
  return pageQuery(ctx.services.db, { select: 'guid, name, alias, code, cover_url, status, created_at', from: `from bu${where.toSql()}`, order: 'order by name, guid', params: where.params }, paging);
});
