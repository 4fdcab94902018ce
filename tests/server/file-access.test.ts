import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { activeSub, tenantWithBu, uid } from '../helpers/tenant-flows.ts';
import { PNG, previewFile, readFile, upload } from '../helpers/upload.ts';

/**
 * Security review, issue 31: a tenant's work-order attachment was served to anyone by its address,
 * cached publicly for a year, and to any other tenant through the preview. Files now know who may
 * read them (server/files/access.ts): a record's attachment only those who may read the record,
 * never anonymously, never cached; a document's image stays public.
 */
let s: TestServer;
let A: Awaited<ReturnType<typeof tenantWithBu>>;
let B: Awaited<ReturnType<typeof tenantWithBu>>;
let admin: string;
const tokens: Record<string, string> = {};
const TENANT_UPLOAD = '/open/app/work-order/file/simple-upload';
const OPERATOR_UPLOAD = '/open/admin/work-order/file/simple-upload';
const DOCUMENT_UPLOAD = '/open/admin/document-manage/file/simple-upload';
const NOT_FOUND = 'The record does not exist or you have no access to it.';

/** A role of the caller's BU granting the tenant codes. */
const tenantRole = async (token: string, codes: string[]) => {
  const role = await s.post('/open/system/role/add', { name: `Role ${uid()}` }, { token });
  const nodes = (await s.post('/open/system/role/auth-list', { guid: role.data.guid }, { token })).data.list as { guid: string; code: string }[];
  const granted = await s.post('/open/system/role/auth', { guid: role.data.guid, permission_guids: nodes.filter((n) => codes.includes(n.code)).map((n) => n.guid) }, { token });
  expect(granted.code, granted.message).toBe(200);
  return role.data.guid as string;
};

/** An operator whose one role grants the operator codes. */
const operatorWith = async (codes: string[]) => {
  const nodes = (await s.post('/open/admin/system/permission/list', {}, { token: admin })).data as { guid: string; code: string }[];
  const role = await s.post('/open/admin/system/role/add', { name: `Only ${uid()}` }, { token: admin });
  await s.post('/open/admin/system/role/auth', { guid: role.data.guid, permission_guids: nodes.filter((n) => codes.includes(n.code)).map((n) => n.guid) }, { token: admin });
  const name = `op_${uid()}`;
  const user = await s.post('/open/admin/system/user/add', { username: name, password: 'Limited123', role_guids: [role.data.guid] }, { token: admin });
  expect(user.code, user.message).toBe(200);
  return s.login(name, 'Limited123');
};

const uploaded = async (url: string, token: string, name = `screen-${uid()}.png`) => {
  const r = await upload(s, url, [{ name, bytes: PNG }], token);
  expect(r.code, r.message).toBe(200);
  return r.data[0] as { guid: string; name: string; url: string; public: boolean };
};

const raise = async (token: string, attachments: string[]) =>
  s.post('/open/app/work-order/save', { title: `Help ${uid()}`, description: 'See the screenshot.', attachments }, { token });

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  A = await tenantWithBu(s);
  B = await tenantWithBu(s);
  tokens['tenant B'] = B.token;
  tokens['sub-account of A without the work-order permission'] = (await activeSub(s, A.token)).token;
  tokens['sub-account of A with work-order view'] = (await activeSub(s, A.token, [await tenantRole(A.token, ['tenant:work-order', 'tenant:work-order:view'])])).token;
  tokens['operator with work-order view only'] = await operatorWith(['admin:work-order', 'admin:work-order:view']);
  tokens['operator with document view only'] = await operatorWith(['admin:document', 'admin:document:view']);
});
afterAll(() => s?.close());

