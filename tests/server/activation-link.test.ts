import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { linkToken, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * The activation page checks its link on opening (`/open/sys-auth/verify-activation-link`): a live
 * link names the account; a used, unknown or malformed one is refused as expired, before anyone
 * types a password.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

it('answers a live activation link with its account, and refuses it once used', async () => {
  const owner = await tenantWithBu(s);
  const name = `sub_${uid()}`;
  const email = `${name}@example.com`;
  expect((await s.post('/open/system/user/child-add', { username: name, name: 'Sub', email, role_guids: [] }, { token: owner.token })).code).toBe(200);
  const token = linkToken(s, email);
  const live = await s.post('/open/sys-auth/verify-activation-link', { token });
  expect(live.code, live.message).toBe(200);
  expect(live.data).toMatchObject({ valid: true, username: name });
  expect(new Date(live.data.expires_at).getTime()).toBeGreaterThan(Date.now());
  // Checking does not use it up.
  expect((await s.post('/open/system/user/child-set', { token, password: 'SubPassw0rd', confirm_password: 'SubPassw0rd' })).code).toBe(200);
  const used = await s.post('/open/sys-auth/verify-activation-link', { token }, { lang: 'en' });
  expect(used.code).toBe(201);
  expect(used.data).toMatchObject({ expired: true });
  expect(used.message).toMatch(/expired|used/i);
});

it('refuses an unknown link and a malformed body as sentences', async () => {
  const unknown = await s.post('/open/sys-auth/verify-activation-link', { token: 'x'.repeat(43) });
  expect(unknown.code).toBe(201);
  expect(unknown.data).toMatchObject({ expired: true });
  expect((await s.post('/open/sys-auth/verify-activation-link', {})).code).toBe(201);
});
