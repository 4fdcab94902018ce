import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';
import { openApp } from '../helpers/open-app.ts';
import { documentedAnswers } from '../helpers/documented.ts';
import { resources } from '../../resources/index.ts';
import { handlers } from '../../server/handlers/index.ts';
import { specOf } from '../../server/engine/spec.ts';

/**
 * The OpenAPI documents tell the truth: Redocly's recommended rules find nothing in either, in
 * any language, and what a document says a body requires is exactly what the call refuses.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
});
afterAll(() => s?.close());

const LANGS = ['zh-CN', 'zh-HK', 'en-US'];
const URLS = { console: '/open/openapi.json', apps: '/open/api/openapi.json' };
const fetchDoc = async (url: string, lang = 'en-US') => (await s.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } })).json();

it("passes Redocly's recommended rules with no error and no warning, both documents in every language", { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const files: string[] = [];
    for (const lang of LANGS) {
      for (const [name, url] of Object.entries(URLS)) {
        const file = join(dir, `${name}.${lang}.json`);
        writeFileSync(file, JSON.stringify(await fetchDoc(url, lang)));
        files.push(file);
      }
    }
    // Run where no redocly.yaml is found, with the recommended rules named.
    const lint = spawnSync(join(process.cwd(), 'node_modules/.bin/redocly'), ['lint', '--extends', 'recommended', '--format', 'json', ...files], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    // One JSON report per document, one after the other.
    const reports: { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] }[] = JSON.parse(`[${lint.stdout.trim().replace(/\n\}\{\n/g, '\n},{\n')}]`);
    expect(reports).toHaveLength(files.length);
    const problems = reports.flatMap((r, i) => r.problems.map((p) => `${files[i]}: ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`));
    expect(problems).toEqual([]);
    for (const r of reports) expect(r.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('gives every operation a stable operationId from its path, a server from PUBLIC_URL, a licence, a contact and described tags', async () => {
  const doc = await fetchDoc(URLS.console);
  expect(doc.servers).toEqual([{ url: s.services.publicUrl, description: expect.any(String) }]);
  expect(doc.info.license.url).toBe(`${s.services.publicUrl}/terms/agreement`);
  expect(doc.info.contact.url).toBe(`${s.services.publicUrl}/developer/doc`);
  expect(doc.paths['/open/admin/system/role/add'].post.operationId).toBe('adminSystemRoleAdd');
  expect(doc.paths['/open/admin/user/info'].get.operationId).toBe('getAdminUserInfo');
  // The open API's calls keep their api_code, as the call log names them.
  expect((await fetchDoc(URLS.apps)).paths['/open/api/v1/member/page'].post.operationId).toBe('member.page');
  // The server's own schema keys are not in it (a field may be named `kind`; the key's value would be a word).
  expect(JSON.stringify(doc)).not.toMatch(/"(kind|sqlType)":"/);
  for (const tag of doc.tags) expect(tag.description, tag.name).not.toBe(tag.name);
});

it('documents no default on a filter: a client that fills defaults does not filter', async () => {
  const doc = await fetchDoc(URLS.apps);
  const body = doc.paths['/open/api/v1/member/page'].post.requestBody.content['application/json'].schema;
  expect(body.properties.account_type).toBeDefined();
  expect(JSON.stringify(body)).not.toContain('"default"');
});

/** The fields a document says `{}` lacks: its `required`, or the first of its alternatives' (`anyOf` of required sets). */
const requiredOf = (schema: { required?: string[]; anyOf?: { required?: string[] }[] } | undefined) =>
  [...(schema?.required ?? (schema?.anyOf?.every((a) => a.required) ? schema.anyOf[0].required! : []))].sort();


it('refuses an empty body exactly when the document requires fields, naming exactly those, and answers one as documented, on every call', { timeout: 240_000 }, async () => {
  const doc = await fetchDoc(URLS.console);
  const undocumented = documentedAnswers(doc);
  const tenant = await tenantWithBu(s);
  const { token: appToken } = await openApp(s, admin);
  const tokenFor = (path: string, isPublic: boolean) =>
    isPublic ? undefined : path.startsWith('/open/api/') ? appToken : path.startsWith('/open/admin/') ? admin : tenant.token;
  const wrong: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    const op = ops.post;
    // Signing out would end the token the other calls use; uploads take a form, not JSON.
    if (!op || path === '/open/logout' || op.requestBody?.content['multipart/form-data']) continue;
    const schema = op.requestBody?.content['application/json'].schema;
    const required = requiredOf(schema);
    let r = await s.post(path, {}, { token: tokenFor(path, op.security.length === 0) });
    // Platform calls outside /open/admin (catalog writes, the system-admin side) are an operator's.
    if (/operators|access rights/.test(r.message) && !Array.isArray(r.data)) r = await s.post(path, {}, { token: admin });
    const named = r.code === 201 && Array.isArray(r.data) ? [...new Set(r.data.map((e: { field: string }) => e.field.split('.')[0]))].sort() : [];
    if (JSON.stringify(named) !== JSON.stringify(required)) wrong.push(`${path}: documents ${JSON.stringify(required)}, refuses ${JSON.stringify(named)} (${r.status} ${r.message})`);
    // What a call answers to `{}` is what its document says its `data` holds.
    if (r.code === 200) wrong.push(...undocumented(path, r.data));
  }
  expect(wrong).toEqual([]);
});

