import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { parseTrustProxy, publicUrlOf } from '../../server/config.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, linkToken, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/** The reproductions of the security review, each refused: HTTP edge, mail links, whitelist, sessions, lockout, input. */
let s: TestServer;
let edge: App;
let port: number;
beforeAll(async () => {
  s = await startServer();
  // The same database behind a listening server with short limits, for what only a socket shows.
  edge = await buildApp({ db: s.db, mailDir: s.mailDir, limits: { requestTimeoutMs: 600, headersTimeoutMs: 600, checkIntervalMs: 100, maxConnectionsPerIp: 5 } });
  await edge.app.listen({ port: 0, host: '127.0.0.1' });
  port = (edge.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await edge?.app.close();
  await s?.close();
});

/** Sends raw bytes and collects the answer until the server closes the socket (or `ms` passes). */
const raw = (bytes: string, ms = 3000) =>
  new Promise<{ text: string; closed: boolean }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, ms);
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on('error', () => {});
    socket.write(bytes);
  });
const envelopeOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('IP whitelist', () => {
  it('covers absolute-form request targets: refused, whitelist unchanged', async () => {
    const t = await tenantWithBu(s);
    const set = await s.app.inject({ method: 'POST', url: '/open/system/sso/safe-policy-update', payload: { ip_whitelist: ['203.0.113.7'] }, remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${t.token}` } });
    expect(set.json().code).toBe(200);
    const body = JSON.stringify({ ip_whitelist: [] });
    const request = (target: string) =>
      raw(`POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.token}\r\nContent-Type: application/json\r\nAccept-Language: en-US\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    const origin = await request('/open/system/sso/safe-policy-update');
    expect(envelopeOf(origin.text).message).toMatch(/not on this business unit's whitelist/);
    const absolute = await request(`http://x/open/system/sso/safe-policy-update`);
    expect(absolute.text).toMatch(/^HTTP\/1\.1 400/);
    expect(envelopeOf(absolute.text).code).toBe(201);
    const { rows } = await s.db.query<{ ip_whitelist: string[] }>('select ip_whitelist from safe_policy where bu_guid = $1', [t.buGuid]);
    expect(rows[0].ip_whitelist).toEqual(['203.0.113.7']);
  });
});

describe('links in mail', () => {
  it('come from the configured public URL, never from Host or X-Forwarded-Host', async () => {
    const proxied = await buildApp({ db: s.db, mailDir: s.mailDir, trustProxy: 1, publicUrl: 'https://open.example.com/' });
    await proxied.app.ready();
    for (const app of [s.app, proxied.app]) {
      const t = await tenantWithBu(s);
      const r = await app.inject({ method: 'POST', url: '/open/sys-auth/send-email-reset-password', payload: { email: t.email }, headers: { host: 'attacker.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
      expect(r.json().code).toBe(200);
      const link = /https?:\/\/\S+/.exec(s.mails(t.email).at(-1)!.text)![0];
      expect(link.startsWith(app === s.app ? `${s.services.publicUrl}/resetPassword?token=` : 'https://open.example.com/resetPassword?token=')).toBe(true);
      expect(link).not.toMatch(/attacker|evil/);
    }
    await proxied.app.close();
  });

  it('PUBLIC_URL defaults to the listening address and must be http(s)', () => {
    expect(publicUrlOf(undefined, '0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(publicUrlOf('https://open.example.com/', '127.0.0.1', 8080)).toBe('https://open.example.com');
    expect(() => publicUrlOf('javascript:alert(1)', '127.0.0.1', 8080)).toThrow(/http or https/);
  });
});

describe('slow and many connections', () => {
  it('cuts a body that never finishes with 408 and the envelope', async () => {
    const r = await raw('POST /open/sys-auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user', 5000);
    expect(r.closed).toBe(true);
    expect(r.text).toMatch(/^HTTP\/1\.1 408/);
    expect(envelopeOf(r.text).code).toBe(201);
  });

  it('cuts headers that never finish', async () => {
    const r = await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', 5000);
    expect(r.closed).toBe(true);
  });

  it('closes connections past the per-address cap at once', async () => {
    const sockets: Socket[] = [];
    const closed = await Promise.all(
      Array.from({ length: 8 }, () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          sockets.push(socket);
          socket.on('error', () => {});
          socket.on('close', () => resolve(true));
          setTimeout(() => resolve(false), 400);
        }),
      ),
    );
    sockets.forEach((x) => x.destroy());
    expect(closed.filter(Boolean).length).toBe(3);
    // The server counts them down as their closes arrive; later tests connect again.
    const open = () => new Promise<number>((resolve) => edge.app.server.getConnections((_e, n) => resolve(n)));
    while ((await open()) > 0) await new Promise((r) => setTimeout(r, 20));
  });
});

describe('malformed requests answer the envelope, never a stack or an HTML page', () => {
  it('a bad header, oversized headers and a bad percent-encoding', async () => {
    const bad = await raw('GET /open/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n');
    expect(bad.text).toMatch(/^HTTP\/1\.1 400/);
    expect(envelopeOf(bad.text).code).toBe(201);
    const big = await raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.text).toMatch(/^HTTP\/1\.1 431/);
    expect(envelopeOf(big.text).code).toBe(201);
    const pct = await s.app.inject({ method: 'POST', url: '/open/sys-auth/%E0%A4%A', payload: {} });
    expect([400, 404]).toContain(pct.statusCode);
    expect(pct.json().code).toBeTypeOf('number');
  });

  it('text/plain bodies answer 415', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/open/sys-auth/login', payload: 'username=admin', headers: { 'content-type': 'text/plain' } });
    expect(r.statusCode).toBe(415);
    expect(r.json().code).toBe(201);
  });

  it('NUL characters are refused with a sentence, in the body and in the query string', async () => {
    for (const r of [
      await s.post('/open/sys-auth/login', { username: 'a\u0000b', password: 'x' }),
      await s.post('/open/admin/sys-auth/login', { username: 'admin', password: 'a\u0000' }),
      await s.post('/open/system/dict/list-by-type?type=%00', {}, { token: await s.login() }),
      await s.post('/open/sys-auth/login', { 'k\u0000': 1, username: 'a', password: 'b' }),
    ]) {
      expect(r.status).toBe(200);
      expect(r.code).toBe(201);
      expect(r.message).toMatch(/NUL/);
    }
  });

  it('every answer carries a Content-Security-Policy without inline script', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/open/logout' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('a missing asset is a 404, a page route the app (not cached)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'open-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const served = await buildApp({ db: s.db, staticDir: dir });
    await served.app.ready();
    const missing = await served.app.inject({ method: 'GET', url: '/assets/missing-1234.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<!doctype html>');
    const page = await served.app.inject({ method: 'GET', url: '/account/info' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<!doctype html>');
    expect(page.headers['cache-control']).toBe('no-cache');
    await served.app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, never "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.5, 10.0.1.0/24')).toEqual(['10.0.0.5', '10.0.1.0/24']);
    expect(() => parseTrustProxy('true')).toThrow(/number of proxies/);
  });

  it('with a list, only those proxies are believed', async () => {
    const t = await tenantWithBu(s);
    await s.app.inject({ method: 'POST', url: '/open/system/sso/safe-policy-update', payload: { ip_whitelist: ['203.0.113.7'] }, remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${t.token}` } });
    const proxied = await buildApp({ db: s.db, trustProxy: ['10.0.0.5'] });
    await proxied.app.ready();
    const via = (remoteAddress: string, xff: string) =>
      proxied.app.inject({ method: 'POST', url: '/open/system/department/page', payload: {}, remoteAddress, headers: { authorization: `Bearer ${t.token}`, 'x-forwarded-for': xff } });
    expect((await via('10.0.0.5', '203.0.113.7')).json().code).toBe(200);
    // Not from the listed proxy: the header is the client's own word.
    expect((await via('198.51.100.1', '203.0.113.7')).json().code).toBe(201);
    // Through the proxy, a forged entry left of the one it added changes nothing.
    expect((await via('10.0.0.5', '203.0.113.7, 198.51.100.1')).json().code).toBe(201);
    await proxied.app.close();
  });
});

describe('a disabled BU', () => {
  it('ends its sessions at once, with a sentence', async () => {
    const owner = await tenantWithBu(s);
    const sub = await activeSub(s, owner.token);
    expect((await s.post('/open/system/user/info', {}, { token: sub.token })).code).toBe(200);
    expect((await s.post('/open/system/bu/update-status', { guid: owner.buGuid, status: 1 }, { token: owner.token })).code).toBe(200);
    const r = await s.post('/open/system/user/info', {}, { token: sub.token });
    expect(r.status).toBe(401);
    expect(r.message).toBe('This business unit has been disabled, so its sessions have ended. Please log in again.');
  });
});

describe('lockout that its owner survives', () => {
  const at = (username: string, password: string, ip: string) =>
    s.app.inject({ method: 'POST', url: '/open/admin/sys-auth/login', payload: { username, password }, remoteAddress: ip, headers: { 'accept-language': 'en-US' } }).then((r) => r.json());
  const HOME = '198.51.100.10';
  const ATTACKER = '203.0.113.99';
  const ELSEWHERE = '192.0.2.44';

  const lockedOperator = async () => {
    const admin = await s.login();
    const username = `lk_${uid()}`;
    const email = `${username}@example.com`;
    const added = await s.post('/open/admin/system/user/add', { username, password: 'Secret123', email }, { token: admin });
    expect((await at(username, 'Secret123', HOME)).code).toBe(200);
    for (let i = 0; i < 6; i++) await at(username, 'Wrong1234', ATTACKER);
    expect((await at(username, 'Secret123', ATTACKER)).message).toMatch(/Too many failed logins/);
    return { guid: added.data.guid as string, username, email, admin };
  };

  it('a stranger locks the account for strangers only; its owner still logs in from a known address', async () => {
    const { username } = await lockedOperator();
    expect((await at(username, 'Secret123', ELSEWHERE)).message).toMatch(/Too many failed logins/);
    expect((await at(username, 'Secret123', HOME)).code).toBe(200);
    // The owner's own address has its own limit.
    for (let i = 0; i < 6; i++) await at(username, 'Wrong1234', HOME);
    expect((await at(username, 'Secret123', HOME)).message).toMatch(/Too many failed logins/);
  });

  it('the account is mailed an unlock link, once, that lifts the lock', async () => {
    const { username, email } = await lockedOperator();
    const mails = s.mails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${s.services.publicUrl}/unlockAccount?token=`);
    const token = linkToken(s, email);
    expect((await s.post('/open/sys-auth/unlock-account', { token })).code).toBe(200);
    expect((await s.post('/open/sys-auth/unlock-account', { token })).code).toBe(201);
    expect((await at(username, 'Secret123', ELSEWHERE)).code).toBe(200);
  });

  it('an operator can unlock any account', async () => {
    const { guid, username, admin } = await lockedOperator();
    expect((await s.post('/open/admin/system/user/unlock', { guid }, { token: admin })).code).toBe(200);
    expect((await at(username, 'Secret123', ELSEWHERE)).code).toBe(200);
    const t = await tenantWithBu(s);
    expect((await s.post('/open/admin/system/user/unlock', { guid }, { token: t.token })).code).toBe(201);
  });
});

describe('sign-up and sign-in tell nothing away', () => {
  it('register checks the mailed code before the username', async () => {
    const taken = await tenantWithBu(s);
    const email = `n_${uid()}@example.com`;
    expect((await s.post('/open/system/user/send-email-verification-code', { email })).code).toBe(200);
    const r = await s.post('/open/sys-auth/register-account', { username: taken.username, password: 'Passw0rd1', confirm_password: 'Passw0rd1', email, code: '000000', agree: true });
    expect(r.message).not.toMatch(/already exists/);
    expect(r.message).toMatch(/code/);
  });

  it('a not yet activated account answers a wrong password like an unknown one', async () => {
    const owner = await tenantWithBu(s);
    const name = `pend_${uid()}`;
    expect((await s.post('/open/system/user/child-add', { username: name, name: 'P', email: `${name}@example.com` }, { token: owner.token })).code).toBe(200);
    const pending = await s.post('/open/sys-auth/login', { username: name, password: 'Whatever1' });
    const unknown = await s.post('/open/sys-auth/login', { username: `none_${uid()}`, password: 'Whatever1' });
    expect(pending.message).toBe(unknown.message);
  });
});
