import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_RATE } from '../../server/auth/throttle.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// A file of its own: it uses up this address's login allowance.
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

it('limits login attempts per address with a 429 envelope', async () => {
  const login = () => s.post('/open/admin/sys-auth/login', { username: 'nobody-at-all', password: 'Wrong12345' });
  const allowed = await Promise.all(Array.from({ length: LOGIN_RATE.max }, login));
  expect(allowed.filter((r) => r.status === 429)).toHaveLength(0);
  const over = await login();
  expect(over.status).toBe(429);
  expect(over).toMatchObject({ code: 201, message: 'Too many requests. Please try again later.' });
});
