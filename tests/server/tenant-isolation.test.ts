import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { Mount, ResourceDef } from '../../resources/types.ts';
import { fieldsOf } from '../../server/engine/fields.ts';
import { specOf } from '../../server/engine/spec.ts';
import { samples } from '../fixtures/samples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { PNG, previewFile, readFile, upload } from '../helpers/upload.ts';
import { authorise, OAuthAgent } from '../helpers/oauth-agent.ts';

/**
 * The isolation matrix: for every BU-scoped mount of every definition, a row of tenant A, and every
 * call of that mount made by tenant B's owner, by a sub-account of A without grants, by an operator
 * and without a token. None may answer with A's row, and A's row must come out unchanged. For every
 * definition with a `files` field, a file of A's named by such a row: none of them reads it, by its
 * address or a preview, nor gains it by naming it in a row of its own.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
const callers: Record<string, string | undefined> = {};
beforeAll(async () => {
  s = await startServer();
  A = await tenantWithBu(s);
  const B = await tenantWithBu(s);
  callers['tenant B'] = B.token;
  callers['sub-account of A without grants'] = (await activeSub(s, A.token)).token;
  callers.operator = await s.login();
  callers['no token'] = undefined;
  // Reads A's files only as a reader of A's rows: it holds every grant of A's BU, and uploads nothing.
  const role = await s.post('/open/system/role/add', { name: `All ${uid()}` }, { token: A.token });
  const nodes = (await s.post('/open/system/role/auth-list', { guid: role.data.guid }, { token: A.token })).data.list as { guid: string }[];
  await s.post('/open/system/role/auth', { guid: role.data.guid, permission_guids: nodes.map((n) => n.guid) }, { token: A.token });
  readerOfA = (await activeSub(s, A.token, [role.data.guid])).token;
});
let readerOfA: string;
afterAll(() => s?.close());

const segmentOf = (mount: Mount, verb: string) => Object.entries(mount.calls).find(([, c]) => specOf(c).verb === verb && !specOf(c).requires)?.[0];
const buMounts = resources.flatMap((def) => def.api.mounts.filter((m) => m.scope === 'bu').map((mount) => ({ def, mount, label: `${def.name} ${mount.base}` })));

it('covers every BU-scoped resource', () => {
  const names = new Set(buMounts.map((m) => m.def.name));
  // Each has a sample to make a row by (tests/fixtures/samples.ts): one without would skip its isolation checks.
  expect([...names].filter((n) => !samples[n]), 'definitions without a sample').toEqual([]);
  for (const n of ['org', 'company', 'project', 'department', 'position', 'member', 'sub-account', 'password-policy', 'safe-policy', 'auth-config', 'role']) expect(names).toContain(n);
});

describe.each(buMounts)('$label', ({ def, mount }: { def: ResourceDef; mount: Mount }) => {
  const sample = samples[def.name];
  const at = (seg: string) => `${mount.base}/${seg}`;

  /** A's own row, created through the mount's own write call. */
  const create = async () => {
    if (sample.create) {
      const as = (token: string | undefined) => (path: string, body: unknown) => s.post(path, body, { token });
      return sample.create(as(A.token), uid(), as(callers.operator), undefined, as(callers['tenant B']), (appId, back) => authorise(OAuthAgent.overInject(s.app), A.token, appId, back));
    }
    const add = segmentOf(mount, 'add');
    const save = segmentOf(mount, 'save');
    const body = sample.add(uid());
    const r = add
      ? await s.post(at(add), body, { token: A.token })
      : save
        ? await s.post(at(save), body, { token: A.token })
        : await s.post(at('child-add'), body, { token: A.token });
    expect(r.code, r.message).toBe(200);
    return r.data as Record<string, unknown>;
  };

  /** A's view of the row, to compare before and after. */
  const read = async (guid: string, owner: Record<string, unknown> = {}) => {
    const get = segmentOf(mount, 'get');
    const one = segmentOf(mount, 'one');
    const page = segmentOf(mount, 'page');
    if (get) return (await s.post(at(get), { guid }, { token: A.token })).data;
    if (one) return (await s.post(at(one), owner, { token: A.token })).data;
    const listed = await s.post(at(page!), { page_size: 100 }, { token: A.token });
    return listed.data.list.find((r: { guid: string }) => r.guid === guid);
  };

  const holdsRows = ['add', 'save', 'get', 'one', 'page'].some((v) => segmentOf(mount, v)) || 'child-add' in mount.calls;

  it.runIf(!holdsRows)('refuses every call to a sub-account without grants, an operator and no token', async () => {
    for (const [who, token] of Object.entries(callers)) {
      if (who === 'tenant B') continue;
      for (const segment of Object.keys(mount.calls)) expect((await s.post(at(segment), {}, { token })).code, `${who} ${segment}`).not.toBe(200);
    }
  });

  it.runIf(sample && holdsRows)('no caller but A reads, changes or deletes A\'s row through any call', async () => {
    const row = await create();
    const guid = row.guid as string;
    // A singleton per row of another definition (an app's security) is named by that row.
    const owner = def.relations?.singletonPer ? { [def.relations?.singletonPer]: row[def.relations?.singletonPer] } : {};
    const before = await read(guid, owner);
    expect(before?.guid).toBe(guid);
    const status = def.api.status?.transitions[0]?.to;
    const body = { ...sample.update, guid, guids: [guid], status, role_guids: [], user_guids: [guid], permission_guids: [], page_size: 100, bu_guid: A.buGuid, ...owner };
    for (const [who, token] of Object.entries(callers)) {
      for (const segment of Object.keys(mount.calls)) {
        const r = await s.post(at(segment), body, { token });
        if (who === 'no token' && !specOf(mount.calls[segment]).public) expect(r.status, `${who} ${segment}`).toBe(401);
        if (who !== 'tenant B') expect(r.code, `${who} ${segment}: ${r.message}`).not.toBe(200);
        // Tenant B may use the call on its own BU, but never sees A's row in the answer.
        expect(JSON.stringify(r.data ?? null), `${who} ${segment}`).not.toContain(guid);
      }
    }
    expect(await read(guid, owner)).toEqual(before);
  });
});

