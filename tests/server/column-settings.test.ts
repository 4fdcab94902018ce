import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../helpers/answers.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * How lists are shaped (docs/views.md): column sets for everyone or a role, a person's hidden
 * columns and views, in one settings call; precedence person > role > everyone > default;
 * everything checked against the registry when saved and skipped quietly when a field is gone.
 */
let s: TestServer;
let op: string;
const uid = () => randomUUID().slice(0, 8);
beforeAll(async () => {
  s = await startServer();
  op = await s.login();
});
afterAll(() => s?.close());

const settings = (token: string, resource: string) => ok(s.post('/open/system/column-config/settings', { resource }, { token }));
const asOp = (path: string, body: unknown) => s.post(path, body, { token: op });

/** Grants a role the permission nodes with these codes (as its grant tree would). */
const grant = async (role: string, ...codes: string[]) => {
  const { rows } = await s.db.query('insert into role_permission (role_guid, permission_guid) select $1, guid from permission where code = any($2::text[]) returning permission_guid', [role, codes]);
  expect(rows).toHaveLength(codes.length);
};

/** An operator holding one new operator role (besides the super administrator). */
const operatorWithRole = async () => {
  const role = await ok(asOp('/open/admin/system/role/add', { name: `Staff ${uid()}` }));
  const name = `cols_${uid()}`;
  await ok(asOp('/open/admin/system/user/add', { username: name, password: 'Columns123', role_guids: [role.guid] }));
  return { role: role.guid as string, token: await s.login(name, 'Columns123') };
};

/** A BU with its owner, and a role of that BU held by one sub-account. */
const buWithRole = async () => {
  const owner = await s.tenant({ owner: true });
  const role = await ok(s.post('/open/system/role/add', { name: `Sales ${uid()}` }, { token: owner.token }));
  const holder = await s.tenant({ buGuid: owner.buGuid, roleGuids: [role.guid] });
  const other = await s.tenant({ buGuid: owner.buGuid });
  return { owner, role: role.guid as string, holder, other };
};

it('answers the set, the caller’s own preference and views, each empty at first', async () => {
  const tenant = await s.tenant({ owner: true });
  expect(await settings(tenant.token, 'company')).toEqual({ config: null, preference: null, views: [] });
  await ok(s.post('/open/system/column-preference/add', { resource: 'company', hidden: ['created_at'] }, { token: tenant.token }));
  expect((await settings(tenant.token, 'company')).preference.hidden).toEqual(['created_at']);
  // Another person sees none of the first one's preference.
  const other = await s.tenant({ owner: true });
  expect((await settings(other.token, 'company')).preference).toBeNull();
  const anonymous = await s.post('/open/system/column-config/settings', { resource: 'company' });
  expect(anonymous.data).toBeNull();
  expect(anonymous.message).toMatch(/log in|sign in|登录/i);
  expect((await s.post('/open/system/column-config/settings', {}, { token: other.token })).code).toBe(201);
});

