import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PrebuiltJson } from '../../server/http/prebuilt-json.ts';
import { resources } from '../../resources/index.ts';
import { compareCatalogue } from '../../server/catalogue.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

it('describes every mounted call in OpenAPI 3.1 with its request schema', async () => {
  const r = await s.app.inject({ method: 'GET', url: '/open/openapi.json', headers: { 'accept-language': 'en-US' } });
  const doc = r.json();
  expect(doc.openapi).toBe('3.1.0');
  for (const d of s.docs) expect(doc.paths[d.path]?.[d.method.toLowerCase()], d.path).toBeDefined();
  for (const def of resources) for (const m of def.api.mounts) for (const seg of Object.keys(m.calls)) expect(doc.paths[`${m.base}/${seg}`]).toBeDefined();
  const add = doc.paths['/open/admin/system/role/add'].post.requestBody.content['application/json'].schema;
  expect(add.properties.name).toMatchObject({ type: 'string', maxLength: 30 });
  expect(add.required).toContain('name');
  expect(doc.paths['/open/admin/system/role/add'].post.description).toBe('Permission code: admin:role:add');
  expect(doc.paths['/open/admin/sys-auth/login'].post.security).toEqual([]);
});

it('mounts the platform-administration calls of the catalogue', () => {
  const { mounted } = compareCatalogue(s.docs);
  const paths = new Set(mounted.map((c) => c.path));
  for (const group of ['/open/admin/system/permission/', '/open/admin/system/role/', '/open/admin/system/user/', '/open/system/permission/', '/open/system/admin/permission/', '/open/system/admin/role/', '/open/system/admin/user/', '/open/system/dict/']) {
    expect([...paths].filter((p) => p.startsWith(group)).length, group).toBeGreaterThan(3);
  }
  for (const p of ['/open/admin/sys-auth/login', '/open/logout', '/open/admin/user/info', '/open/admin/user/get-permission-auth', '/open/user/get-permission-auth', '/open/system/role/auth-list']) {
    expect(paths.has(p), p).toBe(true);
  }
});

it('answers 404 for catalogue calls not built yet', async () => {
  const { missing } = compareCatalogue(s.docs);
  const sample = missing.filter((c) => c.method === 'POST').slice(0, 5);
  for (const c of sample) expect((await s.post(c.path, {})).status, c.path).toBe(404);
});

it('gives apps a document of their own: the token call and the calls made with app tokens, nothing of the consoles', async () => {
  const doc = (await s.app.inject({ method: 'GET', url: '/open/api/openapi.json' })).json();
  const paths = Object.keys(doc.paths);
  expect(paths).toContain('/open/api/auth/app-access-token');
  expect(paths).toContain('/open/api/v1/app/info');
  // The open API's own calls, and Lark's dialect of them (docs/lark.md).
  expect(paths.every((p) => p.startsWith('/open/api/') || p.startsWith('/open-apis/'))).toBe(true);
  expect(doc.paths['/open/api/auth/app-access-token'].post.security).toEqual([]);
  expect(doc.paths['/open/api/v1/app/info'].post.security).toEqual([{ bearer: [] }]);
  expect(doc.components.securitySchemes.bearer.bearerFormat).toBe('app access token');
});

it("names each of the apps' calls in the reader's language, in the document, the scope tables and the docs", async () => {
  const get = async (lang: string) => (await s.app.inject({ method: 'GET', url: '/open/api/openapi.json', headers: { 'accept-language': lang } }));
  const [zh, hk, en] = await Promise.all(['zh-CN', 'zh-HK', 'en-US'].map(get));
  expect(en.headers.vary).toContain('Accept-Language');
  // Each operation's summary, by its path (POST) or method and path (Lark's dialect shares paths between methods).
  const summaries = (r: Awaited<ReturnType<typeof get>>) =>
    Object.entries(r.json().paths as Record<string, Record<string, { summary: string }>>).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [method === 'post' ? path : `${method} ${path}`, op.summary]));
  for (const [path, summary] of summaries(en)) expect(summary, path).not.toBe(path);
  expect(Object.fromEntries(summaries(en))['/open/api/v1/member/get']).toBe('One member by guid');
  expect(Object.fromEntries(summaries(zh))['/open/api/v1/member/get']).toBe('按 guid 获取一名成员');
  expect(Object.fromEntries(summaries(hk))['/open/api/v1/member/get']).toBe('按 guid 獲取一名成員');
  // Every call has its own sentence in each language: none falls back to English or repeats another's.
  for (const r of [zh, hk]) for (const [path, summary] of summaries(r)) expect(summary, path).not.toBe(Object.fromEntries(summaries(en))[path]);
  expect(new Set(summaries(zh).map(([, x]) => x)).size).toBe(summaries(zh).length);
  const table = await s.post('/open/api-field/group-api-detail', { code: 'contact:member:readonly', page: 1, page_size: 50 }, { lang: 'zh-CN' });
  expect(table.data.list.map((a: { name: string }) => a.name)).toContain('按 guid 获取一名成员');
  const reference = await s.post('/open/admin/document-manage/api-document', { code: 'contact:member:readonly' }, { lang: 'en-US' });
  expect(reference.data.apis.map((a: { summary: string }) => a.summary)).toContain('One member by guid');
});

