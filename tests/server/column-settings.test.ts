import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * A list's column settings in one call (docs/console.md "Column settings"): the product staff's
 * configuration of a resource and the caller's own hidden columns, never another person's.
 */
let s: TestServer;
let op: string;
beforeAll(async () => {
  s = await startServer();
  op = await s.login();
});
afterAll(() => s?.close());

it('answers the configuration and the caller’s own preference, each or null', async () => {
  const settings = (token: string) => s.post('/open/system/column-config/settings', { resource: 'dict' }, { token });
  const tenant = await s.tenant({ owner: true });
  expect((await settings(tenant.token)).data).toEqual({ config: null, preference: null });

  await s.post('/open/admin/system/column-config/add', { resource: 'dict', columns: [{ field: 'label', visible: true }, { field: 'type', visible: false }] }, { token: op });
  await s.post('/open/system/column-preference/add', { resource: 'dict', hidden: ['remark'] }, { token: tenant.token });
  const mine = (await settings(tenant.token)).data;
  expect(mine.config.columns).toEqual([{ field: 'label', visible: true }, { field: 'type', visible: false }]);
  expect(mine.preference.hidden).toEqual(['remark']);

  // Another person sees the configuration and none of the first one's preference.
  const other = await s.tenant({ owner: true });
  const theirs = (await settings(other.token)).data;
  expect(theirs.config.resource).toBe('dict');
  expect(theirs.preference).toBeNull();
  const anonymous = await s.post('/open/system/column-config/settings', { resource: 'dict' });
  expect(anonymous.data).toBeNull();
  expect(anonymous.message).toMatch(/log in|sign in|登录/i);
  expect((await s.post('/open/system/column-config/settings', {}, { token: other.token })).code).toBe(201);
});
