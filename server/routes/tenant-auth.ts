import { randomUUID } from 'node:crypto';
import { LOGIN_RATE } from '../auth/throttle.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { translate, type Lang } from '../../i18n/index.ts';
import { datetime, email as emailField, name30, phone as phoneField, text, url, username as usernameField } from '../../schemas/common.ts';
import { emailCodeInput, linkInput, newPasswordInput, registerInput, resetRequestInput, verificationCode } from '../../schemas/tenant-auth.ts';
import { USER_TYPE, type Caller } from '../auth/caller.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearAttempts, laneOf, rememberAddress, takeAttempt } from '../auth/throttle.ts';
import { mailUnlockLink } from './unlock.ts';
import { mailLink } from '../mail/link.ts';
import { sendMail } from '../mail/send.ts';
import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';
import type { CallDoc } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { recordLogin } from '../services/audit-log.ts';
import { passwordMethodOf } from '../services/login-types.ts';
import { assertMayGiveRoles, assertNotOwnRoles } from '../engine/privilege.ts';
import { duplicateWarning } from '../engine/verbs.ts';
import { user } from '../../resources/user.ts';
import { membershipsOf, syncUserRoles } from '../services/memberships.ts';
import { bespoke } from './bespoke.ts';
import { proveEmail } from '../services/verified-email.ts';
import { ssoBoundBu } from '../sso/sessions.ts';
import { checkCode, consumeCode, issueCode, issueLink, readLink, RESET_LINK_SECONDS, useCode, useLink } from '../services/one-time-codes.ts';
import { checkConfirm, checkPassword, ipAllowed, passwordPolicyOf, safePolicyOf, throttleOf, tokenTtlOf } from '../services/policy.ts';
import { account, codeSent, nothing, tenantSession, token } from './answers.ts';

export const PUBLIC_USER_COLUMNS = 'guid, username, name, alias, email, phone, avatar_url, status, user_type, lang, created_at';

export const userRow = async (db: Queryable, guid: string) => (await db.query(`select ${PUBLIC_USER_COLUMNS} from users where guid = $1`, [guid])).rows[0];


const langOfUser = (stored: unknown, fallback: Lang): Lang => (stored === 'zh' || stored === 'hk' || stored === 'en' ? stored : fallback);

/** The BU a new token carries: the first membership (owned first) whose whitelist admits the address. */
export const pickBu = async (db: Queryable, userGuid: string, ip: string) => {
  const memberships = (await membershipsOf(db, userGuid)).filter((m) => m.status === null || m.status === 0);
  for (const m of memberships) if (await ipAllowed(db, m.bu_guid, ip)) return m.bu_guid;
  if (memberships.length) throw new Warning('server.ip_not_allowed', { ip });
  return null;
};

/** Issues a token for `buGuid` with that BU's token validity. */
export const issueFor = async (services: Services, user: { guid: string; user_type: number }, buGuid: string | null) => {
  const ttl = tokenTtlOf(await safePolicyOf(services.db, buGuid));
  return services.tokens.issue(user, buGuid, ttl);
};

const loginInput = z.object({
  username: z.string().trim().min(1, 'validation.required').max(32, 'validation.max_32'),
  password: z.string().min(1, 'validation.required').max(128, 'validation.too_big'),
});

/** Sets a user's password under the policy of `buGuid`, ends every session and clears lockouts. */
const setPassword = async (services: Services, lang: Lang, user: { guid: string; username: string }, buGuid: string | null, input: { password: string; confirm_password?: string }) => {
  checkConfirm(lang, input);
  checkPassword(lang, await passwordPolicyOf(services.db, buGuid), input.password);
  await services.db.query('update users set password = $1, updated_at = now() where guid = $2', [await hashPassword(input.password), user.guid]);
  await services.tokens.revokeUser(user.guid);
  await clearAttempts(services.db, user.username);
  services.callers.invalidate();
};

const homeBu = async (db: Queryable, userGuid: string) => (await membershipsOf(db, userGuid))[0]?.bu_guid ?? null;