describe('precedence: a role’s set over everyone’s over the definition', () => {
  it('a holder of the role sees its set, everyone else the set for everyone, and a reset falls back', async () => {
    const { role, holder, other } = await buWithRole();
    await grant(role, 'tenant:position:view');
    const everyone = await ok(asOp('/open/admin/system/column-config/add', { resource: 'position', columns: [{ field: 'name', visible: true }, { field: 'code', visible: false }] }));
    const forRole = await ok(asOp('/open/admin/system/column-config/add', {
      resource: 'position', role_guid: role, columns: [{ field: 'code', visible: true, title: { zh: '编号', en: 'No.' }, pin: 'left' }, { field: 'name', visible: true, width: 200 }],
    }));
    expect(forRole.role_name).toMatch(/^Sales /);

    const seen = await settings(holder.token, 'position');
    expect(seen.config.guid).toBe(forRole.guid);
    expect(seen.config.columns[0]).toMatchObject({ field: 'code', title: { zh: '编号', en: 'No.' }, pin: 'left' });
    expect((await settings(other.token, 'position')).config.guid).toBe(everyone.guid);
    // A BU of its own, where nobody holds the role: everyone's set.
    expect((await settings((await s.tenant({ owner: true })).token, 'position')).config.guid).toBe(everyone.guid);

    // Reset to the definition: deleting both sets leaves nothing to apply.
    await ok(asOp('/open/admin/system/column-config/delete', { guid: forRole.guid }));
    expect((await settings(holder.token, 'position')).config.guid).toBe(everyone.guid);
    await ok(asOp('/open/admin/system/column-config/delete', { guid: everyone.guid }));
    expect((await settings(holder.token, 'position')).config).toBeNull();
  });

  it('operator roles reach their operators the same way; one set per list and role', async () => {
    const staff = await operatorWithRole();
    await grant(staff.role, 'admin:announcement:view');
    const set = await ok(asOp('/open/admin/system/column-config/add', { resource: 'announcement', role_guid: staff.role, columns: [{ field: 'title', visible: true }] }));
    expect((await settings(staff.token, 'announcement')).config.guid).toBe(set.guid);
    expect((await settings(op, 'announcement')).config).toBeNull();
    await refused(asOp('/open/admin/system/column-config/add', { resource: 'announcement', role_guid: staff.role, columns: [] }), /exist|已存在/);
  });

  it('a disabled role no longer brings its set', async () => {
    const { role, holder, owner } = await buWithRole();
    await grant(role, 'tenant:project:view');
    await ok(asOp('/open/admin/system/column-config/add', { resource: 'project', role_guid: role, columns: [{ field: 'name', visible: true }] }));
    expect((await settings(holder.token, 'project')).config).not.toBeNull();
    await ok(s.post('/open/system/role/update-status', { guid: role, status: 1 }, { token: owner.token }));
    const again = await s.tenant({ buGuid: owner.buGuid, roleGuids: [role] });
    expect((await settings(again.token, 'project')).config).toBeNull();
  });
});

