import { ANNOUNCEMENT_STATE } from '../../schemas/message.ts';
import { translate } from '../../i18n/index.ts';
import type { Queryable } from '../db/driver.ts';
import type { CallContext, Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { publish } from '../services/announcements.ts';

const AUDIENCE_LIST = { 1: ['bu_guids', 'bu'], 2: ['app_guids', 'app'] } as const;

/** The audience's list is given and names only rows that exist (chosen BUs; store apps for their users). */
const checkAudience = async (ctx: CallContext, tx: Queryable, values: Record<string, unknown>) => {
  const list = AUDIENCE_LIST[values.audience as 1 | 2];
  if (!list) return;
  const [field, table] = list;
  const guids = [...new Set((values[field] as string[] | undefined) ?? [])];
  const label = translate(ctx.lang, `resources.announcement.fields.${field}`);
  if (!guids.length) throw new Warning('validation.field_error', { field: label, message: translate(ctx.lang, 'validation.required') }, { field });
  const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from ${table} where guid = any($1::uuid[])`, [guids]);
  if (rows[0].n !== guids.length) throw new Warning('server.reference_not_found', { field: label }, { field });
};

/** Scheduled unless its time has come: then it goes out in the same transaction. */
export const announcementRules: Rules = {
  async beforeWrite(ctx, tx, values) {
    await checkAudience(ctx, tx, values);
    values.state = ANNOUNCEMENT_STATE.scheduled;
    values.reach = 0;
    values.publish_at = values.publish_at && new Date(values.publish_at as string) > new Date() ? values.publish_at : new Date().toISOString();
  },
  async afterWrite(_ctx, tx, row) {
    if (new Date(row.publish_at as string) <= new Date()) Object.assign(row, await publish(tx, row as never));
  },
};
