import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * `user-info/check-exist` names no stranger's account (issue 43, finding 6): an e-mail is answered
 * only for the caller's own account and its current BU's accounts and members, `false` for any
 * other; usernames stay platform-wide (sign-up needs them); both are rate-limited per caller.
 */
let s: TestServer;
let a: Awaited<ReturnType<typeof tenantWithBu>>;
let b: Awaited<ReturnType<typeof tenantWithBu>>;
beforeAll(async () => {
  s = await startServer();
  a = await tenantWithBu(s);
  b = await tenantWithBu(s);
});
afterAll(() => s?.close());

const check = (body: object, token: string) => s.post('/open/system/user-info/check-exist', body, { token });

it("answers an e-mail only for the caller's own account and its BU's accounts and members", async () => {
  const sub = await activeSub(s, a.token);
  const member = `member${uid()}@example.com`;
  expect((await s.post('/open/system/member/add', { name: 'Member', email: member }, { token: a.token })).code).toBe(200);
  for (const email of [a.email, sub.email, member.toUpperCase()]) expect((await check({ email }, a.token)).data, email).toEqual({ exist: true, email: true });
  // Another BU's owner, and its member, are not the caller's to know: the same answer as no account at all.
  const theirs = `their${uid()}@example.com`;
  expect((await s.post('/open/system/member/add', { name: 'Theirs', email: theirs }, { token: b.token })).code).toBe(200);
  for (const email of [b.email, theirs, `nobody${uid()}@example.com`]) expect((await check({ email }, a.token)).data, email).toEqual({ exist: false, email: false });
  // Usernames are unique across the platform: whether one is taken is still said.
  expect((await check({ username: b.username }, a.token)).data).toEqual({ exist: true, username: true });
});

it('refuses a caller past 30 checks a minute, while another caller is still answered', async () => {
  const probe = await tenantWithBu(s);
  for (let i = 0; i < 30; i++) expect((await check({ username: `free_${uid()}` }, probe.token)).code).toBe(200);
  const refused = await check({ email: `x${uid()}@example.com` }, probe.token);
  expect(refused.status).toBe(429);
  expect(refused.message).toBe('Too many requests. Please try again later.');
  expect((await check({ username: probe.username }, b.token)).data.exist).toBe(true);
});
