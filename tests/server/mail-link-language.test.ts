import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

/** The one link in the latest mail to `email` (without the sentence's punctuation after it). */
const linkIn = (email: string) => new URL(/https?:\/\/[^\s;,]+/.exec(s.mails(email).at(-1)?.text ?? '')![0]);

/**
 * A mailed link opens its page in the mail's language (`lang`, read by src/main.tsx), and is built
 * on the configured public address whatever the request's Host says.
 */
describe('links in mail carry the mail’s language', () => {
  it('a password reset asked for in English links in English, on PUBLIC_URL', async () => {
    const t = await tenantWithBu(s);
    const r = await s.post('/open/sys-auth/send-email-reset-password', { email: t.email }, { lang: 'en-US', headers: { host: 'attacker.example' } });
    expect(r.code, r.message).toBe(200);
    const link = linkIn(t.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${s.services.publicUrl}/resetPassword`);
    expect(link.searchParams.get('lang')).toBe('en');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(s.mails(t.email).at(-1)!.subject).toMatch(/password/i);
  });

  it('a sub-account’s invitation sent from a Hong Kong console links in hk', async () => {
    const owner = await tenantWithBu(s);
    const name = `sub_${uid()}`;
    const email = `${name}@example.com`;
    const added = await s.post('/open/system/user/child-add', { username: name, name: 'Sub', email, role_guids: [] }, { token: owner.token, lang: 'zh-HK' });
    expect(added.code, added.message).toBe(200);
    const link = linkIn(email);
    expect(link.pathname).toBe('/account-active');
    expect(link.searchParams.get('lang')).toBe('hk');
    expect(s.mails(email).at(-1)!.text).toContain('帳號');
  });

  it('a sign-up with an address already registered links to the login page in the mail’s language', async () => {
    const t = await tenantWithBu(s);
    // Its sign-up code was mailed a moment ago: that wait for a resend is over.
    await s.db.query("update one_time_code set created_at = created_at - interval '1 hour' where target = $1", [t.email.toLowerCase()]);
    const r = await s.post('/open/system/user/send-email-verification-code', { email: t.email }, { lang: 'en-US' });
    expect(r.code, r.message).toBe(200);
    const link = linkIn(t.email);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('lang')).toBe('en');
  });
});
