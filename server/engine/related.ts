import { z } from 'zod';
import type { CallSpec, ResourceDef } from '../../resources/types.ts';
import { ident } from '../db/driver.ts';
import type { Handler } from './context.ts';
import { named } from './named.ts';
import { pageQuery, pagingInput, pagingOf } from './paging.ts';
import { viewTarget, viewOf, viewPageDoc, viewRowDoc } from './row-view.ts';
import { findOne } from './verbs.ts';
import { scopeWhere } from './where.ts';

/**
 * A call's `related` rows (resources/types.ts): a page of another definition's rows naming the
 * record in a field (a department's members), the record reached first, those rows through the
 * scope of that definition's mount of the same scope.
 */

const recordInput = z.object({ guid: z.uuid('validation.guid_format') }).extend(pagingInput.shape);

export const relatedCall = (def: ResourceDef, related: NonNullable<CallSpec['related']>): Handler => {
  const name = `${def.name}.${related.target}-by-${related.by}`;
  const output = { json: viewPageDoc({ $ref: `#/components/schemas/${name}` }), components: { [name]: viewRowDoc(related) } };
  return named({ input: recordInput, output }, async (ctx, { guid }) => {
    const paging = pagingOf(ctx.lang, ctx.input, def.name);
    await findOne(ctx, guid);
    const target = viewTarget(related.target);
    const mount = target.api.mounts.find((m) => m.scope === ctx.mount.scope) ?? ctx.mount;
    const reach = scopeWhere(target, mount, ctx.caller).add((p) => `${ident(related.by)} = ${p(guid)}`);
    // The scope applies to the rows alone, inside, so names joined beside them cannot make its columns ambiguous.
    const view = viewOf(related, `(select * from ${ident(target.storage.table)}${reach.toSql()})`);
    return pageQuery(ctx.services.db, { select: view.select, from: view.from, order: view.order, params: reach.params }, paging);
  });
};
