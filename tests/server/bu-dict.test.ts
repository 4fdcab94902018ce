import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ok } from '../helpers/answers.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';

/**
 * A BU's dictionaries (docs/tenant-console.md "Business dictionary"): the BU adds, sorts, enables
 * and disables items of its own beside the platform's, which it reads but never changes; a type
 * as members use it is the platform's enabled items followed by the BU's.
 */
let s: TestServer;
let op: string;
let A: { token: string; buGuid: string };
let B: { token: string; buGuid: string };
const type = `grade_${uid()}`;

beforeAll(async () => {
  s = await startServer();
  op = await s.login();
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  await ok(s.post('/open/system/dict/add', { type, label: 'Platform A', value: 'pa', sort: 1 }, { token: op }));
  const off = await ok(s.post('/open/system/dict/add', { type, label: 'Platform off', value: 'po', sort: 2 }, { token: op }));
  await ok(s.post('/open/system/dict/update-status', { guid: off.guid, status: 1 }, { token: op }));
});
afterAll(() => s?.close());

describe('a BU’s own dictionary beside the platform’s', () => {
  it('list-by-type answers the platform’s enabled items, then the BU’s own enabled ones', async () => {
    const mine = await ok(s.post('/open/system/bu-dict/add', { type, label: 'Ours', value: 'ours', sort: 1 }, { token: A.token }));
    const hidden = await ok(s.post('/open/system/bu-dict/add', { type, label: 'Ours off', value: 'off', sort: 2 }, { token: A.token }));
    await ok(s.post('/open/system/bu-dict/update-status', { guid: hidden.guid, status: 1 }, { token: A.token }));
    const items = await ok(s.post('/open/system/bu-dict/list-by-type', { type }, { token: A.token }));
    expect(items.map((i: { value: string; source: string }) => `${i.source}:${i.value}`)).toEqual(['platform:pa', 'bu:ours']);
    // Another BU sees the platform's items and none of A's.
    const other = await ok(s.post('/open/system/bu-dict/list-by-type', { type }, { token: B.token }));
    expect(other.map((i: { value: string }) => i.value)).toEqual(['pa']);
    expect((await s.post('/open/system/bu-dict/get', { guid: mine.guid }, { token: B.token })).code).not.toBe(200);
  });

  it('the same value twice in one BU is refused; another BU may use it', async () => {
    await ok(s.post('/open/system/bu-dict/add', { type: 'shift', label: 'Early', value: 'early' }, { token: A.token }));
    const twice = await s.post('/open/system/bu-dict/add', { type: 'shift', label: 'Early again', value: 'early' }, { token: A.token, lang: 'en-US' });
    expect(twice.code).toBe(201);
    expect(twice.message).toMatch(/already exists/);
    await ok(s.post('/open/system/bu-dict/add', { type: 'shift', label: 'Early', value: 'early' }, { token: B.token }));
  });

  it('the platform’s dictionaries are read-only for a BU: paged beside its own, never changed', async () => {
    const page = await ok(s.post('/open/system/dict/platform/page', { type }, { token: A.token }));
    expect(page.list.map((r: { value: string }) => r.value).sort()).toEqual(['pa', 'po']);
    for (const call of ['add', 'update', 'delete', 'update-status']) {
      expect((await s.post(`/open/system/dict/${call}`, { type, label: 'x', value: 'x' }, { token: A.token })).code).not.toBe(200);
      expect((await s.post(`/open/system/dict/platform/${call}`, { type, label: 'x', value: 'x' }, { token: A.token })).code).not.toBe(200);
    }
  });
});
