import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from '../helpers/server.ts';
import { openApp } from '../helpers/open-app.ts';

/**
 * Clients generated from the documents compile under `tsc --strict` with no cast and work: an app's
 * (openapi-typescript + openapi-fetch, as docs/apps.md shows), an operator's script on the console
 * document, and the shipped SDK (sdk/), whose types must be those of the current document.
 */
let s: TestServer;
let baseUrl: string;
let dir: string;
const root = process.cwd();
const FIXTURES = join(root, 'tests/fixtures/typed-clients');
const tsc = (project: string) => spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', project], { encoding: 'utf8' });
const generate = (doc: string, out: string) => spawnSync(process.execPath, [join(root, 'sdk/scripts/generate.mjs'), doc, out], { encoding: 'utf8' });

beforeAll(async () => {
  s = await startServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  // Inside the project, so that `openapi-fetch` resolves from its node_modules.
  mkdirSync(join(root, '.tmp'), { recursive: true });
  dir = mkdtempSync(join(root, '.tmp/typed-clients-'));
  for (const f of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, f), join(dir, f));
  for (const [url, name] of [['/open/api/openapi.json', 'open-api'], ['/open/openapi.json', 'console-api']]) {
    writeFileSync(join(dir, `${name}.json`), (await s.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } })).body);
    const made = generate(join(dir, `${name}.json`), join(dir, `${name}.d.ts`));
    expect(made.status, made.stderr).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s?.close();
});

it("compiles an app's client and an operator's script with tsc --strict, and the shipped SDK", { timeout: 120_000 }, () => {
  const clients = tsc(dir);
  expect(clients.stdout + clients.stderr).toBe('');
  expect(clients.status).toBe(0);
  const sdk = tsc(join(root, 'sdk'));
  expect(sdk.stdout + sdk.stderr).toBe('');
});

it("ships the SDK's types of the current document (npm run sdk writes them)", () => {
  expect(readFileSync(join(root, 'sdk/src/open-api.d.ts'), 'utf8')).toBe(readFileSync(join(dir, 'open-api.d.ts'), 'utf8'));
});

it('gets a token, creates a member and pages members through the generated client', async () => {
  const { app } = await openApp(s, await s.login());
  const { run } = await import(join(dir, 'app-client.ts'));
  const answer = await run(baseUrl, app.app_id, app.app_secret);
  expect(answer.created).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.count).toBeGreaterThanOrEqual(1);
  expect(answer.names).toContain('Ada Lovelace');
});

it("runs an operator's script on the console document", async () => {
  const { run } = await import(join(dir, 'operator-script.ts'));
  const answer = await run(baseUrl, ADMIN.username, ADMIN.password);
  expect(answer.user).toBe(ADMIN.username);
  expect(answer.guids).toContain(answer.role);
});

it('calls the open API through the SDK, which fetches its own token', async () => {
  const { app } = await openApp(s, await s.login());
  const { run } = await import(join(FIXTURES, 'sdk-client.ts'));
  const answer = await run(baseUrl, app.app_id, app.app_secret);
  expect(answer.app_id).toBe(app.app_id);
  expect(answer.departments).toBeGreaterThanOrEqual(0);
});
