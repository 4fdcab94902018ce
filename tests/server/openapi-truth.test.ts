import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { tenantWithBu } from '../helpers/tenant-flows.ts';
import { openApp } from '../helpers/open-app.ts';

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

/**
 * Calls whose handlers are being changed elsewhere and do not declare their body yet (the order
 * exports; SSO's configuration test): the document shows no required field for them.
 */
const UNDECLARED = new Set([
  '/open/admin/order-management/export-orders',
  '/open/admin/order-management/export',
  '/open/admin/order-management/product/export-orders',
  '/open/admin/order-management/service/export-orders',
  '/open/admin/system/bu-management/sso/auth-config-test',
]);

it('refuses an empty body exactly when the document requires fields, naming exactly those, on every call', { timeout: 240_000 }, async () => {
  const doc = await fetchDoc(URLS.console);
  const tenant = await tenantWithBu(s);
  const { token: appToken } = await openApp(s, admin);
  const tokenFor = (path: string, isPublic: boolean) =>
    isPublic ? undefined : path.startsWith('/open/api/') ? appToken : path.startsWith('/open/admin/') ? admin : tenant.token;
  const wrong: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    const op = ops.post;
    // Signing out would end the token the other calls use; uploads take a form, not JSON.
    if (!op || path === '/open/logout' || op.requestBody?.content['multipart/form-data'] || UNDECLARED.has(path)) continue;
    const schema = op.requestBody?.content['application/json'].schema;
    const required = requiredOf(schema);
    let r = await s.post(path, {}, { token: tokenFor(path, op.security.length === 0) });
    // Platform calls outside /open/admin (catalog writes, the system-admin side) are an operator's.
    if (/operators|access rights/.test(r.message) && !Array.isArray(r.data)) r = await s.post(path, {}, { token: admin });
    const named = r.code === 201 && Array.isArray(r.data) ? [...new Set(r.data.map((e: { field: string }) => e.field.split('.')[0]))].sort() : [];
    if (JSON.stringify(named) !== JSON.stringify(required)) wrong.push(`${path}: documents ${JSON.stringify(required)}, refuses ${JSON.stringify(named)} (${r.status} ${r.message})`);
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
