import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { staleReason } from '../../scripts/build-stamp.mjs';
import { buildServer, SERVER_ENTRY, SERVER_OUT } from '../../scripts/build-server.mjs';
import { hasDataDir, openPglite } from '../../server/db/pglite.ts';
import { RENDERER_SCRIPT } from '../../server/http/page-render.ts';
import { freePort } from '../../scripts/free-port.mjs';

/**
 * The OpenID provider's library (oidc-provider 9) warns once when it loads (with the first OAuth
 * request) on a Node.js older than 22 LTS (docs/oauth.md, "Runtime"); everything else on stderr is
 * a fault of the stop.
 */
const apartFromRuntimeWarning = (stderr: string) => stderr.replace(/^oidc-provider WARNING: Unsupported runtime\. Use Node\.js v22\.x LTS, or a later LTS release\.\n/m, '');

/**
 * The compiled server (dist-server/main.js, as `npm start` runs it) on an embedded database in a
 * folder of its own, stopped by SIGTERM while a request is in flight: it stops accepting
 * connections, answers that request from the database, closes the database, removes DATA_DIR's
 * lock and exits 0, with no "PGlite is closed" error, even when the signal comes twice (npm
 * forwards the one it receives). Embedded-database behaviour: not run against DATABASE_URL.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Adm1nPassw0rd';
let dataDir: string;
let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';


const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; stdout: ${stdout.slice(-2000)} stderr: ${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

const refused = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED'));
  });

describe.skipIf(!!process.env.DATABASE_URL)('SIGTERM', () => {
  beforeAll(async () => {
    // The compiled server, built as `npm start` builds it when stale.
    if (staleReason({ root: ROOT, outDir: SERVER_OUT })) await buildServer({ quiet: true });
    // An existing data folder, made from the suite's prepared snapshot (an initdb costs seconds).
    dataDir = mkdtempSync(join(tmpdir(), 'open-shutdown-'));
    const seeded = await openPglite(dataDir, new Blob([readFileSync(inject('pgliteSnapshot'))]));
    await seeded.close();
  });
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the compiled server is current after a build', () => {
    expect(staleReason({ root: ROOT, outDir: SERVER_OUT })).toBeNull();
    expect(existsSync(SERVER_ENTRY)).toBe(true);
    expect(hasDataDir(dataDir)).toBe(true);
  });

  it('is compiled in ASCII, so V8 keeps the server’s source at one byte a character (scripts/build-server.mjs)', () => {
    const compiled = readdirSync(SERVER_OUT, { recursive: true, encoding: 'utf8' }).filter((f) => /\.c?js$/.test(f));
    expect(compiled.sort()).toEqual(['main.js', 'server.cjs']);
    expect(compiled.filter((f) => /[^\x00-\x7f]/.test(readFileSync(join(SERVER_OUT, f), 'utf8')))).toEqual([]);
  });

  it('lets the request in flight finish, closes the database, releases the lock and exits 0', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', OPEN_ADMIN_USERNAME: 'admin', OPEN_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout!.on('data', (d) => (stdout += d));
    proc.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => proc.once('exit', (code, signal) => done({ code, signal })));
    await until('the start banner', () => stdout.includes('Operator console:'));
    const lock = join(dataDir, 'open-platform.lock');
    expect(readFileSync(lock, 'utf8')).toBe(String(proc.pid));
    expect(stdout).toContain(`Operator console: http://127.0.0.1:${port}/adminLogin`);
    expect(stdout).toContain(`Mail: written as .eml files to ${join(dataDir, 'mail')}`);

    // A sign-in whose body has not all arrived: in flight when the signal comes.
    const body = JSON.stringify({ username: 'admin', password: PASSWORD });
    let answered = false;
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/open/admin/sys-auth/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      req.once('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.once('end', () => {
          answered = true;
          done({ status: res.statusCode ?? 0, body: text });
        });
      });
      req.once('error', fail);
    });
    await new Promise<void>((done, fail) => req.write(body.slice(0, 12), (e) => (e ? fail(e) : done())));
    await new Promise((r) => setTimeout(r, 150));

    proc.kill('SIGTERM');
    proc.kill('SIGTERM');
    // It stops accepting connections while the request is still open…
    await until('the listener to close', () => refused(port), 10_000);
    expect(answered).toBe(false);
    expect(proc.exitCode).toBeNull();
    // …and answers it, from the database, once its body arrives.
    req.end(body.slice(12));
    const r = await answer;
    const answeredAt = Date.now();
    expect(r.status).toBe(200);
    const envelope = JSON.parse(r.body);
    expect(envelope.code).toBe(200);
    expect(typeof envelope.data.token).toBe('string');

    expect(await exited).toEqual({ code: 0, signal: null });
    // The client keeps its connection alive; the server closes it once answered rather than wait for its keep-alive timeout.
    expect(Date.now() - answeredAt).toBeLessThan(3000);
    expect(existsSync(lock)).toBe(false);
    expect(stderr).not.toMatch(/PGlite is closed/i);
    expect(apartFromRuntimeWarning(stderr)).toBe('');
    expect(stdout).toContain('Stopped (SIGTERM).');
  });

  it('writes its code caches at a clean stop, its own and its page renderer\'s; the next start runs from them, and a damaged one is refused and written anew (server/code-cache.ts)', async () => {
    // A copy of the compiled server of this test's own, so that no other suite's server writes its
    // cache meanwhile; under node_modules/, packages resolve from the project's node_modules.
    const copy = mkdtempSync(join(ROOT, 'node_modules', '.code-cache-test-'));
    try {
      cpSync(SERVER_OUT, copy, { recursive: true, filter: (f) => !f.endsWith('.code-cache') });
      const caches = () => readdirSync(copy).filter((f) => f.endsWith('.code-cache'));
      // A web app and a page renderer of its own (the real one is built by `vite build`, after this suite).
      const staticDir = join(copy, 'dist');
      const ssrDir = join(copy, 'dist-ssr');
      mkdirSync(staticDir);
      mkdirSync(ssrDir);
      writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html lang="zh-CN"><head><title>Open Platform</title></head><body><div id="root"></div></body></html>');
      writeFileSync(join(ssrDir, RENDERER_SCRIPT), "module.exports = { render: async (req) => ({ lang: 'en', head: '<title>Rendered</title>', styles: '', body: '<p id=\"rendered\">' + req.url + '</p>', state: '' }) };\n");
      const rendererCaches = () => readdirSync(ssrDir).filter((f) => f.endsWith('.code-cache'));
      const startAndStop = async () => {
        stdout = '';
        stderr = '';
        const port = await freePort();
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: staticDir };
        delete env.DATABASE_URL;
        const proc = spawn(process.execPath, [join(copy, 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        child = proc;
        proc.stdout!.on('data', (d) => (stdout += d));
        proc.stderr!.on('data', (d) => (stderr += d));
        const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
        await until('the start banner', () => stdout.includes('Operator console:'));
        // A call that reaches the database through the server's own code.
        const res = await fetch(`http://127.0.0.1:${port}/open/admin/sys-auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
        expect((await res.json()).code).toBe(200);
        expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('<div id="root"><p id="rendered">/</p></div>');
        proc.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(apartFromRuntimeWarning(stderr)).toBe('');
        expect(stdout).not.toContain('code cache was not written');
      };
      await startAndStop();
      expect(caches()).toHaveLength(1);
      expect(rendererCaches()).toHaveLength(1);
      const cache = join(copy, caches()[0]);
      const rendererCache = join(ssrDir, rendererCaches()[0]);
      const written = statSync(cache);
      const rendererWritten = statSync(rendererCache);
      expect(written.size).toBeGreaterThan(1_000_000);
      await startAndStop();
      // Used, so not written again: the renderer's under the start's flags, as it was compiled (server/start-tiering.ts).
      expect(statSync(cache).mtimeMs).toBe(written.mtimeMs);
      expect(statSync(rendererCache).mtimeMs).toBe(rendererWritten.mtimeMs);
      writeFileSync(cache, Buffer.alloc(4096, 7));
      await startAndStop();
      expect(statSync(cache).size).toBeGreaterThan(1_000_000);
      expect(caches()).toHaveLength(1);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('stops as cleanly when the signal comes during the start, once the database is locked', async () => {
    stdout = '';
    stderr = '';
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout!.on('data', (d) => (stdout += d));
    proc.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => proc.once('exit', (code, signal) => done({ code, signal })));
    const lock = join(dataDir, 'open-platform.lock');
    await until('the lock', () => existsSync(lock) && readFileSync(lock, 'utf8') === String(proc.pid), 10_000);
    proc.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lock)).toBe(false);
    expect(apartFromRuntimeWarning(stderr)).toBe('');
    expect(stdout).not.toContain('Operator console:');
    expect(stdout).toContain('Stopped (SIGTERM).');
    expect(await refused(port)).toBe(true);
  });
});
