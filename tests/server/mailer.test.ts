import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, DEFAULT_FROM, smtpTarget } from '../../server/mail/mailer.ts';

/** Mail without a mail server (`.eml` files in DATA_DIR/mail), MAIL_FROM, and what the start banner may print of SMTP_URL. */
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const eml = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(join(folder, f), 'utf8'));

describe('mail without SMTP_URL', () => {
  it('is written as an .eml file in the mail folder, from MAIL_FROM', async () => {
    dir = mkdtempSync(join(tmpdir(), 'open-mail-'));
    const lines: string[] = [];
    const mailer = createMailer({ dir, from: 'Platform Team <team@example.com>', log: (l) => lines.push(l) });
    expect(mailer.dir).toBe(dir);
    expect(mailer.target).toBe(dir);
    expect(mailer.from).toBe('Platform Team <team@example.com>');
    await mailer.send({ to: 'someone@example.org', subject: 'Your code', text: 'Code: 123456' });
    const [message] = eml(dir);
    expect(message).toMatch(/^From: Platform Team <team@example\.com>$/m);
    expect(message).toMatch(/^To: someone@example\.org$/m);
    expect(message).toContain('Code: 123456');
    expect(lines.join('\n')).toContain('mail to someone@example.org written to');
  });

  it('is from the default address when MAIL_FROM is not set', async () => {
    dir = mkdtempSync(join(tmpdir(), 'open-mail-'));
    const mailer = createMailer({ dir });
    expect(mailer.from).toBe(DEFAULT_FROM);
    await mailer.send({ to: 'a@example.org', subject: 's', text: 't' });
    expect(eml(dir)[0]).toMatch(/^From: Open Platform <no-reply@open-platform\.local>$/m);
  });
});

describe('settings refused at start rather than at the first mail', () => {
  it('a MAIL_FROM that is not an address', () => {
    for (const from of ['no-reply', 'Open Platform', 'a@b@c', 'Name <not an address>']) {
      expect(() => createMailer({ dir: tmpdir(), from })).toThrow(/MAIL_FROM/);
    }
    for (const from of ['no-reply@example.com', 'Open Platform <no-reply@example.com>']) {
      expect(() => createMailer({ dir: tmpdir(), from })).not.toThrow();
    }
  });

  it('an SMTP_URL that is not an SMTP URL', () => {
    expect(() => createMailer({ smtpUrl: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => createMailer({ smtpUrl: 'http://mail.example.com' })).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});

describe('with SMTP_URL', () => {
  it('says where mail goes without the credentials', () => {
    const mailer = createMailer({ smtpUrl: 'smtp://user:s3cret@mail.example.com:587' });
    expect(mailer.dir).toBeUndefined();
    expect(mailer.target).toBe('smtp://mail.example.com:587');
    expect(smtpTarget('smtps://u:p@smtp.example.com')).toBe('smtps://smtp.example.com');
  });
});