describe('checked against the registry when saved', () => {
  it('the operators’ BU list’s joined columns (owner, company, certification) are the list’s: a set names, shows and sorts them', async () => {
    const staff = await operatorWithRole();
    const { rows } = await s.db.query<{ code: string }>("select code from permission where code like 'admin:bu%' and scene = 'admin'");
    await grant(staff.role, ...rows.map((r) => r.code));
    const joined = ['owner_username', 'company_name', 'auth_state'];
    const set = await ok(asOp('/open/admin/system/column-config/add', {
      resource: 'bu', role_guid: staff.role,
      columns: [{ field: 'abbreviation', visible: true }, { field: 'auth_state', visible: true, sortable: true }, ...joined.slice(0, 2).map((field) => ({ field, visible: false })), { field: 'name', visible: false }],
    }));
    const seen = await settings(staff.token, 'bu');
    expect(seen.config.guid).toBe(set.guid);
    // A view of the role's holder may name a joined column; the set bounds it as any other.
    const view = await ok(s.post('/open/system/saved-view/add', { resource: 'bu', name: 'Certified', columns: ['auth_state', 'company_name', 'abbreviation'], sort: { field: 'auth_state', order: 'ASC' } }, { token: staff.token }));
    expect((await settings(staff.token, 'bu')).views.find((v: { guid: string }) => v.guid === view.guid).columns).toEqual(['auth_state', 'abbreviation']);
    await ok(s.post('/open/system/column-preference/add', { resource: 'bu', hidden: ['owner_username'] }, { token: staff.token }));
    await ok(asOp('/open/admin/system/column-config/delete', { guid: set.guid }));
  });

  it('refuses an unknown list, an unknown or repeated field, sorting or filtering the definition does not allow', async () => {
    const add = (body: Record<string, unknown>) => asOp('/open/admin/system/column-config/add', { resource: 'role', columns: [], ...body });
    await refused(add({ resource: 'no-such-list' }), /no-such-list/);
    await refused(add({ columns: [{ field: 'password_hash' }] }), /password_hash/);
    await refused(add({ columns: [{ field: 'name' }, { field: 'name' }] }), /once|一次/);
    // `code` does not sort and has no filter in the role definition.
    await refused(add({ columns: [{ field: 'code', sortable: true }] }), /code/);
    await refused(add({ columns: [{ field: 'description', filterable: true }] }), /description/);
    await refused(add({ role_guid: randomUUID(), columns: [] }), /does not exist|不存在/);
    const zh = await s.post('/open/admin/system/column-config/add', { resource: 'role', columns: [{ field: 'nope' }] }, { token: op, lang: 'zh' });
    expect(zh.message).toContain('列表没有字段“nope”');
  });

  it('refuses a view naming a filter, sort or column the list does not offer, and a preference naming an unknown column', async () => {
    const t = await s.tenant({ owner: true });
    const view = (body: Record<string, unknown>) => s.post('/open/system/saved-view/add', { resource: 'dict', name: `V ${uid()}`, ...body }, { token: t.token });
    await refused(view({ filters: { secret: 1 } }), /secret/);
    await refused(view({ sort: { field: 'remark', order: 'ASC' } }), /remark/);
    await refused(view({ columns: ['label', 'bogus'] }), /bogus/);
    await ok(view({ filters: { q: 'cur', type: 'currency' }, sort: { field: 'sort', order: 'DESC' }, columns: ['value', 'label'] }));
    await refused(s.post('/open/system/column-preference/add', { resource: 'dict', hidden: ['bogus'] }, { token: t.token }), /bogus/);
  });

  it('a field the definition no longer has still loads, and is refused only when saved again', async () => {
    const set = await ok(asOp('/open/admin/system/column-config/add', { resource: 'department', columns: [{ field: 'name', visible: true }] }));
    // As if a definition dropped `old_field` after the set was saved.
    await s.db.query(`update column_config set columns = columns || '[{"field":"old_field","visible":true}]'::jsonb where guid = $1`, [set.guid]);
    const t = await s.tenant({ owner: true });
    expect((await settings(t.token, 'department')).config.columns.map((c: { field: string }) => c.field)).toEqual(['name', 'old_field']);
    await refused(asOp('/open/admin/system/column-config/update', { guid: set.guid, columns: [{ field: 'name' }, { field: 'old_field' }] }), /old_field/);
    await ok(asOp('/open/admin/system/column-config/update', { guid: set.guid, columns: [{ field: 'name', visible: true }] }));
    await ok(asOp('/open/admin/system/column-config/delete', { guid: set.guid }));
  });
});

