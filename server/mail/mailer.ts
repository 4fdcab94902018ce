import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where `.eml` files go when there is no SMTP server; undefined with SMTP. */
  readonly dir?: string;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; absent = write `.eml` files to `dir`. */
  smtpUrl?: string;
  dir?: string;
  from?: string;
  log?: (line: string) => void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is rendered by nodemailer
 * and written as `<time>-<id>.eml` under DATA_DIR/mail/, its subject logged, so a fresh install
 * works with no mail server.
 */
export const createMailer = (opts: MailerOptions): Mailer => {
  const from = opts.from ?? 'Open Platform <no-reply@open-platform.local>';
  const log = opts.log ?? (() => {});
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, textEncoding: 'quoted-printable', ...mail });
        log(`mail sent to ${mail.to}: ${mail.subject}`);
      },
    };
  }
  if (!opts.dir) throw new Error('mailer needs SMTP_URL or a mail folder');
  const dir = opts.dir;
  mkdirSync(dir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    dir,
    async send(mail) {
      const info = await transport.sendMail({ from, textEncoding: 'quoted-printable', ...mail });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log(`mail to ${mail.to} written to ${file}: ${mail.subject}`);
    },
  };
};
