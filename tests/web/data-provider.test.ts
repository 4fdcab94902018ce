import type { AxiosAdapter } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { referenceRoute, resourceCalls } from '../../dataProvider/calls.ts';
import { dataProvider } from '../../dataProvider/dataProvider.ts';
import { resourceByName } from '../../dataProvider/definitions.ts';
import { setNavigator } from '../../dataProvider/events.ts';
import { http } from '../../dataProvider/http.ts';
import { store } from '../../dataProvider/session.ts';

/**
 * react-admin's nine methods and the status action over the `role` definition (operator mount
 * `/open/admin/system/role`). The http layer is replaced at axios' adapter: every call the provider
 * makes is recorded with its path and body, and answered with the envelope the server would send.
 */
const BASE = '/open/admin/system/role';
const token = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;

let calls: { url: string; body: Record<string, unknown> }[] = [];
let reply: (url: string, body: Record<string, unknown>) => unknown = () => null;
const adapter: AxiosAdapter = async (config) => {
  const body = JSON.parse((config.data as string) || '{}');
  calls.push({ url: config.url ?? '', body });
  return { status: 200, data: { code: 200, data: reply(config.url ?? '', body), message: 'ok' }, headers: {}, config, statusText: 'OK' };
};
const row = (guid: string, extra: Record<string, unknown> = {}) => ({ guid, name: `role ${guid}`, code: `r_${guid}`, status: 0, ...extra });

beforeEach(() => {
  localStorage.clear();
  store.set('token', token());
  setNavigator(() => undefined);
  http.defaults.adapter = adapter;
  calls = [];
  reply = () => null;
});

