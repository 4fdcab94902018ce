import { z } from 'zod';
import { named } from '../engine/named.ts';

const typeInput = z.object({ type: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64') });

/**
 * A dictionary type as a BU's members use it: the platform's enabled items, then the BU's own
 * (docs/tenant-console.md "Business dictionary"), each in its sort order and marked by `source`.
 */
const item = z.object({ guid: z.uuid(), type: z.string(), label: z.string(), value: z.string(), remark: z.string().nullable(), sort: z.int(), source: z.enum(['platform', 'bu']) });
export const buDictListByType = named({ input: typeInput, output: z.array(item) }, async (ctx, { type }) => {
  const { rows } = await ctx.services.db.query(
    `select guid, type, label, value, remark, sort, 'platform' as source from dict where type = $1 and status = 0
     union all
     select guid, type, label, value, remark, sort, 'bu' as source from bu_dict where bu_guid = $2 and type = $1 and status = 0
     order by source desc, sort, label
     limit 1000`,
    [type, ctx.caller!.buGuid],
  );
  return rows;
});

