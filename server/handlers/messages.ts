import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import { translate } from '../../i18n/index.ts';
import { MESSAGE_KIND } from '../../schemas/message.ts';
import { USER_TYPE } from '../auth/caller.ts';
import { renderMarkdown } from '../docs/markdown.ts';
import type { CallContext } from '../engine/context.ts';
import { pageQuery, pagingInput, pagingOf } from '../engine/paging.ts';
import { pageAnswer } from '../engine/call-docs.ts';
import { Warning } from '../http/envelope.ts';
import { unreadCounts, type Unread } from '../services/messages.ts';
import { named } from '../engine/named.ts';

/**
 * What a reader sees: an operator the platform's messages; a tenant its own user messages and its
 * current BU's app messages (those for everyone and those for them) and BU messages. `$1` is the reader, `$2` the BU.
 */
const VISIBLE = {
  [MESSAGE_KIND.user]: 'm.kind = 0 and m.to_user = $1 and m.bu_guid is not distinct from $2',
  // An app's message to chosen people names each reader; the platform's are the whole BU's.
  [MESSAGE_KIND.app]: 'm.kind = 1 and m.bu_guid = $2 and (m.to_user is null or m.to_user = $1)',
  [MESSAGE_KIND.bu]: 'm.kind = 2 and m.bu_guid = $2',
  // An operator has no BU.
  [MESSAGE_KIND.platform]: 'm.kind = 3 and $2::uuid is null',
} as const;

const kindsOf = (ctx: CallContext): number[] =>
  ctx.caller?.userType === USER_TYPE.operator ? [MESSAGE_KIND.platform] : [MESSAGE_KIND.user, MESSAGE_KIND.app, MESSAGE_KIND.bu];
/** Names both parameters whatever the kinds: PostgreSQL types a parameter from its use, and a count query may not use `$1` otherwise. */
const visible = (kinds: number[]) => `$1::uuid is not null and (${kinds.map((k) => VISIBLE[k as keyof typeof VISIBLE]).join(' or ')})`;
const UNREAD = 'not exists (select 1 from message_read r where r.message_guid = m.guid and r.user_guid = $1)';

type Row = { guid: string; kind: number; key: string | null; params: Record<string, string | number>; title: string | null; body: string | null; read: boolean };

/** A message in the reader's words: the platform's keyed text, or an announcement's own. */
const worded = (ctx: CallContext, row: Row) => {
  const { key, params, body, ...rest } = row;
  return { ...rest, title: key ? translate(ctx.lang, `messages.${key}.title`, params) : row.title, summary: key ? translate(ctx.lang, `messages.${key}.body`, params) : null };
};

const listInput = z.object({ unread: z.boolean().optional() });
const COLUMNS = 'm.guid, m.kind, m.app_guid, m.key, m.params, m.title, m.body, m.link, m.announcement_guid, m.created_at';

/** A message as its reader sees it: worded in the reader's language. */
const message = z.object({
  guid: z.uuid(), kind: z.int(), app_guid: z.uuid().nullable(), title: z.string().nullable(), summary: z.string().nullable(), link: z.string().nullable(),
  announcement_guid: z.uuid().nullable(), created_at: datetime(), read: z.boolean(),
});

const listOf = (kind: number) => named({ input: listInput.extend(pagingInput.shape), output: pageAnswer(message) }, async (ctx, { unread }) => {
  const paging = pagingOf(ctx.lang, ctx.input, 'message');
  const page = await pageQuery(
    ctx.services.db,
    {
      select: `${COLUMNS}, not ${UNREAD} as read`,
      from: `from message m where ${visible([kind])}${unread ? ` and ${UNREAD}` : ''}`,
      order: 'order by m.created_at desc, m.guid',
      params: [ctx.caller!.userGuid, ctx.caller!.buGuid],
    },
    paging,
  );
  return { ...page, list: (page.list as Row[]).map((r) => worded(ctx, r)) };
});

