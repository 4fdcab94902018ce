import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { USER_TYPE } from '../auth/caller.ts';
import { clearAttempts, laneOf, LOGIN_RATE, rememberAddress, takeAttempt } from '../auth/throttle.ts';
import type { Queryable } from '../db/driver.ts';
import type { Services } from '../engine/context.ts';
import type { CallDoc } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { sendMail } from '../mail/send.ts';
import { verificationCode } from '../../schemas/tenant-auth.ts';
import { recordLogin } from '../services/audit-log.ts';
import { codeAllowed } from '../services/login-types.ts';
import { membershipsOf } from '../services/memberships.ts';
import { addressOfCode, checkCode, issueCode, useCode } from '../services/one-time-codes.ts';
import { emailVerified, proveEmail } from '../services/verified-email.ts';
import { safePolicyOf, throttleOf } from '../services/policy.ts';
import { bespoke } from './bespoke.ts';
import { mailUnlockLink } from './unlock.ts';
import { issueFor, pickBu, userRow } from './tenant-auth.ts';
import { codeSent, tenantSession } from './answers.ts';

/** A username, or the e-mail address of exactly one account. */
const account = () => z.string().trim().toLowerCase().min(1, 'validation.required').max(128, 'validation.too_big');
const sendInput = z.object({ username: account() });
const loginInput = z.object({ username: account(), code: verificationCode() });

interface Account {
  guid: string;
  username: string;
  email: string | null;
  status: number;
  user_type: number;
  lang: string | null;
}

/**
 * The account a typed username or address names. An address names an account only once that
 * account proved it (server/services/verified-email.ts), so an account given someone else's
 * address unproved (a sub-account another BU added) never takes or shadows its holder's sign-in.
 */
const findAccount = async (db: Queryable, given: string): Promise<Account | undefined> => {
  const { rows } = await db.query<Account>(
    `select u.guid, u.username, u.email, u.status, u.user_type, u.lang from users u
      where u.user_type = any($2::smallint[]) and (lower(u.username) = $1 or (position('@' in $1) > 0 and lower(u.email) = $1 and ${emailVerified('u')}))
      order by lower(u.username) = $1 desc limit 2`,
    [given, [USER_TYPE.main, USER_TYPE.sub]],
  );
  // The username first; an address two accounts proved names neither.
  return rows.find((r) => r.username.toLowerCase() === given) ?? (rows.length === 1 ? rows[0] : undefined);
};

/**
 * The e-mail-code sign-in, one of the login types a BU picks (docs/sso.md): a 6-digit code mailed
 * to the account's address, valid 10 minutes and once, dead after 5 wrong tries; every try also
 * counts in the account's lockout lanes, as a wrong password does.
 */
export const mountCodeLogin = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  const call = bespoke(app, services, docs, 'tenant-identity');
  const db = services.db;

  call({ path: '/open/sys-auth/send-login-code', answer: codeSent, summary: 'Mail a sign-in code (6 digits, 10 minutes, once)', body: sendInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang }) => {
    const { username } = parseOrWarn(lang, sendInput, input, 'user');
    // A code is made for whatever was typed, so a known and an unknown account get the same answer and the same resend wait.
    const found = await findAccount(db, username);
    const { code, expires_in, resend_after } = await issueCode(db, 'login', username, found?.email ?? null);
    if (found?.email && found.status === 0 && (await codeAllowed(db, found.guid))) await sendMail(services, lang, found.email, 'code', { code, minutes: expires_in / 60 });
    return { expires_in, resend_after };
  });

  call({ path: '/open/sys-auth/code-login', answer: tenantSession, summary: 'Tenant login with a mailed code', body: loginInput, limit: LOGIN_RATE }, { public: true }, ({ input, lang, req }) =>
    recordLogin(services.audit, { scene: 'tenant', method: 'email_code', username: input.username, ip: req.ip, userAgent: req.headers['user-agent'] }, async () => {
      const { username, code } = parseOrWarn(lang, loginInput, input, 'user');
      const found = await findAccount(db, username);
      const policy = found ? await safePolicyOf(db, (await membershipsOf(db, found.guid))[0]?.bu_guid ?? null) : null;
      const lane = await laneOf(db, found?.guid, req.ip);
      await takeAttempt(db, found?.username ?? username, throttleOf(policy), lane, () => (found ? mailUnlockLink(services, lang, found) : Promise.resolve()));
      const codeGuid = await checkCode(db, 'login', username, code);
      if (!found) throw new Warning('server.code_invalid', {}, { field: 'code' });
      await useCode(db, codeGuid);
      await clearAttempts(db, found.username, lane);
      // The code reached the address it was mailed to: that address is proved (whatever the account holds now).
      await proveEmail(db, found.guid, await addressOfCode(db, codeGuid));
      if (found.status === 2) throw new Warning('server.account_not_activated');
      if (found.status !== 0) throw new Warning('server.account_frozen');
      if (!(await codeAllowed(db, found.guid))) throw new Warning('server.sso.code_not_allowed');
      await rememberAddress(db, found.guid, req.ip);
      const buGuid = await pickBu(db, found.guid, req.ip);
      const { token, exp } = await issueFor(services, found, buGuid);
      return { token, exp, buGuid, user: await userRow(db, found.guid) };
    }),
  );
};
