import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from '../../scripts/build-stamp.mjs';
import { buildServer, SERVER_ENTRY, SERVER_OUT } from '../../scripts/build-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The compiled server, built when stale: instances run as `npm start` runs them. */
export const compiledServer = async () => {
  if (staleReason({ root: ROOT, outDir: SERVER_OUT })) await buildServer({ quiet: true });
};

export interface Instance {
  port: number;
  proc: ChildProcess;
  /** What it printed so far. */
  out(): string;
  /** POSTs JSON and answers the HTTP status and the envelope. */
  post(path: string, body: unknown, token?: string): Promise<{ status: number; code: number; data: any; message: string }>;
  /** Resolves once it has printed its start banner; rejects if it exits first. */
  started: Promise<void>;
  /** SIGTERM (or `signal`) and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A server process on the PostgreSQL database `url`, listening on 127.0.0.1 on a free port. */
export const startInstance = async (url: string, env: Record<string, string> = {}): Promise<Instance> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'open-instance-'));
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', OPEN_ADMIN_PASSWORD: 'Adm1nPassw0rd', ALLOW_PRIVATE_WEBHOOKS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const started = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('Operator console:')) return resolve();
      if (proc.exitCode !== null) return reject(new Error(`instance exited before starting:\n${out}`));
      setTimeout(check, 20);
    };
    check();
  });
  return {
    port,
    proc,
    out: () => out,
    started,
    post: async (path, body, token) => {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const json = (await r.json()) as { code: number; data: any; message: string };
      return { status: r.status, ...json };
    },
    stop: async (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
};

export const until = async (what: string, ok: () => boolean | Promise<boolean>, ms: number, everyMs = 50) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};
