import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { codeFromMail, linkToken, register, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const SEND = '/open/system/user/send-email-verification-code';
const REGISTER = '/open/sys-auth/register-account';
const LOGIN = '/open/sys-auth/login';

const fresh = () => {
  const name = `r_${uid()}`;
  return { username: name, password: 'Passw0rd1', confirm_password: 'Passw0rd1', email: `${name}@example.com`, agree: true };
};
const withCode = async (body: ReturnType<typeof fresh>) => {
  expect((await s.post(SEND, { email: body.email })).code).toBe(200);
  return { ...body, code: codeFromMail(s, body.email) };
};

describe('sign-up', () => {
  it('mails a 6-digit code in the request language and registers with it; the code works once', async () => {
    const body = fresh();
    const sent = await s.post(SEND, { email: body.email }, { lang: 'zh-CN' });
    expect(sent.code).toBe(200);
    expect(sent.data).toMatchObject({ expires_in: 600, resend_after: 60 });
    const mail = s.mails(body.email).at(-1)!;
    expect(mail.subject).toMatch(/验证码 \d{6}/);
    expect(mail.text).toContain('10 分钟');
    const code = codeFromMail(s, body.email);
    const r = await s.post(REGISTER, { ...body, code });
    expect(r.code, r.message).toBe(200);
    expect(r.data.user).toMatchObject({ username: body.username, user_type: 1, email: body.email });
    expect(r.data.user).not.toHaveProperty('password');
    const again = await s.post(REGISTER, { ...body, username: `${body.username}x`, code });
    expect(again.code).toBe(201);
    const login = await s.post(LOGIN, { username: body.username, password: body.password });
    expect(login.code).toBe(200);
    expect(login.data.buGuid).toBeNull();
  });

  it('refuses a resend within 60 seconds, saying how long to wait', async () => {
    const body = fresh();
    await s.post(SEND, { email: body.email });
    const r = await s.post(SEND, { email: body.email });
    expect(r.code).toBe(201);
    expect(r.message).toMatch(/try again in \d+ seconds/);
  });

  it('refuses an expired code', async () => {
    const body = await withCode(fresh());
    await s.db.query("update one_time_code set expires_at = now() - interval '1 second' where target = $1", [body.email]);
    const r = await s.post(REGISTER, body);
    expect(r.code).toBe(201);
    expect(r.message).toBe('The verification code has expired. Please request a new one.');
  });

  it('allows at most 5 wrong tries, even in parallel, after which the right code is dead too', async () => {
    const body = await withCode(fresh());
    const wrong = String((Number(body.code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.post(REGISTER, { ...body, code: wrong })));
    expect(answers.every((a) => a.code === 201)).toBe(true);
    expect(answers.filter((a) => /tries left/.test(a.message)).length).toBeLessThanOrEqual(4);
    const right = await s.post(REGISTER, body);
    expect(right.code).toBe(201);
    expect(right.message).toBe('Too many wrong codes. Please request a new one.');
  });

  it('refuses every rule of the form with its message, in each language', async () => {
    const body = await withCode(fresh());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '' }, 'username', 'Username is required'],
      [{ username: 'x'.repeat(33) }, 'username', 'Username must have at most 32 characters'],
      [{ username: 'bad name!' }, 'username', 'Username may hold only letters, digits and _ @ . -'],
      [{ password: 'short1', confirm_password: 'short1' }, 'password', '8 to 16 characters with at least one letter and one digit'],
      [{ password: 'a'.repeat(17) + '1', confirm_password: 'a'.repeat(17) + '1' }, 'password', '8 to 16 characters'],
      [{ password: 'lettersonly', confirm_password: 'lettersonly' }, 'password', 'at least one letter and one digit'],
      [{ password: '1234567890', confirm_password: '1234567890' }, 'password', 'at least one letter and one digit'],
      [{ confirm_password: 'Passw0rd2' }, 'confirm_password', 'The two passwords do not match'],
      [{ email: 'not-an-email' }, 'email', 'E-mail is not a valid e-mail address'],
      [{ code: '12345' }, 'code', 'Verification code must be 6 digits'],
      [{ agree: false }, 'agree', 'Agreement must be accepted'],
    ];
    for (const [change, field, message] of cases) {
      const r = await s.post(REGISTER, { ...body, ...change });
      expect(r.code, field).toBe(201);
      expect(r.data.map((e: { field: string }) => e.field)).toContain(field);
      expect(r.message).toContain(message);
    }
    for (const lang of ['zh-CN', 'zh-HK']) {
      const r = await s.post(REGISTER, { ...body, agree: false }, { lang });
      expect(r.message).toMatch(/服[务務]协议|服務協議/);
      expect(r.message).not.toMatch(/validation\.|server\./);
    }
    // The code survived all those refusals: the form's rules are checked before the code.
    expect((await s.post(REGISTER, body)).code).toBe(200);
  });

  it('refuses a taken username and a taken e-mail', async () => {
    const u = await register(s);
    const body = await withCode({ ...fresh(), username: u.username });
    const r = await s.post(REGISTER, body);
    expect(r.code).toBe(201);
    expect(r.message).toBe('Username already exists.');
    // Asking for a code names no account: the answer is a stranger's; the mail tells the owner instead.
    await s.db.query("update one_time_code set created_at = now() - interval '1 hour' where target = $1", [u.email.toLowerCase()]);
    const e = await s.post(SEND, { email: u.email });
    expect(e.code).toBe(200);
    expect(Object.keys(e.data).sort()).toEqual(['expires_in', 'resend_after']);
    const mail = s.mails(u.email).at(-1)!;
    expect(mail.subject).toBe('You already have an account');
    expect(mail.text).toContain(u.username);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe('sign-in and lockout', () => {
  it('locks after the BU login policy limit: of 20 parallel wrong logins none is checked past the limit', async () => {
    const t = await tenantWithBu(s);
    const saved = await s.post('/open/system/sso/safe-policy-update', { login_error_limit: 3, cycle_seconds: 120, cycles: 2 }, { token: t.token });
    expect(saved.code, saved.message).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.post(LOGIN, { username: t.username, password: 'WrongPass1' })));
    const checked = answers.filter((a) => a.message === 'Incorrect username or password.');
    const locked = answers.filter((a) => /Too many failed logins. Please try again in \d+ minutes?/.test(a.message));
    expect(checked.length).toBe(3);
    expect(locked.length).toBe(17);
    expect(locked[0].message).toContain('4 minutes');
    // Locked: the right password is refused too.
    expect((await s.post(LOGIN, { username: t.username, password: t.password })).message).toMatch(/Too many failed logins/);
    await s.db.query('delete from login_attempt where username = $1', [t.username]);
    expect((await s.post(LOGIN, { username: t.username, password: t.password })).code).toBe(200);
  });

  it('gives new tokens the BU token validity', async () => {
    const t = await tenantWithBu(s);
    await s.post('/open/system/sso/safe-policy-update', { token_validity_seconds: 600 }, { token: t.token });
    const login = await s.post(LOGIN, { username: t.username, password: t.password });
    expect(login.data.buGuid).toBe(t.buGuid);
    expect(login.data.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(590);
    expect(login.data.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
    const sel = await s.post('/open/system/user-bu/select', { guid: t.buGuid }, { token: login.data.token });
    expect(sel.data.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
  });
});

describe('password reset', () => {
  it('mails a link that resets once, under the BU password policy, and then expires', async () => {
    const t = await tenantWithBu(s);
    await s.post('/open/system/sso/password-policy-update', { min_length: 10, require_upper: true, require_special: true }, { token: t.token });
    const sent = await s.post('/open/sys-auth/send-email-reset-password', { email: t.email });
    expect(sent.code).toBe(200);
    const token = linkToken(s, t.email);
    expect(s.mails(t.email).at(-1)!.text).toContain(`/resetPassword?token=${token}`);
    const ok = await s.post('/open/sys-auth/verify-reset-password-link', { token });
    expect(ok.data).toMatchObject({ valid: true, username: t.username });
    const weak = await s.post('/open/sys-auth/reset-password', { token, password: 'Passw0rd99', confirm_password: 'Passw0rd99' });
    expect(weak.code).toBe(201);
    expect(weak.message).toContain('The password must be 10 to 64 characters long and contain a digit, an upper-case letter, a special character.');
    const done = await s.post('/open/sys-auth/reset-password', { token, password: 'N3w-Passw0rd!', confirm_password: 'N3w-Passw0rd!' });
    expect(done.code, done.message).toBe(200);
    // The old token's session ended with the change.
    expect((await s.post('/open/system/user-bu/list', {}, { token: t.token })).status).toBe(401);
    expect((await s.post('/open/sys-auth/verify-reset-password-link', { token })).message).toBe('This link has expired. Please start again.');
    expect((await s.post(LOGIN, { username: t.username, password: 'N3w-Passw0rd!' })).code).toBe(200);
  });

  it('answers the same for an unknown address, and an expired link is refused', async () => {
    expect((await s.post('/open/sys-auth/send-email-reset-password', { email: 'nobody-here@example.com' })).code).toBe(200);
    const u = await register(s);
    await s.post('/open/sys-auth/send-email-reset-password', { email: u.email });
    const token = linkToken(s, u.email);
    await s.db.query("update one_time_code set expires_at = now() - interval '1 second' where purpose = 'reset' and target = $1", [u.guid]);
    const r = await s.post('/open/sys-auth/reset-password', { token, password: 'Passw0rd22', confirm_password: 'Passw0rd22' });
    expect(r.code).toBe(201);
    expect(r.data).toMatchObject({ expired: true });
  });
});

describe('business units', () => {
  it('creates a BU owned by its creator, lists and switches with a new token; strangers cannot select it', async () => {
    const u = await register(s);
    const a = await s.post('/open/system/bu/add', { name: 'First', alias: 'F', code: 'F1', portal_domain: 'first.example.com' }, { token: u.token });
    const b = await s.post('/open/system/bu/add-detail', { name: 'Second', abbreviation: 'S' }, { token: u.token });
    expect([a.code, b.code]).toEqual([200, 200]);
    const list = await s.post('/open/system/user-bu/list', {}, { token: u.token });
    expect(list.data.map((x: { name: string }) => x.name)).toEqual(['First', 'Second']);
    expect(list.data[0].is_owner).toBe(true);
    const sel = await s.post('/open/system/user-bu/select', { guid: b.data.guid }, { token: u.token });
    expect(sel.code).toBe(200);
    const claims = JSON.parse(Buffer.from(sel.data.token.split('.')[1], 'base64url').toString());
    expect(claims.buGuid).toBe(b.data.guid);
    const roles = await s.post('/open/system/user-bu/role-list', {}, { token: sel.data.token });
    expect(roles.data.is_owner).toBe(true);
    const other = await register(s);
    expect((await s.post('/open/system/user-bu/select', { guid: a.data.guid }, { token: other.token })).code).toBe(201);
    expect((await s.post('/open/system/bu/get', { guid: a.data.guid }, { token: other.token })).code).toBe(201);
    const cert = await s.post('/open/system/bu/get-sand-box-auth-certificate', {}, { token: sel.data.token });
    expect(cert.data.bu_guid).toBe(b.data.guid);
    expect(cert.data.certificate.length).toBeGreaterThan(20);
  });
});

describe('IP whitelist', () => {
  const call = (token: string, ip: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'POST', url: '/open/system/department/page', payload: {}, remoteAddress: ip, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', ...headers } });

  it('validates IPv4 and IPv6 entries', async () => {
    const t = await tenantWithBu(s);
    for (const bad of ['300.1.1.1', '1.2.3', 'fe80:::1', 'example.com', '10.0.0.0/33']) {
      const r = await s.post('/open/system/sso/safe-policy-update', { ip_whitelist: [bad] }, { token: t.token });
      expect(r.code, bad).toBe(201);
      expect(r.message).toContain('is not a valid IPv4 or IPv6 address');
    }
    const ok = await s.post('/open/system/sso/safe-policy-update', { ip_whitelist: ['127.0.0.1', '203.0.113.7', '10.1.0.0/16', '2001:db8::/32', '::1'] }, { token: t.token });
    expect(ok.code, ok.message).toBe(200);
  });

  it("refuses every tenant call of the BU from outside its list, and trusts X-Forwarded-For only behind a proxy", async () => {
    const t = await tenantWithBu(s);
    // A list without the caller's own address is refused, so nobody locks themself out.
    const self = await s.post('/open/system/sso/safe-policy-update', { ip_whitelist: ['203.0.113.7'] }, { token: t.token });
    expect(self.message).toContain('must include your current IP address');
    const saved = await s.app.inject({ method: 'POST', url: '/open/system/sso/safe-policy-update', payload: { ip_whitelist: ['203.0.113.7', '2001:db8::/32'] }, remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${t.token}` } });
    expect(saved.json().code).toBe(200);
    expect((await call(t.token, '203.0.113.7')).json().code).toBe(200);
    expect((await call(t.token, '2001:db8::42')).json().code).toBe(200);
    const out = (await call(t.token, '198.51.100.1')).json();
    expect(out.code).toBe(201);
    expect(out.message).toBe("Your IP address 198.51.100.1 is not on this business unit's whitelist, so access is denied.");
    // Without TRUST_PROXY a forged header changes nothing.
    expect((await call(t.token, '198.51.100.1', { 'x-forwarded-for': '203.0.113.7' })).json().code).toBe(201);
    // Login from outside gets no token for that BU.
    const login = await s.app.inject({ method: 'POST', url: LOGIN, payload: { username: t.username, password: t.password }, remoteAddress: '198.51.100.1' });
    expect(login.json().code).toBe(201);

    const { buildApp } = await import('../../server/app.ts');
    const proxied = await buildApp({ db: s.db, trustProxy: 1, mailDir: s.mailDir });
    await proxied.app.ready();
    const via = (xff: string) => proxied.app.inject({ method: 'POST', url: '/open/system/department/page', payload: {}, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${t.token}`, 'x-forwarded-for': xff } });
    expect((await via('203.0.113.7')).json().code).toBe(200);
    expect((await via('198.51.100.1')).json().code).toBe(201);
    // One trusted hop: the address that proxy saw is the right-most; a client's own left-most entry is ignored.
    expect((await via('203.0.113.7, 198.51.100.1')).json().code).toBe(201);
    await proxied.app.close();
  });
});
