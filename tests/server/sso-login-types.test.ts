import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushLogins, loginRows } from '../helpers/login-log.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, codeFromMail, tenantWithBu } from '../helpers/tenant-flows.ts';

// A BU's login types decide what its members may use; the client secret is sealed and never answered.
let s: TestServer;
let owner: Awaited<ReturnType<typeof tenantWithBu>>;
let sub: Awaited<ReturnType<typeof activeSub>>;
const SECRET = 'the-client-secret-9f3c';

beforeAll(async () => {
  s = await startServer();
  owner = await tenantWithBu(s);
  sub = await activeSub(s, owner.token);
});
afterAll(() => s?.close());

const setTypes = (login_types: string[], extra: Record<string, unknown> = {}) => s.post('/open/system/sso/auth-config-update', { login_types, ...extra }, { token: owner.token });

describe('the client secret', () => {
  it('is stored sealed, never answered, and replaced only when a new one is typed', async () => {
    const saved = await s.post('/open/system/sso/auth-config-update', { issuer_url: 'https://idp.example.com', client_id: 'platform', client_secret: SECRET }, { token: owner.token });
    expect(saved.code).toBe(200);
    expect(JSON.stringify(saved.data)).not.toContain(SECRET);
    const info = await s.post('/open/system/sso/auth-config-info', {}, { token: owner.token });
    expect(info.data).toMatchObject({ client_id: 'platform', client_secret_set: true });
    expect(info.data).not.toHaveProperty('client_secret');
    expect(info.data).not.toHaveProperty('sp_private_key');
    const stored = (await s.db.query<{ client_secret: string }>('select client_secret from sso_auth_config where bu_guid = $1', [owner.buGuid])).rows[0].client_secret;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(SECRET);
    expect(s.services.sealer.open(stored, `sso_auth_config:${owner.buGuid}:client_secret`)).toBe(SECRET);
    // Sealed for this BU: moved to another row's place it does not open.
    expect(s.services.sealer.open(stored, 'sso_auth_config:00000000-0000-4000-8000-000000000000:client_secret')).toBeNull();
    // The form sends an empty secret when nothing was typed: the stored one stays.
    await s.post('/open/system/sso/auth-config-update', { client_id: 'platform', client_secret: '' }, { token: owner.token });
    const after = (await s.db.query<{ client_secret: string }>('select client_secret from sso_auth_config where bu_guid = $1', [owner.buGuid])).rows[0].client_secret;
    expect(s.services.sealer.open(after, `sso_auth_config:${owner.buGuid}:client_secret`)).toBe(SECRET);
    // An operator's view of the BU answers no secret either.
    const op = await s.post('/open/admin/system/bu-management/sso/auth-config-info', { bu_guid: owner.buGuid }, { token: await s.login() });
    expect(op.code).toBe(200);
    expect(JSON.stringify(op.data)).not.toContain(SECRET);
    expect(op.data.client_secret_set).toBe(true);
  });

  it('is in no log line', async () => {
    const lines: string[] = [];
    const logged = await startServer({ options: { logger: true, logStream: { write: (l: string) => lines.push(l) } as unknown as NodeJS.WritableStream } });
    try {
      const o = await tenantWithBu(logged);
      await logged.post('/open/system/sso/auth-config-update', { issuer_url: 'https://idp.example.com', client_id: 'c', client_secret: SECRET }, { token: o.token });
      await logged.post('/open/system/sso/auth-config-info', {}, { token: o.token });
      await logged.app.close();
      expect(lines.join('\n')).not.toContain(SECRET);
      const ops = await logged.db.query(`select fields from operation_log where resource = 'auth-config'`);
      expect(JSON.stringify(ops.rows)).not.toContain(SECRET);
    } finally {
      await logged.db.close();
    }
  });
});

