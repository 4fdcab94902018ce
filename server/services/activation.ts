import type { Services } from '../engine/context.ts';
import type { Lang } from '../../i18n/index.ts';
import { mailLink } from '../mail/link.ts';
import { sendMail } from '../mail/send.ts';
import { ACTIVATION_LINK_SECONDS, issueLink } from './one-time-codes.ts';

/** Mails a sub-account the link that sets its password and activates it (7 days). */
export const mailActivation = async (services: Services, lang: Lang, buGuid: string, user: { guid: string; username: string; email: string }, opts: { resendCheck?: boolean } = {}) => {
  const token = await issueLink(services.db, 'activate', user.guid, ACTIVATION_LINK_SECONDS, { ...opts, address: user.email });
  const bu = (await services.db.query<{ name: string }>('select name from bu where guid = $1', [buGuid])).rows[0];
  await sendMail(services, lang, user.email, 'activate', {
    username: user.username,
    bu: bu?.name ?? '',
    link: mailLink(services.publicUrl, lang, '/account-active', { token }),
    days: ACTIVATION_LINK_SECONDS / 86400,
  });
};
