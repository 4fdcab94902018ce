import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { resources } from '../../resources/index.ts';
import type { Mount, ResourceDef } from '../../resources/types.ts';
import { permissionOf, specOf } from '../../server/engine/spec.ts';
import { samples } from '../fixtures/samples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';
import { documentedAnswers } from '../helpers/documented.ts';
import { zodCompilesDuring } from '../helpers/zod-compiles.ts';

/**
 * The contract every definition gets from the engine, proven on every mount of every resource:
 * add → page → get → update → status → delete, a validation failure, no token, another scope and
 * a missing permission.
 */
let s: TestServer;
let admin: string;
/** A real BU (a row of `bu`), which an operator's new row of a BU's definition names. */
let realBu: string;
/** The errors of an answer's `data` against what the OpenAPI document says that call answers. */
let undocumented: ReturnType<typeof documentedAnswers>;
/** What the suite's successful answers held that their documents do not say. */
const answered: string[] = [];
beforeAll(async () => {
  s = await startServer();
  undocumented = documentedAnswers((await s.app.inject({ method: 'GET', url: '/open/openapi.json' })).json());
  // Every answer the suite gets, from a verb, a named handler (a parent row a sample makes) or a
  // sign-in (the operator's, a tenant's sign-up, code and BU switch), is checked against its document.
  const post = s.post;
  s.post = async (url, body, opts) => {
    const r = await post(url, body, opts);
    if (r.code === 200) answered.push(...undocumented(url.split('?')[0], r.data));
    return r;
  };
  admin = await s.login();
  realBu = (await tenantWithBu(s)).buGuid;
});
afterAll(() => s?.close());

const uid = () => randomBytes(4).toString('hex');
// The generic verb's plain call: not a variant with fixed filters, required conditions or a bound transition.
const segment = (mount: Mount, verb: string) => Object.entries(mount.calls).find(([, c]) => specOf(c).verb === verb && !specOf(c).where && !specOf(c).requires && !specOf(c).transition)?.[0];
const path = (mount: Mount, verb: string) => {
  const seg = segment(mount, verb);
  return seg ? `${mount.base}/${seg}` : undefined;
};

/** A caller entitled to the mount: the super operator, a BU owner, or any user for own rows. */
const ownerOf = async (mount: Mount) => (mount.scope === 'bu' ? (await s.tenant({ owner: true })).token : admin);