describe('views', () => {
  it('a person’s own views follow them and reach nobody else, in or out of their BU', async () => {
    const { owner, holder } = await buWithRole();
    const mine = await ok(s.post('/open/system/saved-view/add', { resource: 'company', name: 'Newest', sort: { field: 'created_at', order: 'DESC' }, per_page: 50 }, { token: holder.token }));
    // The same person signed in again (a new token, as in another browser) sees it.
    const again = await s.tenant({ buGuid: owner.buGuid, roleGuids: [] });
    expect((await settings(holder.token, 'company')).views).toEqual([expect.objectContaining({ guid: mine.guid, name: 'Newest', per_page: 50, published: false })]);
    expect((await settings(owner.token, 'company')).views).toEqual([]);
    expect((await settings(again.token, 'company')).views).toEqual([]);
    const stranger = await s.tenant({ owner: true });
    expect((await settings(stranger.token, 'company')).views).toEqual([]);
    // Nobody else reads, changes or deletes it by its guid.
    for (const t of [owner.token, stranger.token]) {
      expect((await s.post('/open/system/saved-view/get', { guid: mine.guid }, { token: t })).code).not.toBe(200);
      await s.post('/open/system/saved-view/update', { guid: mine.guid, name: 'Taken' }, { token: t });
      await s.post('/open/system/saved-view/delete', { guid: mine.guid }, { token: t });
    }
    expect((await ok(s.post('/open/system/saved-view/get', { guid: mine.guid }, { token: holder.token }))).name).toBe('Newest');
  });

  it('a view published to a BU role reaches its holders only; one for everyone reaches all; tenants cannot publish', async () => {
    const a = await buWithRole();
    const b = await buWithRole();
    const toRole = await ok(asOp('/open/admin/system/published-view/add', { resource: 'member', name: `Sales ${uid()}`, role_guid: a.role, columns: ['name'], filters: {}, per_page: 10 }));
    const toAll = await ok(asOp('/open/admin/system/published-view/add', { resource: 'member', name: `All ${uid()}`, per_page: 20 }));
    const names = async (token: string) => (await settings(token, 'member')).views.map((v: { guid: string }) => v.guid);
    // A role's views come before everyone's.
    expect(await names(a.holder.token)).toEqual([toRole.guid, toAll.guid]);
    for (const t of [a.other.token, a.owner.token, b.holder.token, b.owner.token]) {
      expect(await names(t)).not.toContain(toRole.guid);
      expect(await names(t)).toContain(toAll.guid);
    }
    const seen = (await settings(a.holder.token, 'member')).views.find((v: { guid: string }) => v.guid === toRole.guid);
    expect(seen).toMatchObject({ published: true, role_name: expect.stringMatching(/^Sales /), columns: ['name'], per_page: 10 });
    // Publishing is the platform's: tenants have no such call, and cannot reach it.
    expect((await s.post('/open/admin/system/published-view/add', { resource: 'member', name: 'Mine' }, { token: a.owner.token })).code).not.toBe(200);
    await ok(asOp('/open/admin/system/published-view/delete', { guid: toAll.guid }));
  });

  it('the roles picker finds the platform’s and the BUs’ roles by name, with their BU', async () => {
    const { role } = await buWithRole();
    const found = await ok(asOp('/open/admin/system/column-config/roles', { guids: [role] }));
    expect(found).toEqual([expect.objectContaining({ guid: role, name: expect.stringMatching(/^Sales /), bu_guid: expect.any(String) })]);
    const byName = await ok(asOp('/open/admin/system/column-config/roles', { keyword: '%' }));
    expect(byName).toEqual([]);
    const tenant = await s.tenant({ owner: true });
    expect((await s.post('/open/admin/system/column-config/roles', {}, { token: tenant.token })).code).not.toBe(200);
  });
});