describe('login types', () => {
  it('refuses a set of login types that leaves no way in', async () => {
    const r = await setTypes(['sso'], { sso_enabled: false });
    expect(r.code).toBe(201);
    expect(r.message).toMatch(/no way to sign in/);
  });

  it('with SSO only refuses a member’s password with a sentence naming the company sign-in; the owner keeps a break-glass password', async () => {
    expect((await setTypes(['sso'], { sso_enabled: true })).code).toBe(200);
    const refused = await s.post('/open/sys-auth/login', { username: sub.username, password: sub.password });
    expect(refused.code).toBe(201);
    expect(refused.message).toContain('Sign in with your company');
    expect(refused.message).toContain(`BU ${owner.username}`);
    const glass = await s.post('/open/sys-auth/login', { username: owner.username, password: owner.password });
    expect(glass.code).toBe(200);
    expect(glass.data.buGuid).toBe(owner.buGuid);
    await flushLogins(s);
    expect(await loginRows(s, sub.username)).toContainEqual(expect.objectContaining({ result: 'login_type_not_allowed', method: 'password' }));
    expect(await loginRows(s, owner.username)).toContainEqual(expect.objectContaining({ result: 'success', method: 'break_glass' }));
  });

  it('a wrong password of an SSO-only member says only that it is wrong (nothing about the BU to a stranger)', async () => {
    const r = await s.post('/open/sys-auth/login', { username: sub.username, password: 'Wrong12345' });
    expect(r.message).toBe('Incorrect username or password.');
  });
});

describe('e-mail code login', () => {
  it('signs in with a mailed 6-digit code, once, where the BU allows it', async () => {
    expect((await setTypes(['password'])).code).toBe(200);
    // Not allowed: no code is mailed, the answer is the same as for anyone.
    const sent = await s.post('/open/sys-auth/send-login-code', { username: sub.email });
    expect(sent).toMatchObject({ code: 200, data: { expires_in: 600, resend_after: 60 } });
    const before = s.mails(sub.email).length;
    expect((await setTypes(['password', 'email_code'])).code).toBe(200);
    await s.db.query(`update one_time_code set created_at = now() - interval '2 minutes' where purpose = 'login'`);
    const again = await s.post('/open/sys-auth/send-login-code', { username: sub.email });
    expect(again.code).toBe(200);
    expect(s.mails(sub.email).length).toBe(before + 1);
    const code = codeFromMail(s, sub.email);
    const ok = await s.post('/open/sys-auth/code-login', { username: sub.email, code });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ buGuid: owner.buGuid, user: { username: sub.username } });
    // One use.
    const reused = await s.post('/open/sys-auth/code-login', { username: sub.email, code });
    expect(reused.code).toBe(201);
    await flushLogins(s);
    expect(await loginRows(s, sub.email)).toContainEqual(expect.objectContaining({ result: 'success', method: 'email_code' }));
  });

  it('an unknown account gets the same answer and no mail', async () => {
    const r = await s.post('/open/sys-auth/send-login-code', { username: 'nobody@nowhere.example' });
    expect(r).toMatchObject({ code: 200, data: { expires_in: 600, resend_after: 60 } });
    expect(s.mails('nobody@nowhere.example')).toHaveLength(0);
  });

  it('wrong codes count in the lockout: the BU’s limit locks the account', async () => {
    await s.post('/open/system/sso/safe-policy-update', { login_error_limit: 3, cycle_seconds: 600, cycles: 1 }, { token: owner.token });
    // The reused code above was a failure of its own.
    await s.db.query('delete from login_attempt');
    await s.db.query(`update one_time_code set created_at = now() - interval '2 minutes' where purpose = 'login'`);
    await s.post('/open/sys-auth/send-login-code', { username: sub.username });
    const mailed = codeFromMail(s, sub.email);
    const wrong = mailed === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await s.post('/open/sys-auth/code-login', { username: sub.username, code: wrong }));
    expect(answers.slice(0, 3).map((a) => a.message)).toEqual(answers.slice(0, 3).map(() => expect.stringMatching(/code/i)));
    expect(answers[3].message).toMatch(/Too many failed logins/);
    // Even the right code waits until the lock ends.
    const right = await s.post('/open/sys-auth/code-login', { username: sub.username, code: mailed });
    expect(right.message).toMatch(/Too many failed logins/);
  });

  it('a BU that allows only e-mail codes refuses its members’ passwords with a sentence saying so', async () => {
    await s.db.query('delete from login_attempt');
    expect((await setTypes(['email_code'])).code).toBe(200);
    const r = await s.post('/open/sys-auth/login', { username: sub.username, password: sub.password });
    expect(r.message).toContain('Sign in with an e-mail code');
  });
});
