import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from '../helpers/server.ts';
import { openApp } from '../helpers/open-app.ts';

/**
 * Clients generated from the documents compile under `tsc --strict` with no cast and work: an app's
 * (openapi-typescript + openapi-fetch, as docs/apps.md shows), an operator's script on the console
 * document, and the shipped SDK (sdk/), whose types must be those of the current document. The same
 * from both documents with @hey-api/openapi-ts and with orval (its fetch client), each reading a
 * member's name as the string the documents promise.
 */
let s: TestServer;
let baseUrl: string;
let dir: string;
const root = process.cwd();
const FIXTURES = join(root, 'tests/fixtures/typed-clients');
const bin = (path: string) => join(root, 'node_modules', path);

/** A child process's end: its status and what it printed. */
const exec = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
const tsc = (project: string) => exec(bin('.bin/tsc'), ['-p', project]);

// The documents, and the clients generated from them, are the same whichever database answers, and
// the calls the clients make are the suite's own: the PostgreSQL pass (DATABASE_URL) would repeat
// the generators and the compiler (some 35 s on two cores) for nothing.
describe.skipIf(!!process.env.DATABASE_URL)('clients generated from the documents', () => {
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
    }
    // The generators at once, each from both documents (their configurations are fixtures): openapi-typescript as the SDK
    // runs it; @hey-api/openapi-ts with TypeScript 5's compiler API (tests/helpers/typescript-api.mjs); orval.
    const made = await Promise.all([
      ...['open-api', 'console-api'].map((name) => exec(process.execPath, [join(root, 'sdk/scripts/generate.mjs'), `${name}.json`, `${name}.d.ts`])),
      exec(process.execPath, [bin('@hey-api/openapi-ts/bin/run.js'), '-f', 'openapi-ts.config.mjs'], { NODE_OPTIONS: `--import ${pathToFileURL(join(root, 'tests/helpers/typescript-api.mjs')).href}` }),
      exec(process.execPath, [bin('orval/dist/bin/orval.js'), '--config', 'orval.config.cjs']),
    ]);
    for (const m of made) expect(m.status, m.output).toBe(0);
  }, 120_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await s?.close();
  });

  it("compiles every generated client with the apps' and operators' code on it with tsc --strict, and the shipped SDK", { timeout: 120_000 }, async () => {
    const [clients, sdk] = await Promise.all([tsc(dir), tsc(join(root, 'sdk'))]);
    expect(clients.output).toBe('');
    expect(clients.status).toBe(0);
    expect(sdk.output).toBe('');
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

  it.each([
    ['@hey-api/openapi-ts', 'hey-api', 'Grace Hopper'],
    ['orval', 'orval', 'Katherine Johnson'],
  ])('gets a token, creates a member and pages members through the %s client, and pages them as an operator', async (_generator, prefix, name) => {
    const { app } = await openApp(s, await s.login());
    const apps = await import(join(dir, `${prefix}-app.ts`));
    const answer = await apps.run(baseUrl, app.app_id, app.app_secret);
    expect(answer.created).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.count).toBeGreaterThanOrEqual(1);
    expect(answer.names).toContain(name);
    const operators = await import(join(dir, `${prefix}-console.ts`));
    expect((await operators.run(baseUrl, ADMIN.username, ADMIN.password)).names).toContain(name);
  });
});
