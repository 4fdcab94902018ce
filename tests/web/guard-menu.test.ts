import { describe, expect, it } from 'vitest';
import { guard, guardOf, matchedTrail } from '../../src/routes/guard.ts';
import { consoleSections, firstPage, routeMenu, treeMenu } from '../../src/routes/menu.ts';
import { crumbsFor } from '../../src/shell/crumbs.ts';
import { routeTree } from '../../src/routes/table.ts';

const tenant = { signedIn: true, userType: 1, urls: [] as string[], authState: 2 };

describe('route guard (spec §2)', () => {
  it('redirects sections', () => {
    expect(guard('/developer', '', tenant)).toBe('/developer/doc');
    expect(guard('/account', '', tenant)).toBe('/account/info');
    expect(guard('/business', '', tenant)).toBe('/business/dict-manage');
  });
  it('sends a signed-out visitor to login with the full path and query', () => {
    expect(guard('/account/order', '?a=1', { signedIn: false, urls: [] })).toBe(`/login?redirect=${encodeURIComponent('/account/order?a=1')}`);
    expect(guard('/operation/role', '', { signedIn: false, urls: [] })).toMatch(/^\/adminLogin\?redirect=/);
  });
  it('lets public pages through and sends signed-in users off login pages', () => {
    expect(guard('/', '', { signedIn: false, urls: [] })).toBeNull();
    expect(guard('/login', '', tenant)).toBe('/');
  });
  it('an operator signed in who opens /adminLogin goes to the operator console; a tenant on /login goes home', () => {
    expect(guard('/adminLogin', '', { signedIn: true, userType: 0, urls: [] })).toBe('/operation');
    expect(guard('/adminLogin', '?redirect=%2Foperation%2Frole', { signedIn: true, userType: 0, urls: [] })).toBe('/operation/role');
    expect(guard('/login', '', { signedIn: true, userType: 0, urls: [] })).toBe('/');
  });
  it('says why it sends a person away', () => {
    expect(guardOf('/account/order', '', { ...tenant, urls: ['/account/info'] })).toEqual({ to: '/', reason: 'no_permission' });
    expect(guardOf('/account/member-manage', '', { ...tenant, authState: 1 })).toEqual({ to: '/', reason: 'unverified' });
    expect(guardOf('/account/info', '', { ...tenant, userType: 0 })).toEqual({ to: '/', reason: 'other_console' });
    expect(guardOf('/nowhere', '', tenant)).toEqual({ to: '/', reason: 'not_found' });
    expect(guardOf('/business/file', '', tenant)).toEqual({ to: '/', reason: 'not_open' });
    expect(guardOf('/account/order', '', { signedIn: false, urls: [] })?.reason).toBeUndefined();
  });
  it("the account section's pages, made by the definitions' menus, stand in the spec's order (§2)", () => {
    const account = routeMenu(routeTree, { scene: 'console', signedIn: true, userType: 1, urls: [], authState: 2, buCreated: true }).find((i) => i.key === '/account');
    expect(account?.children?.map((i) => i.key)).toEqual([
      '/account/enterprise-panel', '/account/info', '/account/authorised-apps', '/account/enterprise/info', '/account/enterprise/sso', '/account/enterprise/app', '/account/enterprise/app-authorisation', '/account/organzize',
      '/account/member-manage', '/account/role-manage', '/account/associated-organize', '/account/order', '/account/expenses', '/account/work-order', '/account/notify-message',
    ]);
  });
  it("the business section's pages stand in their menus' order, the file page (not open yet) last", () => {
    const business = routeMenu(routeTree, { scene: 'console', signedIn: true, userType: 1, urls: [], authState: 2, buCreated: true }).find((i) => i.key === '/business');
    expect(business?.children?.map((i) => i.key)).toEqual(['/business/dict-manage', '/business/process', '/business/app', '/business/file']);
  });

  it("every tenant account opens its own settings, whatever its roles grant", () => {
    expect(guard('/account/info', '', { ...tenant, userType: 2, urls: ['/account/organzize'] })).toBeNull();
    const item = routeMenu(routeTree, { scene: 'console', signedIn: true, userType: 2, urls: ['/account/organzize'], authState: 2, buCreated: true })
      .flatMap((i) => [i, ...(i.children ?? [])])
      .find((i) => i.key === '/account/info');
    expect(item?.disabled).toBe(false);
  });
  it('a hidden sub-path of a page is one crumb with its page, not two', () => {
    expect(matchedTrail('/account/enterprise/info/certification').map((r) => r.title)).toEqual(['route.account', 'route.enterprise_info']);
  });
  it('a menu section leads to its first page one may open', () => {
    const menu = [
      { key: 's', label: 's', url: '/operation/system', children: [{ key: 'a', label: 'a', url: '/operation/staff', disabled: true }, { key: 'b', label: 'b', url: '/operation/role' }] },
      { key: 'o', label: 'o', url: '/operation/ops', children: [{ key: 'c', label: 'c', url: '/operation/bu', disabled: true }] },
    ];
    expect(firstPage(menu)).toBe('/operation/role');
    expect(firstPage(menu, '/operation/system')).toBe('/operation/role');
    expect(firstPage(menu, '/operation/ops')).toBeUndefined();
    expect(firstPage(menu, '/operation/nowhere')).toBeUndefined();
  });
  it('refuses paths outside the authorised list; an empty list is no restriction', () => {
    expect(guard('/account/order', '', { ...tenant, urls: ['/account/info'] })).toBe('/');
    expect(guard('/account/order', '', tenant)).toBeNull();
  });
  it('a section kept for its granted tabs authorises only itself; a page granted itself keeps its sub-paths', () => {
    const urls = ['/account/organzize', '/account/organzize/department', '/account/member-manage', '/account/member-manage/sub-account'];
    const s = { ...tenant, authState: 2, urls, pages: ['/account/organzize/department', '/account/member-manage', '/account/member-manage/sub-account'] };
    expect(guard('/account/organzize/company', '', s)).toBe('/');
    expect(guard('/account/organzize/department/create', '', s)).toBeNull();
    expect(guard('/account/member-manage/create', '', s)).toBeNull();
    expect(guard('/account/member-manage/create', '', { ...s, pages: [] })).toBe('/');
  });
  it('needs a verified organisation where flagged', () => expect(guard('/account/member-manage', '', { ...tenant, authState: 1 })).toBe('/'));
  it('sends unknown paths home', () => expect(guard('/nowhere', '', tenant)).toBe('/'));
  it('keeps operators out of personal info', () => expect(guard('/account/info', '', { ...tenant, userType: 0 })).toBe('/'));
});

