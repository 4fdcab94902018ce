import { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { guid as guidField } from '../../schemas/common.ts';
import { SUB_STATUS } from '../../schemas/sub-account.ts';
import { linkInput, newPasswordInput } from '../../schemas/tenant-auth.ts';
import { USER_TYPE } from '../auth/caller.ts';
import { hashPassword } from '../auth/password.ts';
import type { Queryable } from '../db/driver.ts';
import type { CallContext } from '../engine/context.ts';
import { findOne } from '../engine/verbs.ts';
import { Warning } from '../http/envelope.ts';
import { issueLink, readLink, RESET_LINK_SECONDS, useLink } from '../services/one-time-codes.ts';
import { checkConfirm, checkPassword, passwordPolicyOf } from '../services/policy.ts';
import { mailLink } from '../mail/link.ts';
import { sendMail } from '../mail/send.ts';
import { syncUserRoles } from '../services/memberships.ts';
import { mailActivation } from '../services/activation.ts';
import { proveEmail } from '../services/verified-email.ts';
import { notify } from '../services/messages.ts';
import { named } from '../engine/named.ts';
import { rowAnswer } from '../engine/call-docs.ts';

/**
 * A BU's sub-accounts: created "to be activated" with an activation mail, then normal, frozen and
 * back. Every call reaches only sub-accounts of the caller's BU (findOne goes through scope).
 */
const one = z.object({ guid: z.uuid('validation.guid_format') });
const rolesInput = z.array(guidField()).max(50);


const checkRoles = async (ctx: CallContext, tx: Queryable, roles: string[]) => {
  if (!roles.length) return;
  const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from role where guid = any($1::uuid[]) and bu_guid = $2', [roles, ctx.caller!.buGuid]);
  if (rows[0].n !== new Set(roles).size) throw new Warning('server.reference_not_found', { field: translate(ctx.lang, 'resources.sub-account.fields.role_guids') }, { field: 'role_guids' });
};

/** Mails the sub-account a password reset link (its password is never seen by the main account). */
const mailed = z.object({ sent: z.literal(true), email: z.string() });
export const childReset = named({ input: one, output: mailed }, async (ctx, { guid }) => {
  const row = await findOne(ctx, guid);
  if (row.status === SUB_STATUS.toBeActivated) throw new Warning('server.account_not_activated');
  const token = await issueLink(ctx.services.db, 'reset', guid, RESET_LINK_SECONDS, { address: row.email as string });
  await sendMail(ctx.services, ctx.lang, row.email as string, 'reset', { username: row.username, link: mailLink(ctx.services.publicUrl, ctx.lang, '/resetPassword', { token }), minutes: RESET_LINK_SECONDS / 60 });
  return { sent: true, email: row.email };
});

export const childResend = named({ input: one, output: mailed }, async (ctx, { guid }) => {
  const row = await findOne(ctx, guid);
  if (row.status !== SUB_STATUS.toBeActivated) throw new Warning('server.already_activated');
  await mailActivation(ctx.services, ctx.lang, ctx.caller!.buGuid!, { guid, username: row.username as string, email: row.email as string });
  return { sent: true, email: row.email };
});

const setRoleInput = one.extend({ role_guids: rolesInput });
export const childSetRole = named({ input: setRoleInput, output: (_mount, def) => rowAnswer(def) }, async (ctx, { guid, role_guids }) => {
  const roles = [...new Set(role_guids)];
  await ctx.services.db.transaction(async (tx) => {
    await findOne(ctx, guid, tx);
    await checkRoles(ctx, tx, roles);
    await tx.query('update user_bu set role_guids = $1 where user_guid = $2 and bu_guid = $3', [JSON.stringify(roles), guid, ctx.caller!.buGuid]);
    await syncUserRoles(tx, ctx.caller!.buGuid!);
  });
  ctx.services.callers.invalidate();
  return findOne(ctx, guid);
});

/** The activation link's form: the sub-account sets its password (its BU's policy) and becomes normal. */
const activateInput = newPasswordInput.extend(linkInput.shape);
export const childActivate = named({ input: activateInput, output: z.object({ username: z.string() }) }, async (ctx, body) => {
  const db = ctx.services.db;
  const link = await readLink(db, 'activate', body.token);
  const u = (await db.query<{ guid: string; username: string; bu_guid: string; status: number }>('select guid, username, bu_guid, status from users where guid = $1 and user_type = $2', [link.userGuid, USER_TYPE.sub])).rows[0];
  if (!u || u.status !== SUB_STATUS.toBeActivated) throw new Warning('server.link_expired', {}, { expired: true });
  checkConfirm(ctx.lang, body);
  checkPassword(ctx.lang, await passwordPolicyOf(db, u.bu_guid), body.password);
  if (!(await useLink(db, link.guid))) throw new Warning('server.link_expired', {}, { expired: true });
  const hash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.query('update users set password = $1, status = 0, updated_at = now() where guid = $2 and status = 2', [hash, u.guid]);
    // The link reached the address it was mailed to; an address the BU changed since stays unproved.
    await proveEmail(tx, u.guid, link.address);
    // The BU's owner hears that the account is in use.
    const owner = (await tx.query<{ created_by: string | null }>('select created_by from bu where guid = $1', [u.bu_guid])).rows[0]?.created_by;
    if (owner) await notify.user(tx, owner, u.bu_guid, { key: 'sub_account_activated', params: { username: u.username }, link: '/account/member-manage' });
  });
  return { username: u.username };
});
