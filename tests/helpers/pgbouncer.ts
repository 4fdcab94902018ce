import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';

/** Debian's PgBouncer (`apt-get install -y pgbouncer`), when installed. */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

export interface Bouncer {
  /** `url` (a PostgreSQL URL) with PgBouncer's host and port in place of PostgreSQL's. */
  through(url: string): string;
  /** What PgBouncer logged so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode on a free 127.0.0.1 port in front of the PostgreSQL at `url` (every
 * database on it, as its own user, trusted as the test cluster trusts), with fewer server
 * connections (`poolSize`) than its clients hold, so transactions of different instances share them.
 * Like PostgreSQL it refuses to run as root: it then runs as the `postgres` user.
 */
export const startPgBouncer = async (url: string, poolSize = 10): Promise<Bouncer> => {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer)');
  const pg = new URL(url);
  const dir = mkdtempSync(join(tmpdir(), 'open-platform-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(pg.username)}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${pg.hostname} port=${pg.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) } : {};
  if (asRoot) for (const f of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, f), user.uid!, user.gid!);
  chmodSync(dir, 0o700);
  const proc = spawn(PGBOUNCER, [join(dir, 'pgbouncer.ini')], { cwd: dir, ...user, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout!.on('data', (d) => (log += d));
  proc.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  // Listening once a connection is accepted.
  const end = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) break;
    if (proc.exitCode !== null || Date.now() > end) {
      await stop();
      throw new Error(`pgbouncer did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    through: (at) => {
      const u = new URL(at);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    log: () => log,
    stop,
  };
};