/** An operator whose only role holds no permission at all. */
const unprivilegedOperator = async () => {
  const role = await s.post('/open/admin/system/role/add', { name: `Empty ${uid()}` }, { token: admin });
  const name = `limited_${uid()}`;
  await s.post('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.data.guid] }, { token: admin });
  return s.login(name, 'Limited123');
};

it('every resource has a contract sample', () => {
  expect(resources.filter((r) => !samples[r.name]).map((r) => r.name)).toEqual([]);
});

describe.each(resources.flatMap((def) => def.api.mounts.map((mount) => ({ def, mount, label: `${def.name} ${mount.base}` }))))('$label', ({ def, mount }: { def: ResourceDef; mount: Mount }) => {
  const sample = samples[def.name];
  const add = path(mount, 'add');
  const page = path(mount, 'page') ?? path(mount, 'list');
  const get = path(mount, 'get');
  const update = path(mount, 'update');
  const del = path(mount, 'delete');
  const status = path(mount, 'status');
  /** A valid add body for the caller, with the rows it names made first. */
  // An operator's row of a BU's definition lands in the BU the body names (an order made for a BU).
  const chosenBu = mount.scope === 'oversight' && def.api.mounts.some((m) => m.scope === 'bu');
  const addBody = async (token: string, n = uid()) => ({
    ...(chosenBu ? { bu_guid: realBu } : {}),
    ...sample.add(n),
    ...(await sample.parent?.((p, b) => s.post(p, b, { token }), n, realBu)),
  });

  it.runIf(add)('adds, pages, gets, updates, changes status and deletes, ignoring server-managed fields in bodies', async () => {
    const token = await ownerOf(mount);
    const n = uid();
    const forged = { guid: '00000000-0000-4000-8000-000000000000', created_by: '00000000-0000-4000-8000-000000000001', ...(chosenBu ? {} : { bu_guid: '00000000-0000-4000-8000-000000000002' }), created_at: '2000-01-01T00:00:00Z' };
    const created = await s.post(add!, { ...(await addBody(token, n)), ...forged }, { token });
    expect(created.code, created.message).toBe(200);
    expect(undocumented(add!, created.data)).toEqual([]);
    const row = created.data;
    expect(row.guid).not.toBe(forged.guid);
    expect(row.created_by).not.toBe(forged.created_by);
    expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2000);
    if (chosenBu) expect(row.bu_guid).toBe(realBu);
    else if ('bu_guid' in row) expect(row.bu_guid).not.toBe('00000000-0000-4000-8000-000000000002');
    expect(row).not.toHaveProperty('password');
    // Its schemas were made once: a second add (its parent rows made first) compiles none.
    const another = await addBody(token);
    let second: Awaited<ReturnType<typeof s.post>> | undefined;
    expect(await zodCompilesDuring(async () => void (second = await s.post(add!, another, { token })))).toBe(0);
    // Past the body's parse, where a refusal would have stopped the check: added, or, for a
    // definition of one row per BU, refused by the database in words that name what the BU has.
    if (def.storage.unique?.some((set) => !set.length)) {
      expect(second!.code).toBe(201);
      expect(second!.message).toBe(translate('en', 'server.duplicate_one_per_bu', { resource: translate('en', `resources.${def.name}.name`, { smart_count: 1 }) }));
    } else expect(second!.code, second!.message).toBe(200);

    if (page) {
      const listed = await s.post(page, { page: 1, page_size: 100 }, { token });
      expect(listed.code).toBe(200);
      expect(undocumented(page, listed.data)).toEqual([]);
      const list = Array.isArray(listed.data) ? listed.data : listed.data.list;
      expect(list.map((r: { guid: string }) => r.guid)).toContain(row.guid);
      if (!Array.isArray(listed.data)) expect(listed.data.count).toBeGreaterThanOrEqual(1);
      // Nor does the same page again.
      expect(await zodCompilesDuring(() => s.post(page, { page: 1, page_size: 100 }, { token }))).toBe(0);
    }
    if (get) {
      const got = await s.post(get, { guid: row.guid }, { token });
      expect(got.code).toBe(200);
      expect(undocumented(get, got.data)).toEqual([]);
      expect(got.data.guid).toBe(row.guid);
      expect(await zodCompilesDuring(() => s.post(get, { guid: row.guid }, { token }))).toBe(0);
    }
    if (update) {
      const changed = await s.post(update, { guid: row.guid, ...sample.update }, { token });
      expect(changed.code, changed.message).toBe(200);
      expect(undocumented(update, changed.data)).toEqual([]);
      expect(changed.data).toMatchObject(sample.update);
      expect(await zodCompilesDuring(() => s.post(update, { guid: row.guid, ...sample.update }, { token }))).toBe(0);
    }
    // A move this side may make from the new row's state (a tenant cannot take up its own work order).
    const t = def.api.status?.transitions.find((x) => x.from.map(String).includes(String(row[def.api.status!.field])) && (!x.sides || x.sides.includes(mount.side)) && !x.takes);
    if (status && def.api.status && t) {
      const moved = await s.post(status, { guid: row.guid, status: t.to }, { token });
      expect(moved.code, moved.message).toBe(200);
      expect(undocumented(status, moved.data)).toEqual([]);
      expect(moved.data[def.api.status.field]).toBe(t.to);
      const again = await s.post(status, { guid: row.guid, status: t.to }, { token });
      expect(again.code).toBe(201);
      expect(again.message.length).toBeGreaterThan(10);
    }
    if (del) {
      const gone = await s.post(del, { guid: row.guid }, { token });
      expect(gone.code, gone.message).toBe(200);
      expect(undocumented(del, gone.data)).toEqual([]);
      if (get) expect((await s.post(get, { guid: row.guid }, { token })).code).toBe(201);
    }
  });

  it.runIf(add)('refuses an invalid body with a translated sentence naming the field', async () => {
    const token = await ownerOf(mount);
    for (const lang of ['en-US', 'zh-CN', 'zh-HK']) {
      const r = await s.post(add!, sample.invalid.body, { token, lang });
      expect(r.status).toBe(200);
      expect(r.code).toBe(201);
      expect(r.data.map((e: { field: string }) => e.field)).toContain(sample.invalid.field);
      expect(r.message).not.toMatch(/validation\.|server\./);
    }
  });

  // The first call of the mount that needs a token (a mount of public calls only has none).
  const guarded = Object.entries(mount.calls).find(([, c]) => !(typeof c === 'object' && c.public))?.[0];
  it.runIf(guarded)('answers HTTP 401 with code 201 without a token', async () => {
    const call = guarded;
    const r = await s.post(`${mount.base}/${call}`, {});
    expect(r.status).toBe(401);
    expect(r.code).toBe(201);
  });

  it.runIf(get && add)('keeps rows out of reach of another scope', async () => {
    const token = await ownerOf(mount);
    const row = (await s.post(add!, await addBody(token), { token })).data;
    const stranger =
      mount.scope === 'platform' || mount.scope === 'catalog' ? (await s.tenant({ owner: true })).token : mount.scope === 'bu' ? (await s.tenant({ owner: true })).token : await (async () => {
        const other = `other_${uid()}`;
        await s.post('/open/admin/system/user/add', { username: other, password: 'Other1234' }, { token: admin });
        return s.login(other, 'Other1234');
      })();
    if (mount.scope === 'catalog') {
      // Catalogue rows are read by every signed-in caller when the read declares no permission, else
      // only by holders of it (a tenant never holds an operator code); operators alone change them.
      const open = !permissionOf(mount, specOf(mount.calls[segment(mount, 'get')!]));
      expect((await s.post(get!, { guid: row.guid }, { token: stranger })).code).toBe(open ? 200 : 201);
      if (update) expect((await s.post(update, { guid: row.guid, ...sample.update }, { token: stranger })).code).toBe(201);
      if (del) expect((await s.post(del, { guid: row.guid }, { token: stranger })).code).toBe(201);
      return;
    }
    const got = await s.post(get!, { guid: row.guid }, { token: stranger });
    expect(got.code).toBe(201);
    if (page) {
      const listed = await s.post(page, { page_size: 100 }, { token: stranger });
      const list = listed.code === 200 ? (Array.isArray(listed.data) ? listed.data : listed.data.list) : [];
      expect(list.map((r: { guid: string }) => r.guid)).not.toContain(row.guid);
    }
    if (update) expect((await s.post(update, { guid: row.guid, ...sample.update }, { token: stranger })).code).toBe(201);
    if (del) expect((await s.post(del, { guid: row.guid }, { token: stranger })).code).toBe(201);
    expect((await s.post(get!, { guid: row.guid }, { token })).code).toBe(200);
  });

  it.runIf(mount.perm && (add || page))('refuses a caller whose roles lack the permission code', async () => {
    const token = mount.scope === 'bu' ? (await s.tenant({ owner: false })).token : await unprivilegedOperator();
    if (add) {
      const r = await s.post(add, await addBody(admin), { token });
      expect(r.code).toBe(201);
      expect(r.message).toBe('You have no access rights yet. Please contact the administrator.');
    }
    if (page && mount.scope !== 'catalog') expect((await s.post(page, {}, { token })).code).toBe(201);
  });
});

// Runs after every definition's contract above (a file's tests run in order).
it("got only answers their documents describe, from every call the suite made", () => {
  expect(answered).toEqual([]);
});
