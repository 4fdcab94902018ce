import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where `.eml` files go when there is no SMTP server; undefined with SMTP. */
  readonly dir?: string;
  /** Where mail goes, for the start banner: the folder, or the SMTP server without its credentials. */
  readonly target?: string;
  /** The From address every message carries (MAIL_FROM). */
  readonly from?: string;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; absent = write `.eml` files to `dir`. */
  smtpUrl?: string;
  dir?: string;
  /** The From address (MAIL_FROM), e.g. `Open Platform <no-reply@example.com>`. */
  from?: string;
  log?: (line: string) => void;
}

export const DEFAULT_FROM = 'Open Platform <no-reply@open-platform.local>';

/** An SMTP URL as it may be printed: scheme, host and port, never the user or password. */
export const smtpTarget = (smtpUrl: string) => {
  const u = new URL(smtpUrl);
  return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
};

/** Refuses at start what would only fail at the first mail: a URL that is not SMTP, a From without an address. */
const check = (opts: MailerOptions) => {
  if (opts.smtpUrl) {
    let u: URL;
    try {
      u = new URL(opts.smtpUrl);
    } catch {
      throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587.');
    }
    if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${u.protocol}//.`);
  }
  if (opts.from !== undefined && !/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>\s*$/.test(opts.from.trim())) {
    throw new Error(`MAIL_FROM must be an address (no-reply@example.com) or a name and an address (Open Platform <no-reply@example.com>), not "${opts.from}".`);
  }
};

/** nodemailer is loaded with the first message, not with the server: most starts send none. */
const lazyTransport = (make: (nm: typeof import('nodemailer').default) => Transporter) => {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((m) => make(m.default)));
};

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is rendered by nodemailer
 * and written as `<time>-<id>.eml` under DATA_DIR/mail/, its subject logged, so a fresh install
 * works with no mail server. Every message is from `from` (MAIL_FROM).
 */
export const createMailer = (opts: MailerOptions): Mailer => {
  check(opts);
  const from = opts.from?.trim() || DEFAULT_FROM;
  const log = opts.log ?? (() => {});
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    const transport = lazyTransport((nm) => nm.createTransport(smtpUrl));
    return {
      target: smtpTarget(smtpUrl),
      from,
      async send(mail) {
        await (await transport()).sendMail({ from, textEncoding: 'quoted-printable', ...mail });
        log(`mail sent to ${mail.to}: ${mail.subject}`);
      },
    };
  }
  if (!opts.dir) throw new Error('mailer needs SMTP_URL or a mail folder');
  const dir = opts.dir;
  mkdirSync(dir, { recursive: true });
  const transport = lazyTransport((nm) => nm.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    dir,
    target: dir,
    from,
    async send(mail) {
      const info = await (await transport()).sendMail({ from, textEncoding: 'quoted-printable', ...mail });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log(`mail to ${mail.to} written to ${file}: ${mail.subject}`);
    },
  };
};
