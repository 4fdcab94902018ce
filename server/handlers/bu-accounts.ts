import { z } from 'zod';
import { codes, datetime } from '../../schemas/common.ts';
import type { CallContext } from '../engine/context.ts';
import { pageQuery, pagingInput, pagingOf } from '../engine/paging.ts';
import { LIST_CAP_DEFAULT } from '../engine/verbs.ts';
import { escapeLike } from '../engine/where.ts';
import { parseOrWarn } from '../http/validation.ts';
import { named } from '../engine/named.ts';
import { pageAnswer } from '../engine/call-docs.ts';

/**
 * The accounts of the caller's BU (`/open/system/user/page`, `user-list`; docs/operator.md "Platform
 * calls"): every membership of the BU — its owner (the main account that created it, or the one an
 * operator named) and its sub-accounts — read through `user_bu`, so an account of another BU is
 * never in reach. The mount (sub-account's, scope `bu`, `tenant:sub-account:view`) has already
 * checked scope and permission; adding and deleting are the sub-account verbs.
 */
const COLUMNS = `u.guid, u.username, u.name, u.alias, u.email, u.phone, u.avatar_url, u.status, u.user_type,
  ub.is_owner, ub.role_guids, ub.created_at as joined_at, u.created_at`;
const FROM = 'from user_bu ub join users u on u.guid = ub.user_guid where ub.bu_guid = $1';
const ORDER = 'order by ub.is_owner desc, ub.created_at desc, u.guid desc';

const filterInput = pagingInput.extend({
  keyword: z.string().trim().max(64, 'validation.max_64').optional(),
  /** 0 normal, 1 frozen, 2 to be activated. */
  status: codes(0, 1, 2).optional(),
  /** 1 main account (an owner), 2 sub-account. */
  user_type: codes(1, 2).optional(),
});

const whereOf = (ctx: CallContext) => {
  const f = parseOrWarn(ctx.lang, filterInput, ctx.input, 'sub-account');
  const params: unknown[] = [ctx.caller!.buGuid];
  let sql = FROM;
  if (f.keyword) {
    const k = `$${params.push(`%${escapeLike(f.keyword)}%`)}`;
    sql += ` and (u.username ilike ${k} or u.name ilike ${k} or u.email ilike ${k} or u.phone ilike ${k})`;
  }
  if (f.status !== undefined) sql += ` and u.status = $${params.push(f.status)}`;
  if (f.user_type !== undefined) sql += ` and u.user_type = $${params.push(f.user_type)}`;
  return { from: sql, params };
};

const account = z.object({
  guid: z.uuid(), username: z.string(), name: z.string().nullable(), alias: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(),
  avatar_url: z.string().nullable(), status: z.int(), user_type: z.int(), is_owner: z.boolean(), role_guids: z.array(z.uuid()).nullable(),
  joined_at: datetime(), created_at: datetime(),
});

export const buAccountsPage = named({ input: filterInput, output: pageAnswer(account) }, async (ctx) => {
  const { from, params } = whereOf(ctx);
  return pageQuery(ctx.services.db, { select: COLUMNS, from, order: ORDER, params }, pagingOf(ctx.lang, ctx.input, 'sub-account'));
});

/** Every account of the BU, unpaged (pickers: a role's holders, a department's users), up to the list cap. */
export const buAccountsList = named({ input: filterInput.omit({ page: true, page_size: true }), output: z.array(account) }, async (ctx) => {
  const { from, params } = whereOf(ctx);
  return (await ctx.services.db.query(`select ${COLUMNS} ${from} ${ORDER} limit ${LIST_CAP_DEFAULT}`, params)).rows;
});