/** A tenant's own messages (`list`), its BU's about its apps (`app-list`), and its BU's (`bu-list`). */
export const messageUserList = listOf(MESSAGE_KIND.user);
export const messageAppList = listOf(MESSAGE_KIND.app);
export const messageBuList = listOf(MESSAGE_KIND.bu);

const guidInput = z.object({ guid: z.uuid('validation.guid_format') });

/** One message the reader sees, worded, with its body as sanitised HTML; opening it reads it. */
export const messageGet = named({ input: guidInput, output: message.extend({ html: z.string() }) }, async (ctx, { guid }) => {
  const me = [ctx.caller!.userGuid, ctx.caller!.buGuid];
  const { rows } = await ctx.services.db.query<Row>(`select ${COLUMNS}, true as read from message m where ${visible(kindsOf(ctx))} and m.guid = $3`, [...me, guid]);
  if (!rows[0]) throw new Warning('server.record_not_found');
  await ctx.services.db.query('insert into message_read (message_guid, user_guid) values ($1, $2) on conflict do nothing', [guid, ctx.caller!.userGuid]);
  unreadCounts.forget(ctx.caller!.userGuid);
  const row = rows[0];
  const text = row.key ? translate(ctx.lang, `messages.${row.key}.body`, row.params) : (row.body ?? '');
  return { ...worded(ctx, row), html: renderMarkdown(text).html };
});

const readInput = z.object({
  guids: z.array(z.uuid('validation.guid_format')).max(100, 'validation.too_many').optional(),
  /** Every message of this kind (0 user, 1 app, 2 BU), or of every kind when absent. */
  all: z.boolean().optional(),
  kind: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});

/** Marks the reader's messages read: the ones named, or all of a kind; answers the unread count after. */
const unread = z.object({
  quantity: z.int(),
  kinds: z.array(z.object({ kind: z.int().describe('0 user, 1 app, 2 BU, 3 platform'), quantity: z.int() })).describe('Unread of each kind the reader sees: the message center shows each kind on a tab of its own'),
});
export const messageRead = named({ input: readInput, output: unread }, async (ctx, input) => {
  const kinds = (input.kind !== undefined ? [input.kind] : kindsOf(ctx)).filter((k) => kindsOf(ctx).includes(k));
  const me = [ctx.caller!.userGuid, ctx.caller!.buGuid];
  if (!kinds.length) return unreadOf(ctx);
  // Neither named messages nor `all`: say which field is missing, as a form would.
  if (!input.all && !input.guids?.length) {
    throw new Warning('validation.field_error', { field: translate(ctx.lang, 'resources.message.fields.guids'), message: translate(ctx.lang, 'validation.required') }, { field: 'guids' });
  }
  await ctx.services.db.query(
    `insert into message_read (message_guid, user_guid)
     select m.guid, $1 from message m where ${visible(kinds)} and ${UNREAD}${input.all ? '' : ' and m.guid = any($3::uuid[])'}
     on conflict do nothing`,
    input.all ? me : [...me, input.guids],
  );
  unreadCounts.forget(ctx.caller!.userGuid);
  return unreadOf(ctx);
});

/**
 * The reader's unread messages (the header's badge shows 99+ above 99): one indexed count per kind,
 * kept a few seconds (`unreadCounts`) since every page asks.
 */
const unreadOf = async (ctx: CallContext): Promise<Unread> => {
  const key = `${ctx.caller!.userGuid} ${ctx.caller!.buGuid ?? ''}`;
  const kept = unreadCounts.get(key);
  if (kept !== undefined) return kept;
  const counts = kindsOf(ctx).map((k) => `select ${k} as kind, count(*)::int as n from message m where ${visible([k])} and ${UNREAD}`);
  const { rows } = await ctx.services.db.query<{ kind: number; n: number }>(counts.join(' union all '), [ctx.caller!.userGuid, ctx.caller!.buGuid]);
  const found = { quantity: rows.reduce((sum, r) => sum + r.n, 0), kinds: rows.map((r) => ({ kind: r.kind, quantity: r.n })) };
  unreadCounts.set(key, found);
  return found;
};
export const messageUnread = named({ output: unread }, unreadOf);