/** Definitions whose rows hold files, each with its BU-scoped mount and those fields. */
const fileHolders = resources.flatMap((def) => {
  const fields = fieldsOf(def).filter((f) => f.files).map((f) => f.name);
  const mount = def.api.mounts.find((m) => m.scope === 'bu');
  return fields.length && mount ? [{ def, mount, fields, label: def.name }] : [];
});
/** The tenant side's upload call of private files (a record's attachments). */
const privateUpload = resources.flatMap((d) => d.api.mounts.filter((m) => m.scope === 'bu').flatMap((m) => Object.entries(m.calls).filter(([, c]) => specOf(c).handler === 'files.upload').map(([seg]) => `${m.base}/${seg}`)))[0];

it('covers file reads of every definition holding files', () => {
  expect(fileHolders.map((h) => h.def.name)).toEqual(expect.arrayContaining(['work-order', 'work-order-record']));
  expect(privateUpload).toBeTruthy();
});

describe.each(fileHolders)('files of $label', ({ def, mount, fields }: { def: ResourceDef; mount: Mount; fields: string[] }) => {
  const sample = samples[def.name];
  /** A row of the caller's BU naming `address` in every files field, or null when the server refuses it. */
  const rowNaming = async (token: string, address: string) => {
    const named = Object.fromEntries(fields.map((f) => [f, [address]]));
    const post = (path: string, body: unknown) => s.post(path, body, { token });
    if (sample.create) return sample.create(post, uid(), (path, body) => s.post(path, body, { token: callers.operator }), named).catch(() => null);
    const write = segmentOf(mount, 'add') ?? segmentOf(mount, 'save');
    const r = await post(`${mount.base}/${write}`, { ...sample.add(uid()), ...named });
    return r.code === 200 ? (r.data as Record<string, unknown>) : null;
  };

  it("another BU, a sub-account without grants and no token never read A's file; a reader of A's rows does", async () => {
    const file = await upload(s, privateUpload, [{ name: `${def.name}.png`, bytes: PNG }], A.token);
    expect(file.code, file.message).toBe(200);
    const { guid, url } = file.data[0] as { guid: string; url: string };
    expect(await rowNaming(A.token, url)).toBeTruthy();
    const read = await readFile(s, url, readerOfA);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    for (const [who, token] of Object.entries(callers)) {
      if (who === 'operator') continue;
      // Naming it in a row of its own gives nobody the file.
      if (token) expect(await rowNaming(token, url), who).toBeNull();
      expect((await readFile(s, url, token)).statusCode, who).toBe(404);
      for (const path of ['/open/file/preview', '/open/admin/file/preview']) {
        const r = await previewFile(s, path, guid, token);
        expect(r.rawPayload.equals(PNG), `${who} ${path}`).toBe(false);
        expect(r.json().code, `${who} ${path}`).toBe(201);
      }
    }
  });
});

describe('bespoke BU calls', () => {
  it("role holders: tenant B can neither assign A's role nor list its holders", async () => {
    const role = await s.post('/open/system/role/add', { name: `Role ${uid()}` }, { token: A.token });
    const sub = await activeSub(s, A.token, [role.data.guid]);
    for (const [who, token] of Object.entries(callers)) {
      const assign = await s.post('/open/system/role-user/assign-users', { role_guid: role.data.guid, user_guids: [] }, { token });
      expect(assign.code, who).not.toBe(200);
      const page = await s.post('/open/system/role-user/page', { role_guid: role.data.guid }, { token });
      expect(JSON.stringify(page.data ?? null), who).not.toContain(sub.guid);
    }
    const mine = await s.post('/open/system/role-user/page', { role_guid: role.data.guid }, { token: A.token });
    expect(mine.data.list.map((u: { guid: string }) => u.guid)).toEqual([sub.guid]);
  });

  it("references: A's rows cannot be pointed at from tenant B", async () => {
    const dept = await s.post('/open/system/department/add', { name: `D ${uid()}` }, { token: A.token });
    const r = await s.post('/open/system/member/add', { name: 'Spy', department_guid: dept.data.guid }, { token: callers['tenant B'] });
    expect(r.code).toBe(201);
    expect(r.message).toBe('The selected Department does not exist or does not belong to this business unit.');
    const child = await s.post('/open/system/department/add', { name: 'Child', parent_guid: dept.data.guid }, { token: callers['tenant B'] });
    expect(child.code).toBe(201);
  });
});
