import { z } from 'zod';
import { holds } from '../auth/caller.ts';
import { add, update } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { unionBuSchema } from '../../schemas/union-bu.ts';
import { named } from '../engine/named.ts';
import { rowAnswer } from '../engine/call-docs.ts';

/**
 * Union BUs (docs/operator.md "Union BUs"): saving a union, with or without its guid. Its member
 * BUs and what it shares are its `selections` (server/engine/selections.ts); its fields and states
 * go through the generic verbs and server/rules/union-bu.ts.
 */

const guid = () => z.uuid('validation.guid_format');

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