describe('menus', () => {
  const ctx = { scene: 'console' as const, signedIn: true, userType: 1, urls: ['/account/info'], authState: 0, buCreated: false };
  const account = routeMenu(routeTree, ctx).find((i) => i.key === '/account')!;
  it('hides entries needing a BU, and hidden ones', () => {
    const keys = account.children!.map((c) => c.key);
    expect(keys).not.toContain('/account/enterprise/sso');
    expect(keys).not.toContain('/account/role-detail');
  });
  it('shows entries needing a certified organisation disabled, marked as such, until it is (spec §2: unauthorised entries show disabled)', () => {
    const uncertified = (authState: number) => routeMenu(routeTree, { ...ctx, urls: [], authState, buCreated: true }).find((i) => i.key === '/account')!.children!;
    for (const url of ['/account/organzize', '/account/member-manage']) {
      expect(uncertified(1).find((c) => c.key === url)).toMatchObject({ disabled: true, uncertified: true });
      expect(uncertified(2).find((c) => c.key === url)).toMatchObject({ disabled: false });
      expect(uncertified(2).find((c) => c.key === url)?.uncertified).toBeUndefined();
    }
    // Nobody lands on one: the first page is one the person may open.
    expect(firstPage(uncertified(1))).toBe('/account/enterprise-panel');
  });
  it('shows unauthorised entries disabled', () => {
    expect(account.children!.find((c) => c.key === '/account/order')!.disabled).toBe(true);
    expect(account.children!.find((c) => c.key === '/account/info')!.disabled).toBe(false);
  });
  it('collapses a route with one visible child into it, and drops disabled or hidden nodes of the tree', () => {
    const node = (code: string, url: string, extra = {}) => ({ guid: code, parent_guid: null, name: code, code, url, type: 0, status: 0, children: [], ...extra });
    const tree = [{ ...node('a', '/operation'), children: [node('b', '/operation/role', { type: 1 }), node('c', '/operation/x', { type: 1, status: 1 })] }];
    expect(treeMenu(tree, ['/operation/role'])).toEqual([expect.objectContaining({ url: '/operation/role', disabled: false })]);
  });
});

describe("the console's sections and breadcrumbs (issue 32)", () => {
  const ctx = { scene: 'console' as const, signedIn: true, userType: 1, authState: 2, buCreated: true };
  it('the header names the sections a person may use, each at its first page, account first', () => {
    expect(consoleSections(routeTree, { ...ctx, urls: [] }).map((s) => [s.key, s.url])).toEqual([
      ['/account', '/account/enterprise-panel'],
      ['/business', '/business/dict-manage'],
      ['/developer', '/developer/log'],
      ['/service-provider', '/service-provider/app'],
    ]);
    // A sub-account granted only the enterprise panel: its own account pages, nothing else.
    const panel = consoleSections(routeTree, { ...ctx, userType: 2, urls: ['/account', '/account/enterprise-panel'] });
    expect(panel.map((s) => s.url)).toEqual(['/account/enterprise-panel']);
    expect(consoleSections(routeTree, { ...ctx, userType: 0, urls: [] })).toEqual([]);
  });

  const id = '5afd5c3f-1c9d-4c55-841f-8ab3328a7173';
  it("a record's own page names the record between its list and the page", () => {
    expect(crumbsFor(`/business/app/${id}/config`, [])).toEqual([
      { key: 'route.business', to: '/business/dict-manage' },
      { key: 'route.app', to: '/business/app' },
      { key: '', record: { at: '/business/app', id }, to: `/business/app/${id}/config` },
      { key: 'route.app_config', to: undefined },
    ]);
    expect(crumbsFor(`/account/order/${id}/info`, []).slice(-1)).toEqual([{ key: '', record: { at: '/account/order', id }, to: `/account/order/${id}/info` }]);
  });

  it("an operator's record page ends with the record, not the page's title again", () => {
    const node = (code: string, url: string, children: unknown[] = []) => ({ guid: code, parent_guid: null, name: code, code, url, type: 0, status: 0, children });
    const tree = [node('admin:operation', '/operation', [node('admin:bu', '/operation/bu')])] as never;
    const crumbs = crumbsFor(`/operation/bu/${id}/org`, tree);
    expect(crumbs.map((c) => c.key || c.record?.at)).toEqual(['menu.admin:operation', 'menu.admin:bu', '/operation/bu']);
    expect(crumbsFor(`/operation/bu/${id}`, tree).map((c) => c.key || 'record')).toEqual(['menu.admin:operation', 'menu.admin:bu', 'record', 'route.edit']);
  });
});
