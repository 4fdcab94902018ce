import { translate, type Lang } from '../../i18n/index.ts';
import type { Services } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';

/** Sends a mail in `lang`: subject and body are i18n keys under `mail.<kind>`. */
export const sendMail = async (services: Services, lang: Lang, to: string, kind: string, params: Record<string, unknown>) => {
  if (!services.mailer) throw new Warning('server.mail_unavailable');
  await services.mailer.send({ to, subject: translate(lang, `mail.${kind}.subject`, params), text: translate(lang, `mail.${kind}.body`, params) });
};
