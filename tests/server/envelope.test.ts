import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';

/** The wire contract's envelope table (docs/api.md), one row per test. */
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer({
    // A route that fails like a database would, to prove nothing of the fault reaches the caller.
    beforeReady: (app) =>
      app.post('/open/test/boom', async () => {
        throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
      }),
  });
  token = await s.login();
});
afterAll(() => s?.close());

const raw = (url: string, payload: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });

describe('envelope', () => {
  it('answers success as HTTP 200, code 200, with the payload in data', async () => {
    const r = await s.post('/open/admin/system/role/page', { page: 1, page_size: 5 }, { token });
    expect(r.status).toBe(200);
    expect(r.code).toBe(200);
    expect(r.data).toHaveProperty('list');
    expect(r.data).toHaveProperty('count');
    expect(typeof r.message).toBe('string');
  });

  it('answers a business warning as code 201 with a complete sentence in each language', async () => {
    const bodies = await Promise.all(
      ['zh-CN', 'zh-HK', 'en-US'].map((lang) => s.post('/open/admin/system/role/get', { guid: '00000000-0000-4000-8000-000000000000' }, { token, lang })),
    );
    expect(bodies.map((b) => b.code)).toEqual([201, 201, 201]);
    expect(bodies.map((b) => b.message)).toEqual(['记录不存在或无权访问', '記錄不存在或無權訪問', 'The record does not exist or you have no access to it.']);
  });

  it('defaults to zh-CN without Accept-Language', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/open/admin/system/role/page', payload: {} });
    expect(r.json().message).toBe('未登录，请先登录');
  });

  it('answers HTTP 401 with code 201 for a missing, malformed, forged or revoked token', async () => {
    const forged = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    for (const auth of [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-jwt', `Bearer ${forged}`]) {
      const r = await s.app.inject({ method: 'POST', url: '/open/admin/system/role/page', payload: {}, headers: auth ? { authorization: auth } : {} });
      expect(r.statusCode, auth).toBe(401);
      expect(r.json().code).toBe(201);
    }
    const mine = await s.login();
    expect((await s.post('/open/logout', undefined, { token: mine })).code).toBe(200);
    const after = await s.post('/open/admin/system/role/page', {}, { token: mine });
    expect([after.status, after.code]).toEqual([401, 201]);
  });

  it('answers HTTP 401 for an expired token', async () => {
    const { rows } = await s.db.query<{ guid: string }>("select guid from users where username = 'admin'");
    const { token: short } = await s.services.tokens.issue({ guid: rows[0].guid, user_type: 0 }, null, -10);
    const r = await s.post('/open/admin/system/role/page', {}, { token: short });
    expect([r.status, r.code]).toEqual([401, 201]);
  });

  it('answers an unknown call with HTTP 404 and an envelope, never HTML', async () => {
    const r = await s.post('/open/admin/no-such-call', {}, { token });
    expect(r.status).toBe(404);
    expect(r.code).toBe(404);
    expect(r.message).toContain('/open/admin/no-such-call');
    expect(r.raw.headers['content-type']).toContain('application/json');
  });

  it('answers malformed JSON with code 201 "check parameter format"', async () => {
    const r = await raw('/open/admin/system/role/page', '{"page": 1,', { 'content-type': 'application/json', 'accept-language': 'en-US' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 201, message: 'Please check the parameter format.' });
  });

  it('answers a body that is not an object with code 201', async () => {
    const r = await raw('/open/admin/system/role/page', '[1,2]', { 'content-type': 'application/json' });
    expect(r.json().code).toBe(201);
  });

  it('treats an empty JSON body as no body', async () => {
    const r = await raw('/open/admin/system/permission/list', '', { 'content-type': 'application/json' });
    expect(r.json().code).toBe(200);
  });

  it('answers an oversized body with HTTP 413 and an envelope', async () => {
    const r = await raw('/open/admin/system/role/add', JSON.stringify({ name: 'x', description: 'y'.repeat(2 * 1024 * 1024) }), { 'content-type': 'application/json' });
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe(201);
  });

  it('answers a server fault with HTTP 500 and a generic message, no stack or SQL', async () => {
    const r = await raw('/open/test/boom', '{}', { 'content-type': 'application/json', 'accept-language': 'en-US' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 500, data: null, message: 'System exception. Please try again later.' });
    expect(r.body).not.toMatch(/secret_table|SELECT|at /);
  });

  it('reads the query string as input for calls that take no body', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/open/admin/system/permission/page?page_size=3&type=0', headers: { authorization: `Bearer ${token}` } });
    const body = r.json();
    expect(body.code).toBe(200);
    expect(body.data.list.length).toBeLessThanOrEqual(3);
    expect(body.data.list.every((p: { type: number }) => p.type === 0)).toBe(true);
  });
});