it('answers 405 naming POST, with Allow, when a POST call is asked with another method', async () => {
  for (const [method, lang, words] of [['GET', 'en-US', /takes POST, not GET\. Send it with POST/], ['PUT', 'zh-CN', /请改用 POST/], ['DELETE', 'zh-HK', /請改用 POST/]] as const) {
    const r = await s.app.inject({ method, url: '/open/api/v1/member/page', headers: { 'accept-language': lang } });
    expect(r.statusCode, method).toBe(405);
    expect(r.headers.allow).toBe('POST');
    expect(r.json()).toMatchObject({ code: 405, data: null });
    expect(r.json().message).toMatch(words);
  }
  expect((await s.app.inject({ method: 'POST', url: '/open/admin/user/info' })).headers.allow).toBe('GET');
  expect((await s.app.inject({ method: 'GET', url: '/open/api/v1/nothing-here' })).statusCode).toBe(404);
});

it('finds a call by its exact path, as a route of its own did: a query string aside and escapes decoded; a trailing or doubled slash, an escaped slash or capitals are not it; HEAD asks a GET call', async () => {
  const status = async (method: 'POST' | 'HEAD', url: string) => (await s.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).statusCode;
  expect(await status('POST', '/open/admin/system/role/page?page=1')).toBe(401);
  expect(await status('POST', '/open/admin/system/role/p%61ge')).toBe(401);
  expect(await status('POST', '/open/admin%2Fsystem/role/page')).toBe(404);
  // A malformed escape is refused before any route (the table's decodeURI never sees one).
  for (const url of ['/open/admin/%E0%A4%A', '/open/%ED%A0%80']) expect(await status('POST', url), url).toBe(400);
  for (const url of ['/open/admin/system/role/page/', '/open//admin/system/role/page', '/open/admin/system/Role/page']) expect(await status('POST', url), url).toBe(404);
  expect(await status('HEAD', '/open/admin/user/info')).toBe(401);
  expect(await status('HEAD', '/open/admin/system/role/page')).toBe(405);
});

type Schema = Record<string, any>;
/** True when a schema says nothing of the value: no schema, `{}`, a bare object, or a list of such. */
const saysNothing = (s: Schema | undefined): boolean => {
  if (!s) return true;
  if (s.$ref || s.const !== undefined || s.enum) return false;
  for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(s[k])) return s[k].some(saysNothing);
  if (Array.isArray(s.allOf)) return s.allOf.every(saysNothing);
  const types = [s.type ?? []].flat();
  if (!types.length) return true;
  if (types.includes('array')) return saysNothing(s.items);
  if (types.includes('object')) return !s.properties && (s.additionalProperties === undefined || s.additionalProperties === true || saysNothing(s.additionalProperties));
  return false;
};

/** Downloads of any file a person uploaded: any media type, truly (the file's own). */
const FREE_DOWNLOADS = new Set(['/open/file/preview', '/open/admin/file/preview']);

/** What an operation leaves untyped: its answer's `data` (or a download's media type), or a body its handler reads. */
const untypedOf = (path: string, method: string, op: Schema, reads: boolean): string[] => {
  const ok = op.responses['200'].content as Record<string, { schema: Schema }>;
  const json = ok['application/json']?.schema;
  const download = Object.entries(ok).filter(([type]) => type !== 'application/json');
  const out: string[] = [];
  if (download.length) {
    for (const [type, { schema }] of download) {
      if ((type === 'application/octet-stream' && !FREE_DOWNLOADS.has(path)) || schema.format !== 'binary') out.push(`${method} ${path}: a download as ${type} ${JSON.stringify(schema)}`);
    }
  } else {
    // The success branch of the answer (Lark's calls answer in Lark's shape): its `data`, or the whole answer where it has none (Lark's token calls).
    const success = (json?.oneOf ?? json?.anyOf)?.[0] ?? json;
    if (saysNothing(success?.properties && 'data' in success.properties ? success.properties.data : success)) out.push(`${method} ${path}: answer's data untyped`);
  }
  const form = op.requestBody?.content['multipart/form-data']?.schema;
  if (form && form.properties?.file?.format !== 'binary') out.push(`${method} ${path}: an upload without a binary file field`);
  if (reads && !op.requestBody) out.push(`${method} ${path}: reads a body it does not declare`);
  return out;
};

it('types every answer and every body a handler reads, in both documents', async () => {
  // The check itself: what says nothing, and what says something.
  expect([{}, { type: 'object' }, { type: 'array', items: {} }, { anyOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }] }].map(saysNothing)).toEqual([true, true, true, true]);
  expect([{ $ref: '#/x' }, { type: 'object', properties: { a: {} } }, { type: 'array', items: { type: 'string' } }, { type: 'null' }].map(saysNothing)).toEqual([false, false, false, false]);
  // A named handler reads a body when its code reads `input` (a handler standing in for a verb takes the verb's).
  const reads = new Set(
    resources.flatMap((def) =>
      def.api.mounts.flatMap((m) =>
        Object.entries(m.calls).flatMap(([seg, c]) => {
          const spec = specOf(c);
          const h = spec.handler ? (handlers as Record<string, Schema>)[spec.handler] : undefined;
          return h && !spec.verb && !h.input && /\binput\b/.test(String(h)) ? [`${m.base}/${seg}`] : [];
        }),
      ),
    ),
  );
  const untyped: string[] = [];
  for (const url of Object.values(URLS)) {
    const doc = await fetchDoc(url);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      for (const [method, op] of Object.entries(ops)) untyped.push(...untypedOf(path, method, op, reads.has(path)));
    }
  }
  expect(untyped).toEqual([]);
});
