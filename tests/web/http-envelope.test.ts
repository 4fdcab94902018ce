import { AxiosHeaders, type AxiosAdapter } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { onToast, setNavigator, type Toast } from '../../dataProvider/events.ts';
import { http, post } from '../../dataProvider/http.ts';
import { store } from '../../dataProvider/session.ts';

const token = (expInSec: number) => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expInSec }))}.s`;
let toasts: Toast[] = [];
onToast((t) => toasts.push(t));
let went: string[] = [];
let sent: { url?: string; headers?: AxiosHeaders }[] = [];
const answer = (status: number, body: unknown): AxiosAdapter => async (config) => {
  sent.push({ url: config.url, headers: config.headers as AxiosHeaders });
  const res = { status, data: body, headers: {}, config, statusText: '' };
  if (status >= 400) throw Object.assign(new Error('http'), { isAxiosError: true, response: res, config });
  return res;
};

beforeEach(() => {
  localStorage.clear();
  toasts = [];
  went = [];
  sent = [];
  setNavigator((to) => went.push(to));
  store.set('token', token(3600));
});

describe('envelope table (spec §8)', () => {
  it('code 200 returns data, with bearer token and Accept-Language zh-CN by default', async () => {
    http.defaults.adapter = answer(200, { code: 200, data: { a: 1 }, message: 'ok' });
    expect(await post('/open/x')).toEqual({ a: 1 });
    expect(sent[0].headers?.get('Authorization')).toMatch(/^Bearer /);
    expect(sent[0].headers?.get('Accept-Language')).toBe('zh-CN');
    expect(http.defaults.timeout).toBe(120000);
  });
  it('code 201 shows a 3000 ms warning with the server message and rejects', async () => {
    http.defaults.adapter = answer(200, { code: 201, data: null, message: 'nope' });
    await expect(post('/open/x')).rejects.toThrow('nope');
    expect(toasts).toEqual([{ message: 'nope', type: 'warning', duration: 3000 }]);
  });
  it('any other code shows a generic 3000 ms error', async () => {
    http.defaults.adapter = answer(200, { code: 7, data: null, message: 'secret' });
    await expect(post('/open/x')).rejects.toThrow();
    expect(toasts[0].type).toBe('error');
    expect(toasts[0].message).not.toContain('secret');
  });
  it('no code returns the whole body', async () => {
    http.defaults.adapter = answer(200, { hello: 'world' });
    expect(await post('/open/x')).toEqual({ hello: 'world' });
  });
  it('HTTP 401 with code 201 clears the token and goes to login with redirect', async () => {
    http.defaults.adapter = answer(401, { code: 201, data: null, message: 'expired' });
    await expect(post('/open/x')).rejects.toThrow();
    expect(store.get('token')).toBeUndefined();
    expect(went[0]).toMatch(/^\/login\?redirect=/);
  });
  it('HTTP 401 on a login path does not redirect', async () => {
    http.defaults.adapter = answer(401, { code: 201, data: null, message: 'bad' });
    await expect(post('/open/admin/sys-auth/login')).rejects.toThrow();
    expect(went).toEqual([]);
  });
  it('operators are sent to /adminLogin', async () => {
    store.set('isOperator', true);
    http.defaults.adapter = answer(401, { code: 201, data: null, message: 'x' });
    await expect(post('/open/x')).rejects.toThrow();
    expect(went[0]).toMatch(/^\/adminLogin/);
  });
  it('HTTP 500 shows the server message when code is 201, else a generic one', async () => {
    http.defaults.adapter = answer(500, { code: 201, data: null, message: 'boom' });
    await expect(post('/open/x')).rejects.toThrow('boom');
    http.defaults.adapter = answer(500, { code: 500, data: null, message: 'stack' });
    await expect(post('/open/x')).rejects.toThrow();
    expect(toasts.map((t) => t.type)).toEqual(['error', 'error']);
    expect(toasts[1].message).not.toBe('stack');
  });
  it('a missing or expired token before a non-public call warns, clears and redirects without calling', async () => {
    store.set('token', token(-10));
    http.defaults.adapter = answer(200, { code: 200, data: 1 });
    await expect(post('/open/x')).rejects.toThrow();
    expect(sent).toEqual([]);
    expect(toasts[0].type).toBe('warning');
    expect(store.get('token')).toBeUndefined();
    expect(went[0]).toMatch(/login/);
  });
  it('public paths need no token', async () => {
    store.set('token', undefined);
    http.defaults.adapter = answer(200, { code: 200, data: 'ok' });
    expect(await post('/open/admin/sys-auth/login', {})).toBe('ok');
  });
});