export const mountTenantAuth = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  const call = bespoke(app, services, docs, 'tenant-identity');
  const db = services.db;

  /* Sign-up ----------------------------------------------------------------------------------- */

  call({ path: '/open/system/user/send-email-verification-code', answer: codeSent, summary: 'Mail a 6-digit code (10 minutes, single use)', body: emailCodeInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang, caller }) => {
    const { email, purpose } = parseOrWarn(lang, emailCodeInput, input, 'user');
    if (purpose === 'change-email' && !caller) throw new Warning('server.not_logged_in', {}, null, 401);
    const target = purpose === 'change-email' ? `${caller!.userGuid}:${email.toLowerCase()}` : email.toLowerCase();
    // The same answer (and the same resend wait) whether or not the address has an account, so sign-up tells no stranger who is registered.
    const { code, expires_in, resend_after } = await issueCode(db, purpose, target);
    const holder = purpose === 'register' ? (await db.query<{ username: string }>('select username from users where lower(email) = lower($1) and user_type = 1', [email])).rows[0] : undefined;
    // Its owner is told instead that the address already has an account, and how to get back in.
    if (holder) await sendMail(services, lang, email, 'registered', { username: holder.username, link: mailLink(services.publicUrl, lang, '/login') });
    else await sendMail(services, lang, email, 'code', { code, minutes: expires_in / 60 });
    return { expires_in, resend_after };
  });

  call({ path: '/open/sys-auth/register-account', answer: token.extend({ user: account }), summary: 'Create a main account with a mailed code', body: registerInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang, req }) => {
    const body = parseOrWarn(lang, registerInput, input, 'user');
    checkConfirm(lang, body);
    // The mailed code first: without it, nobody learns which usernames are taken. A taken name keeps the code for a second try.
    const codeGuid = await checkCode(db, 'register', body.email.toLowerCase(), body.code);
    const dup = await db.query<{ username: string }>('select username from users where username = $1 or (lower(email) = lower($2) and user_type = 1)', [body.username, body.email]);
    if (dup.rows[0]) {
      const field = dup.rows[0].username === body.username ? 'username' : 'email';
      throw new Warning('server.duplicate', { fields: translate(lang, `resources.user.fields.${field}`) }, { fields: [field] });
    }
    const guid = randomUUID();
    const hashed = await hashPassword(body.password);
    try {
      await db.transaction(async (tx) => {
        await useCode(tx, codeGuid);
        await tx.query(
          // The mailed code proved the address.
          `insert into users (guid, username, password, email, verified_email, name, status, user_type, role_guids, lang) values ($1, $2, $3, $4, lower($4), $2, 0, 1, '[]', $5)`,
          [guid, body.username, hashed, body.email, lang],
        );
      });
    } catch (e) {
      throw duplicateWarning(lang, user, e, ['username']);
    }
    const { token, exp } = await issueFor(services, { guid, user_type: USER_TYPE.main }, null);
    return { token, exp, user: await userRow(db, guid) };
  });

  /* Sign-in ----------------------------------------------------------------------------------- */

  // Every attempt, success or refusal, goes to the login log (server/services/audit-log.ts).
  call({ path: '/open/sys-auth/login', answer: tenantSession, summary: 'Tenant login (main and sub accounts)', body: loginInput, limit: LOGIN_RATE }, { public: true }, ({ input, lang, req }) => {
    const entry = { scene: 'tenant' as const, method: 'password', username: input.username, ip: req.ip, userAgent: req.headers['user-agent'] };
    return recordLogin(services.audit, entry, () => tenantLogin(input, lang, req.ip, entry));
  });

  const tenantLogin = async (input: Record<string, unknown>, lang: Lang, ip: string, entry: { method: string }) => {
    const { username, password } = parseOrWarn(lang, loginInput, input, 'user');
    const found = (await db.query<{ guid: string; password: string | null; status: number; user_type: number; username: string; email: string | null; lang: string | null }>(
      'select guid, username, password, status, user_type, email, lang from users where username = $1 and user_type = any($2::smallint[])',
      [username, [USER_TYPE.main, USER_TYPE.sub]],
    )).rows[0];
    // The login policy of the account's first BU decides the lockout; every attempt takes a slot first.
    const policy = found ? await safePolicyOf(db, await homeBu(db, found.guid)) : null;
    const lane = await laneOf(db, found?.guid, ip);
    await takeAttempt(db, username, throttleOf(policy), lane, () => (found ? mailUnlockLink(services, lang, found) : Promise.resolve()));
    // A hash is checked on every path (unknown or not yet activated accounts too), so the time taken tells nothing.
    if (!(await verifyPassword(found?.password ?? undefined, password)) || !found) throw new Warning('server.login_failed');
    await clearAttempts(db, username, lane);
    if (found.status === 2) throw new Warning('server.account_not_activated');
    if (found.status !== 0) throw new Warning('server.account_frozen');
    // The BU's login types decide, once the password was right: a stranger learns nothing of them.
    entry.method = await passwordMethodOf(db, found.guid);
    await rememberAddress(db, found.guid, ip);
    const buGuid = await pickBu(db, found.guid, ip);
    const { token, exp } = await issueFor(services, found, buGuid);
    return { token, exp, buGuid, user: await userRow(db, found.guid) };
  };

  /* Password reset ---------------------------------------------------------------------------- */

  call({ path: '/open/sys-auth/send-email-reset-password', answer: z.object({ sent: z.literal(true), minutes: z.int() }), summary: 'Mail a reset link (30 minutes) to every account of an e-mail', body: resetRequestInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang, req }) => {
    const { email } = parseOrWarn(lang, resetRequestInput, input, 'user');
    const { rows } = await db.query<{ guid: string; username: string; lang: string | null }>(
      'select guid, username, lang from users where lower(email) = lower($1) and user_type = any($2::smallint[]) and status in (0, 1) order by created_at limit 20',
      [email, [USER_TYPE.main, USER_TYPE.sub]],
    );
    for (const u of rows) {
      const token = await issueLink(db, 'reset', u.guid, RESET_LINK_SECONDS, { address: email });
      const to = langOfUser(u.lang, lang);
      await sendMail(services, to, email, 'reset', { username: u.username, link: mailLink(services.publicUrl, to, '/resetPassword', { token }), minutes: RESET_LINK_SECONDS / 60 });
    }
    // The same answer whether or not an account has this address, so addresses cannot be probed.
    return { sent: true, minutes: RESET_LINK_SECONDS / 60 };
  });

  call({ path: '/open/sys-auth/verify-reset-password-link', answer: z.object({ valid: z.literal(true), username: z.string().optional(), expires_at: datetime() }), summary: 'Whether a reset link is still valid', body: linkInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang }) => {
    const { token } = parseOrWarn(lang, linkInput, input, 'user');
    const link = await readLink(db, 'reset', token);
    const u = await userRow(db, link.userGuid);
    return { valid: true, username: u?.username, expires_at: link.expiresAt };
  });

  // The activation page asks first, so an expired link says so before a password is typed twice.
  call({ path: '/open/sys-auth/verify-activation-link', answer: z.object({ valid: z.literal(true), username: z.string(), expires_at: datetime() }), summary: "Whether a sub-account's activation link is still valid", body: linkInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang }) => {
    const { token } = parseOrWarn(lang, linkInput, input, 'user');
    const link = await readLink(db, 'activate', token);
    const u = (await db.query<{ username: string }>('select username from users where guid = $1 and user_type = $2 and status = 2', [link.userGuid, USER_TYPE.sub])).rows[0];
    if (!u) throw new Warning('server.link_expired', {}, { expired: true });
    return { valid: true, username: u.username, expires_at: link.expiresAt };
  });

  const resetInput = newPasswordInput.extend(linkInput.shape);
  call({ path: '/open/sys-auth/reset-password', answer: z.object({ username: z.string() }), summary: 'Set a new password through a reset link', body: resetInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang }) => {
    const body = parseOrWarn(lang, resetInput, input, 'user');
    const link = await readLink(db, 'reset', body.token);
    const u = (await db.query<{ guid: string; username: string }>('select guid, username from users where guid = $1', [link.userGuid])).rows[0];
    if (!u) throw new Warning('server.link_expired', {}, { expired: true });
    checkConfirm(lang, body);
    checkPassword(lang, await passwordPolicyOf(db, await homeBu(db, u.guid)), body.password);
    if (!(await useLink(db, link.guid))) throw new Warning('server.link_expired', {}, { expired: true });
    await proveEmail(db, u.guid, link.address);
    await setPassword(services, lang, u, await homeBu(db, u.guid), body);
    return { username: u.username };
  });

  /* Business units of the caller ---------------------------------------------------------------- */

  // Each BU's certification state too: routes needing a verified organisation apply to every member,
  // also to sub-accounts whose roles do not grant reading the certification itself.
  call({ path: '/open/system/user-bu/list', answer: z.array(z.object({ guid: z.uuid(), name: z.string(), alias: z.string().nullable(), code: z.string().nullable(), cover_url: z.string().nullable(), abbreviation: z.string().nullable(), status: z.int(), is_owner: z.boolean(), current: z.boolean(), auth_state: z.int() })), summary: "The caller's business units" }, { tenantOnly: true }, async ({ caller }) =>
    (await db.query(
      `select b.guid, b.name, b.alias, b.code, b.cover_url, b.abbreviation, b.status, ub.is_owner, (b.guid = $2) as current,
              coalesce((select o.auth_state from org o where o.bu_guid = b.guid limit 1), 0) as auth_state
         from user_bu ub join bu b on b.guid = ub.bu_guid where ub.user_guid = $1 order by ub.is_owner desc, ub.created_at, b.guid`,
      [caller.userGuid, caller.buGuid],
    )).rows,
  );

  const selectInput = z.object({ guid: z.uuid('validation.guid_format') });
  call({ path: '/open/system/user-bu/select', answer: token.extend({ buGuid: z.uuid() }), summary: 'Switch BU: a new token for a BU the caller belongs to', body: selectInput }, { tenantOnly: true }, async ({ caller, input, lang, req }) => {
    const { guid } = parseOrWarn(lang, selectInput, input, 'bu');
    const m = (await membershipsOf(db, caller.userGuid)).find((x) => x.bu_guid === guid);
    if (!m || m.status === null) throw new Warning('server.record_not_found');
    if (m.status !== 0) throw new Warning('server.bu_disabled');
    if (!(await ipAllowed(db, guid, req.ip))) throw new Warning('server.ip_not_allowed', { ip: req.ip });
    // A company sign-in's session is its BU's only: another BU needs its own sign-in (server/routes/sso.ts).
    if (guid !== caller.buGuid && (await ssoBoundBu(db, caller.jti))) throw new Warning('server.sso.bound_to_bu');
    const { token, exp } = await issueFor(services, { guid: caller.userGuid, user_type: caller.userType }, guid);
    return { token, exp, buGuid: guid };
  });

  call({ path: '/open/system/user-bu/role-list', answer: z.object({ is_owner: z.boolean(), list: z.array(z.object({ guid: z.uuid(), name: z.string(), code: z.string().nullable(), type: z.int().nullable(), category: z.int().nullable(), status: z.int() })) }), summary: "The caller's roles in the current BU" }, { tenantOnly: true, scope: 'bu' }, async ({ caller }) => {
    const m = (await db.query<{ is_owner: boolean; role_guids: string[] }>('select is_owner, role_guids from user_bu where user_guid = $1 and bu_guid = $2', [caller.userGuid, caller.buGuid])).rows[0];
    const roles = (await db.query('select guid, name, code, type, category, status from role where bu_guid = $1 and guid = any($2::uuid[]) order by name', [caller.buGuid, m?.role_guids ?? []])).rows;
    return { is_owner: !!m?.is_owner, list: roles };
  });

  /* Personal settings --------------------------------------------------------------------------- */

  const self = async (caller: Caller) => {
    const u = (await db.query<{ guid: string; username: string; password: string; user_type: number; email: string | null }>('select guid, username, password, user_type, email from users where guid = $1', [caller.userGuid])).rows[0];
    if (!u) throw new Warning('server.record_not_found');
    return u;
  };

  call({ path: '/open/system/user/info', answer: account.extend({ userType: z.int(), buGuid: z.uuid().nullable() }), summary: 'The calling tenant account' }, { tenantOnly: true }, async ({ caller }) => ({
    ...(await userRow(db, caller.userGuid)),
    userType: caller.userType,
    buGuid: caller.buGuid,
  }));

  const realName = z.object({ name: name30() });
  call({ path: '/open/system/user/update-personal-real-name', answer: account, summary: 'Change own real name', body: realName }, { tenantOnly: true, writes: 'user' }, async ({ caller, input, lang }) => {
    const { name } = parseOrWarn(lang, realName, input, 'user');
    await db.query('update users set name = $1, updated_at = now() where guid = $2', [name, caller.userGuid]);
    return userRow(db, caller.userGuid);
  });

  const newEmail = z.object({ email: emailField().min(1, 'validation.required') });
  call({ path: '/open/system/user/update-personal-email', answer: codeSent, summary: 'Mail a code to a new e-mail address', body: newEmail }, { tenantOnly: true }, async ({ caller, input, lang }) => {
    const { email } = parseOrWarn(lang, newEmail, input, 'user');
    const { code, expires_in, resend_after } = await issueCode(db, 'change-email', `${caller.userGuid}:${email.toLowerCase()}`);
    await sendMail(services, lang, email, 'code', { code, minutes: expires_in / 60 });
    return { expires_in, resend_after };
  });

  const emailVerify = newEmail.extend({ code: verificationCode() });
  call({ path: '/open/system/user/update-personal-email-verify', answer: account, summary: 'Change own e-mail with the mailed code', body: emailVerify }, { tenantOnly: true, writes: 'user' }, async ({ caller, input, lang }) => {
    const { email, code } = parseOrWarn(lang, emailVerify, input, 'user');
    await consumeCode(db, 'change-email', `${caller.userGuid}:${email.toLowerCase()}`, code);
    await db.query('update users set email = $1, verified_email = lower($1), updated_at = now() where guid = $2', [email, caller.userGuid]);
    return userRow(db, caller.userGuid);
  });

  // A phone number changes through a code sent by text message. No SMS transport is built yet
  // (README: SMS_PROVIDER, not yet supported), so both calls refuse with that sentence — never a
  // code that was not sent, never a number changed unverified (docs/operator.md, "Platform calls").
  const newPhone = z.object({ phone: phoneField() });
  call({ path: '/open/system/user/send-phone-verification-code', answer: nothing, summary: 'Text a code to a new phone number (refused: no SMS transport yet)', body: newPhone }, { tenantOnly: true }, async ({ input, lang }) => {
    // The body is checked as documented before the refusal, so a client learns both.
    parseOrWarn(lang, newPhone, input, 'user');
    throw new Warning('server.sms_not_configured');
  });
  const phoneVerify = newPhone.extend({ code: verificationCode() });
  call({ path: '/open/system/user/update-personal-phone', answer: nothing, summary: 'Change own phone number with the texted code (refused: no SMS transport yet)', body: phoneVerify }, { tenantOnly: true }, async ({ input, lang }) => {
    parseOrWarn(lang, phoneVerify, input, 'user');
    throw new Warning('server.sms_not_configured');
  });

  const newUsername = z.object({ username: usernameField() });
  call({ path: '/open/system/user/update-master-username', answer: account, summary: "Change the main account's username", body: newUsername }, { tenantOnly: true, writes: 'user' }, async ({ caller, input, lang }) => {
    const { username } = parseOrWarn(lang, newUsername, input, 'user');
    if (caller.userType !== USER_TYPE.main) throw new Warning('server.main_account_only');
    try {
      await db.query('update users set username = $1, updated_at = now() where guid = $2', [username, caller.userGuid]);
    } catch (e) {
      throw duplicateWarning(lang, user, e, ['username']);
    }
    return userRow(db, caller.userGuid);
  });

  const changePassword = newPasswordInput.extend({ old_password: z.string().min(1, 'validation.required').max(128, 'validation.too_big') });
  call({ path: '/open/system/user/update-password', answer: token, summary: 'Change own password (policy of the current BU); ends other sessions', body: changePassword }, { tenantOnly: true, writes: 'user' }, async ({ caller, input, lang }) => {
    const body = parseOrWarn(lang, changePassword, input, 'user');
    const u = await self(caller);
    if (!(await verifyPassword(u.password, body.old_password))) throw new Warning('server.old_password_wrong', {}, { field: 'old_password' });
    await setPassword(services, lang, u, caller.buGuid ?? (await homeBu(db, u.guid)), body);
    // The password change ended every session, this one too; hand back a fresh token.
    return issueFor(services, u, caller.buGuid);
  });

  const profile = z.object({ name: name30().optional(), alias: text(30).optional(), avatar_url: url().optional(), lang: z.enum(['zh', 'hk', 'en'], { error: 'validation.invalid_option' }).optional() });
  call({ path: '/open/system/user-info/update', answer: account, summary: 'Change own profile (name, alias, avatar, language)', body: profile }, { tenantOnly: true, writes: 'user' }, async ({ caller, input, lang }) => {
    const body = parseOrWarn(lang, profile, input, 'user');
    const entries = Object.entries(body).filter(([k, v]) => v !== undefined && k in input);
    if (entries.length) {
      await db.query(`update users set ${entries.map(([k], i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() where guid = $1`, [caller.userGuid, ...entries.map(([, v]) => v)]);
    }
    return userRow(db, caller.userGuid);
  });

  /** `check-exist` calls a tenant may make a minute: a form's checks as someone types, not a scan. */
  const CHECK_EXIST_PER_MINUTE = 30;
  const existInput = z.object({ username: usernameField().optional(), email: emailField().optional() }).refine((v) => v.username || v.email, { message: 'validation.username_or_email', path: ['username'] }).meta({ anyOf: [{ required: ['username'] }, { required: ['email'] }] });
  /*
   * Usernames are unique platform-wide, so whether one is taken is answered (sign-up and sub-account
   * forms need it); an e-mail only within what the caller may know — its own account, its current
   * BU's accounts and members — and `false` for every other address, so no tenant learns who has an
   * account. Either way at most CHECK_EXIST_PER_MINUTE a minute per caller (counted on every instance).
   */
  call({ path: '/open/system/user-info/check-exist', answer: z.object({ exist: z.boolean(), username: z.boolean().optional(), email: z.boolean().optional() }), summary: "Whether a username is taken, or an e-mail is the caller's or its BU's", body: existInput }, { tenantOnly: true }, async ({ input, lang, caller }) => {
    const body = parseOrWarn(lang, existInput, input, 'user');
    if ((await services.counters.hit(`check-exist ${caller!.userGuid}`, 60)).count > CHECK_EXIST_PER_MINUTE) throw new Warning('server.rate_limited', {}, null, 429);
    const username = body.username ? !!(await db.query('select 1 from users where username = $1', [body.username])).rows[0] : undefined;
    const email = body.email
      ? !!(await db.query(
          `select 1 from users where guid = $2 and lower(email) = lower($1)
           union all select 1 from users u join user_bu ub on ub.user_guid = u.guid where ub.bu_guid = $3 and lower(u.email) = lower($1)
           union all select 1 from member where bu_guid = $3 and lower(email) = lower($1) limit 1`,
          [body.email, caller!.userGuid, caller!.buGuid],
        )).rows[0]
      : undefined;
    return { exist: !!(username || email), username, email };
  });

  /* Role holders ---------------------------------------------------------------------------------- */

  const assignInput = z.object({ role_guid: z.uuid('validation.guid_format'), user_guids: z.array(z.uuid('validation.guid_format')).max(1000) });
  call({ path: '/open/system/role-user/assign-users', answer: z.object({ role_guid: z.uuid(), user_guids: z.array(z.uuid()) }), summary: 'Set the BU accounts holding a role', body: assignInput }, { scope: 'bu', perm: 'bu:role', action: 'auth', writes: 'role' }, async ({ caller, input, lang }) => {
    const { role_guid, user_guids } = parseOrWarn(lang, assignInput, input, 'role');
    const wanted = [...new Set(user_guids)];
    await db.transaction(async (tx) => {
      const role = (await tx.query('select 1 from role where guid = $1 and bu_guid = $2', [role_guid, caller.buGuid])).rows[0];
      if (!role) throw new Warning('server.record_not_found', {}, { field: 'role_guid' });
      const members = (await tx.query<{ user_guid: string }>('select user_guid from user_bu where bu_guid = $1 and user_guid = any($2::uuid[])', [caller.buGuid, wanted])).rows;
      if (members.length !== wanted.length) throw new Warning('server.reference_not_found', { field: translate(lang, 'resources.sub-account.name').split('|')[0].trim() }, { field: 'user_guids' });
      // Whoever gains or loses the role: the caller may not be among them, and must be able to hold the role itself.
      const holders = (await tx.query<{ user_guid: string }>('select user_guid from user_bu where bu_guid = $1 and role_guids ? $2::text', [caller.buGuid, role_guid])).rows.map((r) => r.user_guid);
      const changed = [...wanted.filter((g) => !holders.includes(g)), ...holders.filter((g) => !wanted.includes(g))];
      if (changed.length) {
        assertNotOwnRoles(caller, changed);
        await assertMayGiveRoles(tx, caller, [role_guid]);
      }
      await tx.query(
        `update user_bu set role_guids = case when user_guid = any($3::uuid[])
             then (select coalesce(jsonb_agg(distinct g), '[]'::jsonb) from jsonb_array_elements_text(role_guids || jsonb_build_array($2::text)) g)
             else coalesce((select jsonb_agg(g) from jsonb_array_elements_text(role_guids) g where g <> $2::text), '[]'::jsonb) end
          where bu_guid = $1 and (user_guid = any($3::uuid[]) or role_guids ? $2::text)`,
        [caller.buGuid, role_guid, wanted],
      );
      await syncUserRoles(tx, caller.buGuid!);
    });
    services.callers.invalidate();
    return { role_guid, user_guids: wanted };
  });
};
