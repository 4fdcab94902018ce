import { z } from 'zod';
import type { CallContext } from '../engine/context.ts';
import { parseOrWarn } from '../http/validation.ts';

const input = z.object({ resource: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64') });

/**
 * What a list needs to lay out its columns, in one call (docs/console.md "Column settings"): the
 * product staff's configuration of the resource and the caller's own hidden columns, each or null.
 */
export const columnSettings = async (ctx: CallContext) => {
  const { resource } = parseOrWarn(ctx.lang, input, ctx.input, 'column-config');
  const [config, preference] = await Promise.all([
    ctx.services.db.query('select guid, resource, columns from column_config where resource = $1', [resource]),
    ctx.services.db.query('select guid, resource, hidden from column_preference where user_guid = $1 and resource = $2', [ctx.caller!.userGuid, resource]),
  ]);
  return { config: config.rows[0] ?? null, preference: preference.rows[0] ?? null };
};
