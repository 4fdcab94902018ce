import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { SERVER_ENTRY } from '../../scripts/build-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { FreeSpace } from '../../server/db/free-space.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { spoolDirOf } from '../../server/services/log-spool.ts';
import { compiledServer, until } from '../helpers/instances.ts';

/**
 * The embedded database's free-space guard (docs/operations.md, "A full disk"): below
 * DATA_DIR_MIN_FREE_MB of free disk a write answers 507 with a sentence in the caller's language
 * while reads go on; the log rows made meanwhile wait in memory, a stop spools them to DATA_DIR,
 * and the next start with room writes them. No disk is filled: the compiled server is given a
 * threshold above the free space its folder really has.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Adm1nPassw0rd';
const MIB = 1024 * 1024;

it('says once when the disk turns low and once when it has room again; a failed look changes nothing', async () => {
  let free: number | Error = 100 * MIB;
  const lines: [string, boolean][] = [];
  const guard = new FreeSpace('/data', 64, (line, low) => lines.push([line, low]), async () => {
    if (free instanceof Error) throw free;
    return { bavail: BigInt(free / 4096), bsize: 4096n };
  });
  expect(await guard.check()).toBe(false);
  free = 10 * MIB;
  expect(await guard.check()).toBe(true);
  expect(await guard.check()).toBe(true);
  free = Object.assign(new Error('EIO'), { code: 'EIO' });
  expect(await guard.check()).toBe(true);
  free = 65 * MIB;
  expect(await guard.check()).toBe(false);
  expect(lines).toEqual([
    ['The disk is nearly full (10 MiB free under /data, below DATA_DIR_MIN_FREE_MB=64): writes are refused (HTTP 507) and log rows wait in memory until space is freed; reads go on.', true],
    ['The disk has room again (65 MiB free under /data): writes are taken again.', false],
  ]);
});

describe.skipIf(!!process.env.DATABASE_URL)('a server whose disk is nearly full', () => {
  let dataDir: string;
  beforeAll(async () => {
    await compiledServer();
    // An existing data folder, made from the suite's prepared snapshot (an initdb costs seconds).
    dataDir = mkdtempSync(join(tmpdir(), 'open-free-space-'));
    await (await openPglite(dataDir, new Blob([readFileSync(inject('pgliteSnapshot'))]))).close();
  }, 60_000);
  afterAll(() => dataDir && rmSync(dataDir, { recursive: true, force: true }));

  const server = async (minFreeMb: number) => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATA_DIR_MIN_FREE_MB: String(minFreeMb), PORT: String(port), HOST: '127.0.0.1', OPEN_ADMIN_USERNAME: 'admin', OPEN_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout!.on('data', (d) => (stdout += d));
    proc.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
    await until('the start banner', () => stdout.includes('Operator console:') || proc.exitCode !== null, 60_000);
    expect(stdout, stderr).toContain('Operator console:');
    const post = async (path: string, body: unknown, token?: string, lang = 'en-US') => {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      return { status: r.status, ...((await r.json()) as { code: number; data: any; message: string }) };
    };
    const login = async () => (await post('/open/admin/sys-auth/login', { username: 'admin', password: PASSWORD })).data.token as string;
    const stop = async () => {
      proc.kill('SIGTERM');
      return exited;
    };
    return { post, login, stop, out: () => ({ stdout, stderr }) };
  };

  it('refuses a write with a sentence in the caller’s language, answers reads, and spools the log rows at the stop', { timeout: 90_000 }, async () => {
    const { bavail, bsize } = await statfs(dataDir);
    const freeMb = Math.floor((Number(bavail) * Number(bsize)) / MIB);
    const s = await server(freeMb * 2 + 1024);
    try {
      // Other work writes to the same disk meanwhile: the free space it names is the one measured, give or take.
      const named = Number(/The disk is nearly full \((\d+) MiB free under /.exec(s.out().stderr)?.[1]);
      expect(Math.abs(named - freeMb)).toBeLessThan(64);
      // Signing in is not a change: it works, and its log row waits in memory.
      const token = await s.login();
      for (const [lang, header] of [['en', 'en-US'], ['zh', 'zh-CN']] as const) {
        const r = await s.post('/open/admin/system/role/add', { name: `Refused ${lang}` }, token, header);
        expect(r).toEqual({ status: 507, code: 201, data: null, message: translate(lang, 'server.disk_low') });
      }
      const read = await s.post('/open/admin/system/role/page', {}, token);
      expect([read.status, read.code]).toEqual([200, 200]);
      expect(read.data.list.map((r: { name: string }) => r.name)).not.toContain('Refused en');
    } finally {
      expect(await s.stop()).toBe(0);
    }
    const { stdout, stderr } = s.out();
    // One line when it turned low, none per request.
    expect(stderr.match(/The disk is nearly full/g)).toHaveLength(1);
    expect(stderr).toContain(`Log rows not yet written were spooled to ${spoolDirOf(dataDir)}`);
    expect(stdout).toContain('Stopped (SIGTERM).');
    const spooled = readFileSync(join(spoolDirOf(dataDir), 'login_log.ndjson'), 'utf8').trim().split('\n');
    expect(spooled).toHaveLength(1);
    expect(spooled[0]).toContain('"admin"');
  });

  it('writes the spooled rows at the next start with room, once, and takes writes again', { timeout: 90_000 }, async () => {
    const s = await server(1);
    try {
      expect(s.out().stdout).toContain('Log rows spooled at the last stop were written (login_log 1');
      expect(existsSync(join(spoolDirOf(dataDir), 'login_log.ndjson'))).toBe(false);
      const token = await s.login();
      const r = await s.post('/open/admin/system/role/add', { name: 'Taken' }, token);
      expect([r.status, r.code]).toEqual([200, 200]);
    } finally {
      expect(await s.stop()).toBe(0);
    }
    expect(s.out().stderr).not.toContain('The disk is nearly full');
    // Both sign-ins are in the log, the first one from the spool, each once.
    const db = await openPglite(dataDir);
    try {
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from login_log where username = 'admin' and result = 'success'");
      expect(rows[0].n).toBe(2);
    } finally {
      await db.close();
    }
  });
});
