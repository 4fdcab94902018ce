import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverFlags } from './start-command.ts';

/** Seconds per load run (`BENCH_SECONDS`), and the connections each run keeps open. */
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 10;

/**
 * A bench server in a child process (so the load generator does not share its event loop), with
 * `npm start`'s node flags; it posts its info once listening.
 */
export const start = (file: string) =>
  new Promise<{ child: ChildProcess; info: Record<string, any> }>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], { execArgv: [...serverFlags(), '--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (info) => resolve({ child, info: info as Record<string, any> }));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });

/** POSTs to `url` for DURATION seconds on CONNECTIONS connections. */
export const load = (url: string, opts: Partial<autocannon.Options> = {}) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, method: 'POST', ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );

/** One load run as a table row: rate, latencies, failures, and its ratio to a baseline's rate (`label` names the baseline). */
export const row = (name: string, r: autocannon.Result, base?: number, label = 'ratio to (a)') => ({
  name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors,
  'non-2xx': r.non2xx,
  [label]: base ? (r.requests.average / base).toFixed(2) : '1.00',
});
