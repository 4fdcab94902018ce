import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { pngOf } from '../helpers/images.ts';
import { readFile } from '../helpers/upload.ts';

/**
 * Issue 44 items 2 and 3, on two BUs that both applied: the reviewer reads the licence of the
 * request it reviews (and nobody of another BU does), and a request's history lists that request's
 * steps only — it listed every BU's, since the list's required `org_guid` was not applied as a filter.
 */
let s: TestServer;
let admin: string;
let reviewer: string;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
const orgs: Record<'A' | 'B', { guid: string; licence: string }> = {} as never;

/** The console's image upload for the licence field, as the certification form sends it. */
const uploadLicence = async (token: string) => {
  const boundary = `----lic${randomBytes(4).toString('hex')}`;
  const payload = Buffer.concat([
    ...Object.entries({ resource: 'org', field: 'license_url' }).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n`), pngOf(40, 30), Buffer.from('\r\n'),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const raw = await s.app.inject({ method: 'POST', url: '/open/file/image-upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
  const r = raw.json() as { code: number; message: string; data: { url: string; public: boolean } };
  expect(r.code, r.message).toBe(200);
  expect(r.data.public).toBe(false);
  return r.data.url;
};

/** A BU's certification with its licence, applied for. */
const applied = async (token: string) => {
  const licence = await uploadLicence(token);
  const org = await s.post('/open/system/org/add', { company_name: `Company ${uid()}`, credit_code: '91350100M000100Y43', license_url: licence }, { token });
  expect(org.code, org.message).toBe(200);
  expect((await s.post('/open/system/org/apply-auth', {}, { token })).code).toBe(200);
  return { guid: org.data.guid as string, licence };
};

/** An operator whose one role grants `codes`. */
const operatorWith = async (codes: string[]) => {
  const nodes = (await s.post('/open/admin/system/permission/list', {}, { token: admin })).data as { guid: string; code: string }[];
  const role = await s.post('/open/admin/system/role/add', { name: `Only ${uid()}` }, { token: admin });
  await s.post('/open/admin/system/role/auth', { guid: role.data.guid, permission_guids: nodes.filter((n) => codes.includes(n.code)).map((n) => n.guid) }, { token: admin });
  const name = `op_${uid()}`;
  expect((await s.post('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.data.guid] }, { token: admin })).code).toBe(200);
  return s.login(name, 'Limited123');
};

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  reviewer = await operatorWith(['admin:certification', 'admin:certification:view', 'admin:certification:status']);
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  orgs.A = await applied(A.token);
  orgs.B = await applied(B.token);
  // A is approved, B waits: each history holds its own steps.
  expect((await s.post('/open/admin/org/update-status', { guid: orgs.A.guid, status: 2 }, { token: reviewer })).code).toBe(200);
});
afterAll(() => s?.close());

describe("a certification request's licence", () => {
  it('is read by the operator holding the review permission, by its own BU, and by no other BU nor anonymously', async () => {
    for (const [who, token] of [['reviewer', reviewer], ['A', A.token]] as const) {
      const r = await readFile(s, orgs.A.licence, token);
      expect(r.statusCode, who).toBe(200);
      expect(r.headers['cache-control'], who).toBe('private, no-store');
      expect(r.rawPayload.equals(pngOf(40, 30)), who).toBe(true);
    }
    for (const [who, token] of [['tenant of another BU', B.token], ['anonymous', undefined]] as const) expect((await readFile(s, orgs.A.licence, token)).statusCode, who).toBe(404);
    // The licence is what the review page's get answers: the address the console fetches with its token.
    expect((await s.post('/open/admin/org/info', { guid: orgs.A.guid }, { token: reviewer })).data.license_url).toBe(orgs.A.licence);
  });
});

describe("a request's certification history", () => {
  const history = async (org: string) =>
    ((await s.post('/open/admin/org/application/list', { org_guid: org }, { token: reviewer })).data as { org_guid: string; bu_guid: string; action: string }[]);

  it("lists only that request's steps, for each of two BUs", async () => {
    const a = await history(orgs.A.guid);
    const b = await history(orgs.B.guid);
    expect(a.map((r) => r.action).sort()).toEqual(['apply', 'approve']);
    expect(a.every((r) => r.org_guid === orgs.A.guid && r.bu_guid === A.buGuid)).toBe(true);
    expect(b.map((r) => r.action)).toEqual(['apply']);
    expect(b.every((r) => r.org_guid === orgs.B.guid && r.bu_guid === B.buGuid)).toBe(true);
  });

  it('names no row for a request that does not exist, and the BU reads its own history only', async () => {
    expect(await history('00000000-0000-4000-8000-000000000000')).toEqual([]);
    const own = (await s.post('/open/system/org/application/page', {}, { token: B.token })).data.list as { bu_guid: string }[];
    expect(own.length).toBe(1);
    expect(own.every((r) => r.bu_guid === B.buGuid)).toBe(true);
  });
});
