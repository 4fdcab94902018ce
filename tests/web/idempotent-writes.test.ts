import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider/dataProvider.ts';
import { onToast, setNavigator, type Toast } from '../../dataProvider/events.ts';
import { http, RETRY_CAP_MS, WRITE_RETRIES } from '../../dataProvider/http.ts';
import { store } from '../../dataProvider/session.ts';

/**
 * The data provider's writes carry an Idempotency-Key (docs/api.md, "Retrying writes") and are sent
 * again with the same key when the network fails or the server answers 503. The http layer is
 * replaced at axios' adapter, which answers each attempt in turn from a script.
 */
const BASE = '/open/admin/system/role';
const token = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Attempt = 'network' | { status: number; body: unknown; headers?: Record<string, string> };
let script: Attempt[] = [];
let sent: { url: string; key: unknown; at: number }[] = [];
let toasts: Toast[] = [];
onToast((t) => toasts.push(t));

const OK: Attempt = { status: 200, body: { code: 200, data: { guid: 'g1', name: 'r' }, message: 'ok' } };
const UNAVAILABLE = (retryAfter?: string): Attempt => ({ status: 503, body: { code: 503, data: null, message: 'away' }, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  sent.push({ url: config.url ?? '', key: config.headers.get('Idempotency-Key'), at: Date.now() });
  const next = script.shift() ?? OK;
  if (next === 'network') throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
  const res: AxiosResponse = { status: next.status, data: next.body, headers: next.headers ?? {}, config, statusText: '' };
  if (next.status >= 400) throw Object.assign(new Error(`HTTP ${next.status}`), { isAxiosError: true, response: res, config });
  return res;
};

beforeEach(() => {
  localStorage.clear();
  store.set('token', token());
  setNavigator(() => undefined);
  http.defaults.adapter = adapter;
  script = [];
  sent = [];
  toasts = [];
});
afterEach(() => vi.useRealTimers());

describe('writes carry an Idempotency-Key', () => {
  it('a fresh key per write action; reads carry none', async () => {
    await dataProvider.create('role', { data: { name: 'r' } });
    await dataProvider.create('role', { data: { name: 'r' } });
    await dataProvider.update('role', { id: 'g1', data: { name: 's' }, previousData: { id: 'g1', name: 'r' } });
    await dataProvider.updateMany('role', { ids: ['g1', 'g2'], data: { name: 's' } });
    await dataProvider.delete('role', { id: 'g1', previousData: { id: 'g1' } });
    await dataProvider.deleteMany('role', { ids: ['g1', 'g2'] });
    await dataProvider.updateStatus('role', { id: 'g1', status: 1 });
    const keys = sent.map((s) => s.key);
    expect(keys).toHaveLength(8);
    for (const k of keys) expect(k).toMatch(UUID);
    expect(new Set(keys).size).toBe(8);
    sent = [];
    script = [{ status: 200, body: { code: 200, data: { guid: 'g1' }, message: 'ok' } }];
    await dataProvider.getOne('role', { id: 'g1' });
    expect(sent[0].key).toBeUndefined();
  });

  it('a named call carries one when it writes (its action is not view)', async () => {
    await dataProvider.call('role', 'auth', { guid: 'g1', permission_guids: [] });
    await dataProvider.call('role', 'get-role-permissions', { guid: 'g1' });
    expect(sent.map((s) => [s.url, typeof s.key])).toEqual([[`${BASE}/auth`, 'string'], [`${BASE}/get-role-permissions`, 'undefined']]);
  });
});

describe('a write is sent again with the same key', () => {
  it('after a network failure and a 503, honouring Retry-After, and answers the last attempt', async () => {
    vi.useFakeTimers();
    script = ['network', UNAVAILABLE('2'), OK];
    const created = dataProvider.create('role', { data: { name: 'r' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    // A network failure: a second's pause.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);
    // The 503 asked for 2 s: nothing before.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect((await created).data).toMatchObject({ id: 'g1' });
    expect(sent).toHaveLength(3);
    expect(sent[0].key).toMatch(UUID);
    expect(sent.map((s) => s.key)).toEqual([sent[0].key, sent[0].key, sent[0].key]);
    expect(toasts).toEqual([]);
  });

  it(`at most ${WRITE_RETRIES} times, waiting no longer than the cap, then fails with one message`, async () => {
    vi.useFakeTimers();
    script = [UNAVAILABLE('3600'), UNAVAILABLE('3600'), UNAVAILABLE('3600'), OK];
    const deleted = dataProvider.delete('role', { id: 'g1', previousData: { id: 'g1' } }).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(2 * RETRY_CAP_MS);
    expect(await deleted).toBeInstanceOf(Error);
    expect(sent).toHaveLength(1 + WRITE_RETRIES);
    expect(sent[1].at - sent[0].at).toBe(RETRY_CAP_MS);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(toasts).toHaveLength(1);
  });

  it('never a refusal, a fault, or a read', async () => {
    script = [{ status: 200, body: { code: 201, data: null, message: 'no' } }];
    await expect(dataProvider.create('role', { data: { name: 'r' } })).rejects.toThrow('no');
    script = [{ status: 500, body: { code: 500, data: null, message: 'fault' } }];
    await expect(dataProvider.create('role', { data: { name: 'r' } })).rejects.toThrow();
    script = [UNAVAILABLE('0')];
    await expect(dataProvider.getOne('role', { id: 'g1' })).rejects.toThrow();
    expect(sent).toHaveLength(3);
  });
});