describe('a column designer that cannot lose a list', () => {
  const add = (body: Record<string, unknown>, lang = 'en-US') => s.post('/open/admin/system/column-config/add', body, { token: op, lang });

  it('refuses a set showing no column, on add and on update, with a sentence', async () => {
    const { admin: { columns } } = (await import('../../resources/index.ts')).resourceByName.get('role')!;
    const none = columns.map((c) => ({ field: c.field, visible: false }));
    await refused(add({ resource: 'role', columns: none }), /at least one visible column/);
    const zh = await add({ resource: 'role', columns: none }, 'zh');
    expect(zh.message).toContain('至少要显示一列');
    const set = await ok(add({ resource: 'role', columns: [{ ...none[0], visible: true }, ...none.slice(1)] }));
    await refused(asOp('/open/admin/system/column-config/update', { guid: set.guid, columns: none }), /at least one visible column/);
    // Leaving a column out of the set shows it: only listing every column as hidden loses the list.
    await ok(asOp('/open/admin/system/column-config/update', { guid: set.guid, columns: none.slice(1) }));
    await ok(asOp('/open/admin/system/column-config/delete', { guid: set.guid }));
  });

  it('refuses a set for a role whose holders cannot open the list, until the role is granted it', async () => {
    const staff = await operatorWithRole();
    await refused(add({ resource: 'announcement', role_guid: staff.role, columns: [] }), /cannot open this list/);
    const { role } = await buWithRole();
    await refused(add({ resource: 'member', role_guid: role, columns: [] }), /cannot open this list/);
    // A BU role never opens an operator-only list, whatever it is granted.
    await grant(role, 'tenant:member:view');
    await refused(add({ resource: 'column-config', role_guid: role, columns: [] }), /cannot open this list/);
    const set = await ok(add({ resource: 'member', role_guid: role, columns: [] }));
    await ok(asOp('/open/admin/system/column-config/delete', { guid: set.guid }));
  });

  it('a role’s set bounds the views published to it, when published and when read', async () => {
    const { role, holder, other } = await buWithRole();
    await grant(role, 'tenant:member:view');
    const set = await ok(add({ resource: 'member', role_guid: role, columns: [{ field: 'name', visible: true }, { field: 'phone', visible: false }] }));
    const publish = (body: Record<string, unknown>, lang = 'en-US') => s.post('/open/admin/system/published-view/add', { resource: 'member', name: `V ${uid()}`, ...body }, { token: op, lang });
    await refused(publish({ role_guid: role, columns: ['name', 'phone'] }), /hides "Phone"|hides "Mobile/i);
    const zh = await publish({ role_guid: role, columns: ['phone'] }, 'zh');
    expect(zh.message).toMatch(/隐藏了“.+”，发布给该角色的视图不能显示它/);
    const allowed = await ok(publish({ role_guid: role, columns: ['name', 'email'] }));
    // A view for everyone may show the phone (everyone's list has no set)…
    const toAll = await ok(publish({ columns: ['name', 'email', 'phone'] }));
    // …but re-targeting it to the role is refused,
    await refused(asOp('/open/admin/system/published-view/update', { guid: toAll.guid, role_guid: role }), /hides/);
    // and the role's holders read it without the column their set hides; others read it whole.
    const viewOf = async (token: string, guid: string) => (await settings(token, 'member')).views.find((v: { guid: string }) => v.guid === guid);
    expect((await viewOf(holder.token, toAll.guid)).columns).toEqual(['name', 'email']);
    expect((await viewOf(other.token, toAll.guid)).columns).toEqual(['name', 'email', 'phone']);
    expect((await viewOf(holder.token, allowed.guid)).columns).toEqual(['name', 'email']);
    // A holder's own view is bounded the same way.
    const mine = await ok(s.post('/open/system/saved-view/add', { resource: 'member', name: 'Phones', columns: ['phone', 'name'] }, { token: holder.token }));
    expect((await viewOf(holder.token, mine.guid)).columns).toEqual(['name']);
    for (const guid of [allowed.guid, toAll.guid]) await ok(asOp('/open/admin/system/published-view/delete', { guid }));
    await ok(asOp('/open/admin/system/column-config/delete', { guid: set.guid }));
  });

  it('the order lists offer BU, currency, due time and note, and show the BU by default', async () => {
    const { resourceByName } = await import('../../resources/index.ts');
    const { shownFields } = await import('../../resources/shown-columns.ts');
    const order = resourceByName.get('order')!;
    expect(order.admin.columns.map((c) => c.field)).toEqual(expect.arrayContaining(['bu_guid', 'currency', 'due_at', 'note']));
    expect(shownFields(order.admin.columns)).toContain('bu_guid');
    expect(shownFields(order.admin.columns)).not.toContain('due_at');
    // A set may show them.
    const set = await ok(add({ resource: 'order', columns: [{ field: 'number', visible: true }, { field: 'due_at', visible: true }, { field: 'note', visible: true }, { field: 'currency', visible: true }] }));
    expect(shownFields(order.admin.columns, set.columns)).toEqual(['number', 'due_at', 'note', 'currency', 'bu_guid', 'app_name', 'kind', 'amount', 'paid_amount', 'state', 'created_at']);
    await ok(asOp('/open/admin/system/column-config/delete', { guid: set.guid }));
  });
});
