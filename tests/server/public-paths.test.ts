import { afterAll, beforeAll, expect, it } from 'vitest';
import { isPublicPath } from '../../dataProvider/publicPaths.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

// The console sends a call without a token only when it is listed: a public call missing there
// would send a signed-out visitor to the login page instead of making the call.
it('the console knows every public call the server mounts, and lists no other', () => {
  const mounted = s.docs.filter((d) => d.public && d.method === 'POST').map((d) => d.path);
  expect(mounted.filter((p) => !isPublicPath(p))).toEqual([]);
  const all = new Set(s.docs.map((d) => d.path));
  const privateOnes = s.docs.filter((d) => !d.public).map((d) => d.path);
  expect(privateOnes.filter((p) => isPublicPath(p))).toEqual([]);
  expect(all.size).toBeGreaterThan(100);
});