describe("a tenant's work-order attachment", () => {
  let file: { guid: string; name: string; url: string; public: boolean };
  let order: string;
  beforeAll(async () => {
    file = await uploaded(TENANT_UPLOAD, A.token);
    const r = await raise(A.token, [file.url]);
    expect(r.code, r.message).toBe(200);
    order = r.data.guid;
  });

  it('is private: no token and a bad token get the 404 of a missing file, never a refusal', async () => {
    expect(file.public).toBe(false);
    const absent = '00000000-0000-4000-8000-000000000000';
    const missing = await readFile(s, `/open/file/${absent}`);
    for (const r of [await readFile(s, file.url), await readFile(s, file.url, 'not-a-token')]) {
      expect(r.statusCode).toBe(404);
      expect(r.body.replace(file.guid, absent)).toBe(missing.body);
      expect(r.headers['cache-control']).toBeUndefined();
    }
    expect((await previewFile(s, '/open/file/preview', file.guid)).statusCode).toBe(401);
  });

  it('another BU and a sub-account without the permission neither read nor preview it', async () => {
    for (const who of ['tenant B', 'sub-account of A without the work-order permission', 'operator with document view only']) {
      expect((await readFile(s, file.url, tokens[who])).statusCode, who).toBe(404);
      for (const path of ['/open/file/preview', '/open/admin/file/preview']) {
        const r = await previewFile(s, path, file.guid, tokens[who]);
        expect(r.json().code, `${who} ${path}`).toBe(201);
        expect(r.rawPayload.equals(PNG), `${who} ${path}`).toBe(false);
      }
      expect((await previewFile(s, '/open/file/preview', file.guid, tokens[who])).json().message, who).toBe(NOT_FOUND);
    }
  });

  it('A, and who may read A\'s work orders, read it uncached', async () => {
    for (const [who, token] of [['A', A.token], ['sub-account with view', tokens['sub-account of A with work-order view']], ['operator with work-order view', tokens['operator with work-order view only']]]) {
      const r = await readFile(s, file.url, token);
      expect(r.statusCode, who).toBe(200);
      expect(r.headers['cache-control'], who).toBe('private, no-store');
      expect(r.headers['content-disposition'], who).toMatch(/^inline; filename=/);
      expect(r.rawPayload.equals(PNG), who).toBe(true);
    }
    const tenantPreview = await previewFile(s, '/open/file/preview', file.guid, A.token);
    expect(tenantPreview.headers['cache-control']).toBe('private, no-store');
    expect(tenantPreview.rawPayload.equals(PNG)).toBe(true);
    // The operator's path: the admin preview, by the same rule (admin:work-order:view reads work orders).
    const opPreview = await previewFile(s, '/open/admin/file/preview', file.guid, tokens['operator with work-order view only']);
    expect(opPreview.statusCode).toBe(200);
    expect(opPreview.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(opPreview.rawPayload.equals(PNG)).toBe(true);
    expect((await previewFile(s, '/open/admin/file/preview', file.guid, A.token)).json().code).toBe(201);
  });

  it("the work order's get names its files, so the console links them by name", async () => {
    const got = await s.post('/open/app/work-order/get', { guid: order }, { token: A.token });
    expect(got.data.file_names).toEqual({ [file.url]: file.name });
    expect((await s.post('/open/admin/work-order/get', { guid: order }, { token: admin })).data.file_names).toEqual({ [file.url]: file.name });
  });

  it('nobody gains a file by naming it in a record of their own', async () => {
    const stolen = await raise(B.token, [file.url]);
    expect(stolen.code).toBe(201);
    expect(stolen.message).toBe('A file in Attachments does not exist or you may not read it; upload it again.');
    const mine = await raise(B.token, []);
    const reply = await s.post('/open/app/work-order-record/save', { work_order_guid: mine.data.guid, content: 'Look', attachments: [file.url] }, { token: B.token });
    expect(reply.code).toBe(201);
    expect((await raise(B.token, ['/open/file/00000000-0000-4000-8000-000000000000'])).code).toBe(201);
    expect((await readFile(s, file.url, B.token)).statusCode).toBe(404);
  });

  it("an operator's reply attachment reaches the work order's BU through its conversation, and no other", async () => {
    const op = tokens['operator with work-order view only'];
    const own = await uploaded(OPERATOR_UPLOAD, admin, 'steps.png');
    expect(own.public).toBe(false);
    const reply = await s.post('/open/admin/work-order-record/save', { work_order_guid: order, content: 'Follow these steps.', attachments: [own.url] }, { token: admin });
    expect(reply.code, reply.message).toBe(200);
    expect((await readFile(s, own.url, A.token)).statusCode).toBe(200);
    expect((await readFile(s, own.url, op)).statusCode).toBe(200);
    for (const who of ['tenant B', 'sub-account of A without the work-order permission']) expect((await readFile(s, own.url, tokens[who])).statusCode, who).toBe(404);
    expect((await readFile(s, own.url)).statusCode).toBe(404);
  });
});

describe('an upload not yet attached', () => {
  it('is its uploader\'s alone, in the BU it was uploaded for', async () => {
    const file = await uploaded(TENANT_UPLOAD, A.token);
    expect((await readFile(s, file.url, A.token)).statusCode).toBe(200);
    expect((await readFile(s, file.url, tokens['sub-account of A with work-order view'])).statusCode).toBe(404);
    // A's own token for another BU of A's: the file belongs to the BU it was uploaded for.
    const other = await s.post('/open/system/bu/add', { name: `Second ${uid()}` }, { token: A.token });
    const switched = await s.post('/open/system/user-bu/select', { guid: other.data.guid }, { token: A.token });
    expect(switched.code, switched.message).toBe(200);
    expect((await readFile(s, file.url, switched.data.token)).statusCode).toBe(404);
    expect((await raise(switched.data.token, [file.url])).code).toBe(201);
  });
});

describe("a document's image", () => {
  it('stays public and cached for a year', async () => {
    const image = await uploaded(DOCUMENT_UPLOAD, admin, 'diagram.png');
    expect(image.public).toBe(true);
    const r = await readFile(s, image.url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.rawPayload.equals(PNG)).toBe(true);
    expect((await previewFile(s, '/open/file/preview', image.guid, B.token)).rawPayload.equals(PNG)).toBe(true);
  });
});

describe('files uploaded before files knew their owners (migration 16)', () => {
  it("keep operators' files public; work orders', replies' and tenants' files become private in their record's BU", async () => {
    const doc = await uploaded(DOCUMENT_UPLOAD, admin, 'old-doc.png');
    const attached = await uploaded(TENANT_UPLOAD, A.token, 'old-attached.png');
    expect((await raise(A.token, [attached.url])).code).toBe(200);
    const loose = await uploaded(TENANT_UPLOAD, A.token, 'old-loose.png');
    const replied = await uploaded(OPERATOR_UPLOAD, admin, 'old-reply.png');
    const order = await raise(A.token, []);
    expect((await s.post('/open/admin/work-order-record/save', { work_order_guid: order.data.guid, content: 'See', attachments: [replied.url] }, { token: admin })).code).toBe(200);
    const guids = [doc.guid, attached.guid, loose.guid, replied.guid];
    // As the migration's new columns leave every earlier file: not public, no owner's BU.
    await s.db.query('update file set public = false, bu_guid = null where guid = any($1::uuid[])', [guids]);
    for (const sql of migrations.find((m) => m.id === 16)!.up) await s.db.query(sql);
    const { rows } = await s.db.query<{ guid: string; public: boolean; bu_guid: string | null }>('select guid, public, bu_guid from file where guid = any($1::uuid[])', [guids]);
    const of = (guid: string) => rows.find((r) => r.guid === guid);
    expect(of(doc.guid)).toMatchObject({ public: true, bu_guid: null });
    expect(of(attached.guid)).toMatchObject({ public: false, bu_guid: A.buGuid });
    expect(of(loose.guid)).toMatchObject({ public: false, bu_guid: null });
    expect(of(replied.guid)).toMatchObject({ public: false, bu_guid: A.buGuid });
  });
});
