import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../../scripts/build-server.mjs';
import { unwritableFolder } from '../../server/writable-folders.ts';
import { compiledServer } from '../helpers/instances.ts';

/**
 * A DATA_DIR or FILES_DIR the server cannot write is one sentence on stderr naming the folder and
 * the reason, and exit status 78 (EX_CONFIG), before the database is opened: no stack. The tests
 * run as root, for whom permissions do not stop a write: a folder under a regular file (ENOTDIR)
 * and folders under /sys and /proc, which nobody may create, stand for a read-only disk.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let base: string;
let file: string;
beforeAll(async () => {
  await compiledServer();
  base = mkdtempSync(join(tmpdir(), 'open-unwritable-'));
  file = join(base, 'a-file');
  writeFileSync(file, '');
}, 120_000);
afterAll(() => base && rmSync(base, { recursive: true, force: true }));

const start = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const all: NodeJS.ProcessEnv = { ...process.env, PORT: '1', HOST: '127.0.0.1', ...env };
    delete all.DATABASE_URL;
    const proc = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env: all, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout!.on('data', (d) => (stdout += d));
    proc.stderr!.on('data', (d) => (stderr += d));
    proc.once('exit', (code) => done({ code, stdout, stderr }));
  });

it('stops a start whose DATA_DIR cannot be made with one sentence and status 78', { timeout: 60_000 }, async () => {
  for (const [dir, code] of [[join(file, 'data'), /ENOTDIR/], ['/sys/open-platform-test/data', /EPERM|EACCES|EROFS/], ['/proc/open-platform-test/data', /ENOENT|EACCES/]] as const) {
    const r = await start({ DATA_DIR: dir });
    expect(r.code, r.stderr).toBe(78);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^DATA_DIR ${dir} is not writable \\((${code.source})\\): the embedded database needs a folder it can write; set DATA_DIR to one, or DATABASE_URL to use PostgreSQL\\.$`));
  }
});

it('stops a start whose FILES_DIR cannot be made with one sentence and status 78', { timeout: 60_000 }, async () => {
  const dataDir = join(base, 'data');
  const r = await start({ DATA_DIR: dataDir, FILES_DIR: join(file, 'files') });
  expect(r.code, r.stderr).toBe(78);
  expect(r.stderr).toBe(`FILES_DIR ${join(file, 'files')} is not writable (ENOTDIR): uploaded files are kept there; set FILES_DIR to a folder the server can write.\n`);
});

it('looks at DATA_DIR on PostgreSQL only when something is kept there', () => {
  const bad = join(file, 'data');
  const files = join(base, 'files');
  expect(unwritableFolder({ dataDir: bad, filesDir: files, databaseUrl: 'postgres://x', secretsKey: 'k', smtpUrl: 'smtp://x' })).toBeUndefined();
  expect(unwritableFolder({ dataDir: bad, filesDir: files, databaseUrl: 'postgres://x', smtpUrl: 'smtp://x' })).toBe(
    `DATA_DIR ${bad} is not writable (ENOTDIR): the server keeps its secrets key there; set DATA_DIR to a folder it can write.`,
  );
  expect(unwritableFolder({ dataDir: join(base, 'ok'), filesDir: files })).toBeUndefined();
});