it('serves both documents from memory: a strong ETag, 304 when the client holds it, brotli or gzip as accepted', async () => {
  for (const [url, lang] of [['/open/openapi.json', 'en-US'], ['/open/api/openapi.json', 'zh-CN']]) {
    const get = (headers: Record<string, string>) => s.app.inject({ method: 'GET', url, headers: { 'accept-language': lang, ...headers } });
    const plain = await get({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await get({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get({ 'if-none-match': held });
      expect(again.statusCode, held).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  }
  // Each language is a document of its own, with its own tag.
  const tags = await Promise.all(['zh-CN', 'en-US'].map(async (lang) => (await s.app.inject({ method: 'GET', url: '/open/api/openapi.json', headers: { 'accept-language': lang } })).headers.etag));
  expect(tags[0]).not.toBe(tags[1]);
});

it('builds a document once per key however many ask at once', async () => {
  let builds = 0;
  const doc = new PrebuiltJson((key) => ({ key, n: ++builds }));
  const app = Fastify();
  app.get('/d', (req, reply) => doc.send(req, reply, String((req.query as { k?: string }).k ?? '')));
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => app.inject({ method: 'GET', url: `/d?k=${i % 2}` })));
  expect(builds).toBe(2);
  expect(new Set(answers.map((a) => a.body)).size).toBe(2);
  await app.close();
});

/** Every schema in a document holding `const` without `type`, by where it is (generators type such a value as a string). */
const untypedConsts = (node: unknown, at = '#'): string[] => {
  if (!node || typeof node !== 'object') return [];
  const here = !Array.isArray(node) && 'const' in node && !('type' in node) ? [at] : [];
  return [...here, ...Object.entries(node).flatMap(([k, v]) => untypedConsts(v, `${at}/${k}`))];
};

it('types every const, so a generated client reads the envelope code as a number (orval typed `200` as a string)', async () => {
  for (const url of ['/open/openapi.json', '/open/api/openapi.json']) {
    const doc = (await s.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } })).json();
    expect(untypedConsts(doc), url).toEqual([]);
    expect(doc.paths['/open/api/auth/app-access-token'].post.responses['200'].content['application/json'].schema.oneOf[0].properties.code).toEqual({ type: 'integer', const: 200 });
  }
});

it("documents every event type's push in the apps' document as a webhook, its payload the catalogue's, in the reader's language", async () => {
  const { eventTypes } = await import('../../server/seed/event-types.ts');
  const { translate } = await import('../../i18n/index.ts');
  const { eventMessageKey } = await import('../../schemas/event.ts');
  for (const [lang, header] of [['en', 'en-US'], ['zh', 'zh-CN']] as const) {
    const doc = (await s.app.inject({ method: 'GET', url: '/open/api/openapi.json', headers: { 'accept-language': header } })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual(eventTypes().map((e) => e.code).sort());
    for (const e of eventTypes()) {
      const post = doc.webhooks[e.code].post;
      expect(post.summary).toBe(translate(lang, `resources.event-info.seeded.${eventMessageKey(e.code)}.name`));
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['X-Open-Signature', 'webhook-signature']));
      const schema = doc.components.schemas[`event.${e.code}`];
      expect(schema.allOf[1].properties.header.properties.event_type.const).toBe(e.code);
      expect(Object.keys(schema.allOf[1].properties.event.properties)).toEqual(Object.keys((e.payload as { properties: object }).properties));
    }
  }
  // The consoles' document has none: an app receives the pushes.
  expect((await s.app.inject({ method: 'GET', url: '/open/openapi.json' })).json().webhooks).toBeUndefined();
});