describe('data provider: react-admin methods → calls of the definition', () => {
  it('getList → page with page, page_size, sort and the declared filters; q becomes the keyword', async () => {
    reply = () => ({ list: [row('a'), row('b')], count: 42 });
    const res = await dataProvider.getList('role', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'ops', status: 0, name: '', undeclared: 'x' },
    });
    expect(calls).toEqual([{ url: `${BASE}/page`, body: { keyword: 'ops', status: 0, page: 3, page_size: 10, sort: { field: 'created_at', order: 'desc' } } }]);
    expect(res.total).toBe(42);
    expect(res.data.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('getList sends no sort for react-admin\'s default `id`, and marks a capped count as more pages', async () => {
    reply = () => ({ list: [row('a')], count: 10000, count_capped: true });
    const res = await dataProvider.getList('role', { pagination: { page: 2, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls[0].body).toEqual({ page: 2, page_size: 20 });
    expect(res.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });

  it('getAll (tree views) → the unpaged list call with the declared filters', async () => {
    reply = () => [{ guid: 'p1', name: 'p1' }];
    const rows = await dataProvider.getAll('permission', { q: 'sys', nope: 1 });
    expect(calls).toEqual([{ url: '/open/admin/system/permission/list', body: { keyword: 'sys' } }]);
    expect(rows).toEqual([{ guid: 'p1', name: 'p1', id: 'p1' }]);
  });

  it('getOne → get with the guid, the row gets an id', async () => {
    reply = (_, b) => row(String(b.guid));
    const res = await dataProvider.getOne('role', { id: 'g1' });
    expect(calls).toEqual([{ url: `${BASE}/get`, body: { guid: 'g1' } }]);
    expect(res.data).toMatchObject({ id: 'g1', guid: 'g1' });
  });

  it('getMany → one get per id; a missing one is left out', async () => {
    http.defaults.adapter = async (config) => {
      const body = JSON.parse(config.data as string);
      calls.push({ url: config.url ?? '', body });
      const data = body.guid === 'gone' ? { code: 201, message: 'not found', data: null } : { code: 200, data: row(body.guid) };
      return { status: 200, data, headers: {}, config, statusText: 'OK' };
    };
    const res = await dataProvider.getMany('role', { ids: ['a', 'gone', 'b'] });
    expect(calls.map((c) => [c.url, c.body.guid])).toEqual([[`${BASE}/get`, 'a'], [`${BASE}/get`, 'gone'], [`${BASE}/get`, 'b']]);
    expect(res.data.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('getManyReference → page with the target field as a condition', async () => {
    reply = () => ({ list: [row('a')], count: 1 });
    await dataProvider.getManyReference('role', { target: 'category', id: 'common', pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(calls).toEqual([{ url: `${BASE}/page`, body: { category: 'common', page: 1, page_size: 5, sort: { field: 'name', order: 'asc' } } }]);
  });

  it('create → add with the schema fields only (no id, no unknown keys, no empty values)', async () => {
    reply = (_, b) => row('new', b);
    const res = await dataProvider.create('role', { data: { name: 'Auditors', code: 'auditor', description: '', id: 'x', junk: 1 } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${BASE}/add`);
    expect(calls[0].body).toMatchObject({ name: 'Auditors', code: 'auditor' });
    expect(Object.keys(calls[0].body)).not.toContain('id');
    expect(Object.keys(calls[0].body)).not.toContain('junk');
    expect(res.data.id).toBe('new');
  });

  it('update → update with the guid and only the changed fields, never the status', async () => {
    reply = (_, b) => row(String(b.guid), b);
    const previousData = { id: 'g1', ...row('g1'), description: 'old' };
    await dataProvider.update('role', { id: 'g1', data: { ...previousData, name: 'Renamed', status: 1 }, previousData });
    expect(calls).toEqual([{ url: `${BASE}/update`, body: { guid: 'g1', name: 'Renamed' } }]);
  });

  it('updateMany → one update per id', async () => {
    const res = await dataProvider.updateMany('role', { ids: ['a', 'b'], data: { description: 'bulk' } });
    expect(calls).toEqual([
      { url: `${BASE}/update`, body: { guid: 'a', description: 'bulk' } },
      { url: `${BASE}/update`, body: { guid: 'b', description: 'bulk' } },
    ]);
    expect(res.data).toEqual(['a', 'b']);
  });

  it('delete → delete (the remove call) with the guid', async () => {
    const res = await dataProvider.delete('role', { id: 'g1', previousData: { id: 'g1', name: 'x' } });
    expect(calls).toEqual([{ url: `${BASE}/delete`, body: { guid: 'g1' } }]);
    expect(res.data).toEqual({ id: 'g1', name: 'x' });
  });

  it('deleteMany → one delete call with every guid', async () => {
    const res = await dataProvider.deleteMany('role', { ids: ['a', 'b'] });
    expect(calls).toEqual([{ url: `${BASE}/delete`, body: { guids: ['a', 'b'] } }]);
    expect(res.data).toEqual(['a', 'b']);
  });

  it('status action → update-status with the guid and the new status', async () => {
    reply = (_, b) => row(String(b.guid), { status: b.status });
    const res = await dataProvider.updateStatus('role', { id: 'g1', status: 1 });
    expect(calls).toEqual([{ url: `${BASE}/update-status`, body: { guid: 'g1', status: 1 } }]);
    expect(res.data).toMatchObject({ id: 'g1', status: 1 });
  });

  it("a transition bound to its own call (an operator's approval) goes there, with the reason and without a status", async () => {
    reply = (_, b) => ({ guid: b.guid, status: 2 });
    await dataProvider.updateStatus('audit-record', { id: 'a1', status: 2, transition: 'close_audit', extra: { remark: 'Too wide' } });
    expect(calls).toEqual([{ url: '/open/admin/app/permissions/audit-record/close-audit', body: { guid: 'a1', remark: 'Too wide' } }]);
  });

  it('a named call of the mount (the role grant) goes to its own path', async () => {
    await dataProvider.call('role', 'auth', { guid: 'g1', permission_guids: ['p'] });
    expect(calls).toEqual([{ url: `${BASE}/auth`, body: { guid: 'g1', permission_guids: ['p'] } }]);
  });

  it('the route name react-admin passes resolves like the definition name (column settings live at `columns`)', async () => {
    reply = () => ({ list: [], count: 0 });
    await dataProvider.getList('columns', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await dataProvider.getList('column-config', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls[0].url).toBe(calls[1].url);
    expect(calls[0].url).toMatch(/\/page$/);
  });

  it('a verb the definition lacks is an error, not a call', async () => {
    await expect(dataProvider.getOne('no-such-resource', { id: 'x' })).rejects.toThrow(/unknown resource/);
    expect(calls).toEqual([]);
  });
});

describe('references read their targets through the mount of their own reach', () => {
  it("a store listing's app picker lists the platform's apps; a scope application's the BUs' apps", () => {
    const app = resourceByName.get('app')!;
    const listingApps = referenceRoute(resourceCalls('listing'), app);
    expect(listingApps).toBe('app@/open/admin/app-manage');
    expect(resourceCalls(listingApps).verbs).toMatchObject({ page: '/open/admin/app-manage/page', get: '/open/admin/app-manage/app-info' });
    expect(referenceRoute(resourceCalls('audit-record'), app)).toBe(resourceCalls('app').route);
    expect(resourceCalls(resourceCalls('app').route).mount.base).toBe('/open/admin/app');
  });
});

describe('a singleton per row is created and changed by its save call', () => {
  it("a store listing's create and edit both post to update/app-manage, naming the app", async () => {
    const calls: { url?: string; body: unknown }[] = [];
    http.defaults.adapter = (async (config) => {
      calls.push({ url: config.url, body: JSON.parse(config.data) });
      return { data: { code: 200, data: { guid: 'g1', app_guid: 'a1' } }, status: 200, statusText: 'OK', headers: {}, config };
    }) as AxiosAdapter;
    await dataProvider.create('listing', { data: { app_guid: 'a1', summary: 'Hi', status: 0 } });
    await dataProvider.update('listing', { id: 'g1', data: { app_guid: 'a1', summary: 'New' }, previousData: { id: 'g1', app_guid: 'a1', summary: 'Hi' } });
    expect(calls.map((c) => c.url)).toEqual(['/open/app/introduce/update/app-manage', '/open/app/introduce/update/app-manage']);
    expect(calls[1].body).toEqual({ guid: 'g1', app_guid: 'a1', summary: 'New' });
  });
});
