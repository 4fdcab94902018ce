import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Lang } from '../../i18n/index.ts';
import { linkInput } from '../../schemas/tenant-auth.ts';
import { clearAttempts, LOGIN_RATE } from '../auth/throttle.ts';
import type { Services } from '../engine/context.ts';
import type { CallDoc } from '../http/calls.ts';
import { Warning } from '../http/envelope.ts';
import { parseOrWarn } from '../http/validation.ts';
import { bespoke } from './bespoke.ts';
import { issueLink, readLink, useLink } from '../services/one-time-codes.ts';
import { mailLink } from '../mail/link.ts';
import { sendMail } from '../mail/send.ts';

/** An unlock link lives a day: long enough to be read, short enough to be useless later. */
export const UNLOCK_LINK_SECONDS = 24 * 3600;

/**
 * Told once, when guessing locks an account: a mail to its own address with a link that lifts
 * the lock. Mail trouble must not turn a refused login into a server error.
 */
export const mailUnlockLink = async (services: Services, lang: Lang, user: { guid: string; username: string; email: string | null; lang?: string | null }) => {
  if (!user.email || !services.mailer) return;
  try {
    const token = await issueLink(services.db, 'unlock', user.guid, UNLOCK_LINK_SECONDS, { resendCheck: false });
    const to = user.lang === 'zh' || user.lang === 'hk' || user.lang === 'en' ? user.lang : lang;
    await sendMail(services, to, user.email, 'unlock', { username: user.username, link: mailLink(services.publicUrl, to, '/unlockAccount', { token }), hours: UNLOCK_LINK_SECONDS / 3600 });
  } catch {
    // The lock stands either way; an operator can still lift it.
  }
};

export const mountUnlock = (app: FastifyInstance, services: Services, docs: CallDoc[]) => {
  const call = bespoke(app, services, docs, 'unlock');
  const db = services.db;
  const usernameOf = async (guid: string) => (await db.query<{ username: string }>('select username from users where guid = $1', [guid])).rows[0]?.username;

  call({ path: '/open/sys-auth/unlock-account', answer: z.object({ username: z.string() }), summary: 'Lift a login lockout through the mailed unlock link', body: linkInput, limit: LOGIN_RATE }, { public: true }, async ({ input, lang }) => {
    const { token } = parseOrWarn(lang, linkInput, input, 'user');
    const link = await readLink(db, 'unlock', token);
    const username = await usernameOf(link.userGuid);
    if (!username || !(await useLink(db, link.guid))) throw new Warning('server.link_expired', {}, { expired: true });
    await clearAttempts(db, username);
    return { username };
  });

  const unlockInput = z.object({ guid: z.uuid('validation.guid_format') });
  call({ path: '/open/admin/system/user/unlock', answer: z.object({ guid: z.uuid(), username: z.string() }), summary: 'Lift the login lockout of any account (operators)', body: unlockInput }, { scope: 'platform', perm: 'admin:user', action: 'update', writes: 'user' }, async ({ input, lang }) => {
    const { guid } = parseOrWarn(lang, unlockInput, input, 'user');
    const username = await usernameOf(guid);
    if (!username) throw new Warning('server.record_not_found');
    await clearAttempts(db, username);
    return { guid, username };
  });
};
