import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_RATE } from '../../server/handlers/identity.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// A file of its own: it uses up this address's login allowance.
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

it('limits login attempts per address with a 429 envelope', async () => {
  const answers = await Promise.all(
    Array.from({ length: LOGIN_RATE.max + 10 }, () => s.post('/open/admin/sys-auth/login', { username: 'nobody-at-all', password: 'Wrong12345' })),
  );
  const limited = answers.filter((r) => r.status === 429);
  expect(limited.length).toBe(10);
  expect(limited[0]).toMatchObject({ code: 201, message: 'Too many requests. Please try again later.' });
});
