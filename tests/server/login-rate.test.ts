import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_RATE } from '../../server/auth/throttle.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// A file of its own: it uses up this address's allowance on every limited call.
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const limited = [
  '/open/admin/sys-auth/login',
  '/open/sys-auth/login',
  '/open/sys-auth/register-account',
  '/open/system/user/send-email-verification-code',
  '/open/sys-auth/send-email-reset-password',
  '/open/sys-auth/verify-reset-password-link',
  '/open/sys-auth/reset-password',
];

it.each(limited)('limits %s per address with a 429 envelope', async (path) => {
  const call = () => s.post(path, { username: 'nobody-at-all', password: 'Wrong12345' });
  const allowed = await Promise.all(Array.from({ length: LOGIN_RATE.max }, call));
  expect(allowed.filter((r) => r.status === 429)).toHaveLength(0);
  const over = await call();
  expect(over.status).toBe(429);
  expect(over).toMatchObject({ code: 201, message: 'Too many requests. Please try again later.' });
});
