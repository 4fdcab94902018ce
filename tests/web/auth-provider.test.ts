import axios, { type AxiosAdapter } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, currentSession, login, PATHS, permissionsFrom, resetSession, type PermissionNode } from '../../dataProvider/authProvider.ts';
import { onToast, setNavigator, type Toast } from '../../dataProvider/events.ts';
import { http, post } from '../../dataProvider/http.ts';
import { storagePrefix, store } from '../../dataProvider/session.ts';

/** The http layer is replaced at axios' adapter; the auth provider runs as written. */
const jwt = (expInSec: number) => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expInSec }))}.s`;
const node = (n: Partial<PermissionNode> & { code: string; type: number }): PermissionNode => ({ guid: n.code, parent_guid: null, name: n.code, url: null, status: 0, ...n });

const TREE: PermissionNode[] = [
  node({
    code: 'admin:system', type: 0, url: '/operation/system',
    children: [
      node({ code: 'admin:role', type: 1, url: '/operation/role', children: [node({ code: 'admin:role:add', type: 2 }), node({ code: 'admin:role:delete', type: 2, status: 1 })] }),
      node({ code: 'admin:user', type: 1, url: '/operation/user', status: 1, children: [node({ code: 'admin:user:add', type: 2 })] }),
    ],
  }),
];
const OPERATOR = { guid: 'u1', username: 'admin', name: 'Admin', avatar_url: null, user_type: 0 };

let calls: string[] = [];
let answers: Record<string, { status?: number; body: unknown }> = {};
const adapter: AxiosAdapter = async (config) => {
  const url = config.url ?? '';
  calls.push(url);
  const a = answers[url] ?? { status: 404, body: { code: 404, message: 'no' } };
  const res = { status: a.status ?? 200, data: a.body, headers: {}, config, statusText: '' };
  if (res.status >= 400) throw Object.assign(new Error('http'), { isAxiosError: true, response: res, config });
  return res;
};
const ok = (data: unknown) => ({ body: { code: 200, data, message: 'ok' } });

beforeEach(() => {
  localStorage.clear();
  resetSession();
  setNavigator(() => undefined);
  http.defaults.adapter = adapter;
  calls = [];
  answers = {
    [PATHS.operatorLogin]: ok({ token: jwt(3600), user: OPERATOR }),
    [PATHS.operatorTree]: ok(TREE),
    [PATHS.operatorInfo]: ok(OPERATOR),
  };
});

describe('auth provider', () => {
  it('reads the session once per token, and again when asked for one younger than it is: grants changed elsewhere show', async () => {
    await login({ username: 'admin', password: 'pw', operator: true });
    calls = [];
    await currentSession();
    await currentSession({ maxAgeMs: 60_000 });
    expect(calls).toEqual([]);
    answers[PATHS.operatorTree] = ok([]);
    const again = await currentSession({ maxAgeMs: -1 });
    expect(calls).toEqual([PATHS.operatorTree, PATHS.operatorInfo]);
    expect(again.permissions.urls).toEqual([]);
  });

  it('operator login stores the session under the base-path prefix, then loads permissions and the operator', async () => {
    const session = await login({ username: 'admin', password: 'pw', operator: true });
    const prefix = storagePrefix();
    expect(prefix).toBe('open:');
    expect(JSON.parse(localStorage.getItem(`${prefix}token`)!)).toMatch(/^h\./);
    expect(JSON.parse(localStorage.getItem(`${prefix}isOperator`)!)).toBe(true);
    expect(JSON.parse(localStorage.getItem(`${prefix}user`)!)).toMatchObject({ username: 'admin' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls).toEqual([PATHS.operatorLogin, PATHS.operatorTree, PATHS.operatorInfo]);
    expect(session.permissions.urls).toEqual(['/operation/system', '/operation/role']);
  });

  it('a base path gives another prefix, so two embedded deployments never share a session', () => {
    expect(storagePrefix('/open-platform/')).toBe('open-platform:');
    expect(storagePrefix('/a/b/')).toBe('a_b:');
  });

  it('a failed login stores nothing', async () => {
    answers[PATHS.operatorLogin] = { status: 401, body: { code: 201, message: 'wrong password' } };
    await expect(login({ username: 'admin', password: 'bad', operator: true })).rejects.toThrow('wrong password');
    expect(store.get('token')).toBeUndefined();
  });

  it('checkAuth passes with a valid token and rejects an expired one, clearing it and sending operators to /adminLogin', async () => {
    store.set('isOperator', true);
    store.set('token', jwt(60));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    store.set('token', jwt(-5));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: expect.stringMatching(/^\/adminLogin/) });
    expect(store.get('token')).toBeUndefined();
  });

  it('checkError on a 401 clears the token and goes to the login page; other errors keep the session', async () => {
    store.set('token', jwt(3600));
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(store.get('token')).toBeDefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: expect.stringMatching(/^\/login/) });
    expect(store.get('token')).toBeUndefined();
  });

  it('getPermissions: enabled menus and submenus → URLs, enabled buttons → codes; a disabled node hides its subtree', async () => {
    await login({ username: 'admin', password: 'pw', operator: true });
    const p = await authProvider.getPermissions!({});
    expect(p.urls).toEqual(['/operation/system', '/operation/role']);
    expect(p.codes).toEqual(['admin:role:add']);
    expect(p.pages).toEqual(['/operation/role']);
    expect(permissionsFrom([])).toEqual({ urls: [], codes: [], pages: [], tree: [] });
  });

  it('getIdentity comes from the stored user, and fails when nobody is signed in', async () => {
    await expect(authProvider.getIdentity!()).rejects.toThrow();
    await login({ username: 'admin', password: 'pw', operator: true });
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 'u1', fullName: 'Admin', avatar: undefined });
  });

  it('signing out cancels the calls still on their way and sends none until it is done, quietly: none comes back refused by the session it ended', async () => {
    await login({ username: 'admin', password: 'pw', operator: true });
    answers[PATHS.logout] = ok(null);
    // An adapter that, like the browser's, drops a call whose signal is aborted; the sign-out call answers when the test says.
    let signal: AbortSignal | undefined;
    let signedOut: (() => void) | undefined;
    http.defaults.adapter = (config) => {
      if (config.url === PATHS.logout) return new Promise((resolve) => (signedOut = () => resolve(adapter(config)))).then((r) => r as never);
      if (config.url !== '/open/admin/slow') return adapter(config);
      signal = config.signal as AbortSignal;
      return new Promise((_, reject) => {
        if (signal!.aborted) reject(new axios.CanceledError());
        signal!.addEventListener('abort', () => reject(new axios.CanceledError()));
      });
    };
    const toasts: Toast[] = [];
    const off = onToast((t) => toasts.push(t));
    const pending = post('/open/admin/slow');
    // On its way: the adapter has it.
    await vi.waitFor(() => expect(signal).toBeDefined());
    const leaving = authProvider.logout({});
    await expect(pending).rejects.toMatchObject({ status: 0 });
    expect(signal?.aborted).toBe(true);
    // While the sign-out call is on its way, a query retrying (the landing page's counts) sends nothing.
    await vi.waitFor(() => expect(signedOut).toBeDefined());
    calls = [];
    await expect(post('/open/admin/user/info')).rejects.toMatchObject({ status: 0 });
    expect(calls).not.toContain(PATHS.operatorInfo);
    signedOut!();
    await expect(leaving).resolves.toBe('/adminLogin');
    expect(calls).toContain(PATHS.logout);
    expect(toasts).toEqual([]);
    // The next sign-in's calls go out.
    http.defaults.adapter = adapter;
    await login({ username: 'admin', password: 'pw', operator: true });
    expect(calls).toContain(PATHS.operatorInfo);
    off();
  });
});
